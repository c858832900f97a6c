export const metricsToken: string;

export const drainedKinds: readonly string[];

export function pendingByKind(text: string): Map<string, number>;

export function nothingPending(pending: Map<string, number>, kinds?: readonly string[]): boolean;

export function serverIsDrained(url: string | undefined): Promise<boolean>;

export function waitUntilDrained(options: {
  server: string | (() => string | undefined);
  drainStarted: number;
  drainMs: number;
}): Promise<boolean>;
