export function nearestRank(values: number[], p: number): number;

export function maxInWindow(times: number[], windowMs: number): number;

export function smsPerPerson(
  received: { to: string; at: number }[],
  people: { name: string; phone: string }[],
): { name: string; total: number; maxPerHour: number; maxPerMinute: number }[];

export function waitsToPhone(
  sent: { reference?: string; acceptedAt?: number; sender: { duplicateOf?: number } }[],
  seen: Map<string, { at: number }>,
): { waits: number[]; never: string[]; duplicates: number; duplicatesShown: number };

export const standingPromiseMinutes: number;

export function toldAgainstTaken(
  sent: { reference?: string; acceptedAt?: number; told: { minutes?: number; answerMinutes?: number } }[],
  taken: Map<string, { at: number }>,
  evening: { endedAt: number; compression: number },
): { told: number[]; taken: number[]; takenWithin: number; open: number[]; openPastTold: number };

export function failuresOf(input: {
  lost: string[];
  serverErrors: number;
  perPerson: { name: string; maxPerHour: number; total?: number }[];
  waits: number[];
  never: string[];
  maxSmsPerPersonHour?: number;
  maxWaitSeconds?: number;
  /** Fail when someone on call got no SMS although the site was in surge. */
  everyoneWoken?: boolean;
  inSurge?: boolean;
}): string[];
