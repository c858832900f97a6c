export function pagedReference(text: string): string | undefined;

export function nearestRank(values: number[], p: number): number;

export function smsDuplicates(input: {
  /** Every request the fake gateway accepted: our SMS id (userref) and Date.now() at receipt. */
  received: { userref: string; at: number }[];
  killTimes: number[];
  /** How many extra copies one kill may explain (default 1). */
  perKill?: number;
}): {
  duplicates: number;
  unexplained: number;
  byKill: Map<number, number>;
  maxPerKill: number;
  overPerKill: number;
};

export function isLastStepSms(text: string): boolean;

export interface NoticeRow {
  reference: string;
  step: number;
  userId: string;
  /** 'waiting', 'single', 'digest' or 'dropped'. */
  status: string;
  /** The SMS that carried it. */
  smsId: string | null;
}

export function pageLatencies(input: {
  emergencies: { reference: string; ackAt: number }[];
  notices: Pick<NoticeRow, 'reference' | 'status' | 'smsId'>[];
  /** SMS id → first receipt at the gateway. */
  receivedAt: Map<string, number>;
  /** Taken by the run from a queue page. */
  takenFromQueue?: Set<string>;
  /** References whose page is acknowledged. */
  acknowledgedPages?: Set<string>;
}): { latencies: number[]; unpaged: string[]; takenBeforeSms: string[] };

export function escalationProblems(input: {
  pages: { reference: string; status: string; step: number; chainLength: number }[];
  notices: NoticeRow[];
  sms: { id: string; reference: string | null; purpose: string; step: number; status: string }[];
  /** SMS id → first receipt at the gateway. */
  receivedAt: Map<string, number>;
  escalateMs: number;
}): { problems: string[]; lateness: number[]; acknowledged: number; exhausted: number };
