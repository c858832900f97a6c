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

export function pageLatencies(input: {
  emergencies: { reference: string; ackAt: number }[];
  received: { text: string; at: number }[];
}): { latencies: number[]; unpaged: string[] };

export function escalationProblems(input: {
  pages: { reference: string; status: string; step: number; chainLength: number }[];
  sms: { id: string; reference: string; purpose: string; step: number; status: string }[];
  /** SMS id → first receipt at the gateway. */
  receivedAt: Map<string, number>;
  escalateMs: number;
}): { problems: string[]; lateness: number[]; acknowledged: number; exhausted: number };
