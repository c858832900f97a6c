export interface ReceivedCopy {
  /** Date.now() when the SMTP sink had the whole message. */
  receivedAt: number;
}

export function heldFromLog(logFile: string, killTimes: number[]): Map<string, number[]>;

/** The most extra copies of e-mails one kill explains: the mail worker's lanes. */
export const mailInFlightPerKill: number;

export function accountCopies(input: {
  /** Message-ID `<job id@host>` → every copy received. */
  copies: Map<string, ReceivedCopy[]>;
  /** Job id → the kills (indexes into killTimes) at which a killed process had it claimed. */
  held: Map<string, number[]>;
  killTimes: number[];
  /** When a started server first answered /healthz. */
  readyTimes: number[];
  /** The most messages a kill can catch accepted and not yet recorded (the worker's lanes). */
  inFlightPerKill: number;
}): { unexplained: number; byKill: number[] };

export function claimedDelays(input: {
  held: Map<string, number[]>;
  killTimes: number[];
  readyTimes: number[];
  firstReceipt: (jobId: string) => number | undefined;
  kindOf: Map<string, string>;
}): {
  count: number;
  notifications: number;
  kills: number;
  beforeKill: number;
  undelivered: number;
  fromReady: number[];
  fromKill: number[];
};
