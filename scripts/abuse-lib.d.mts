export function isLoopback(origin: string): boolean;
export interface AttackResult {
  name: string;
  held: boolean;
  detail: string;
}
export function attackResult(name: string, held: unknown, detail: string): AttackResult;
export function summary(results: readonly AttackResult[]): { text: string; failed: number };
export function sleep(ms: number): Promise<void>;
export function cookieValue(setCookieLines: readonly string[], name: string): string | null;
export function mentionsAddress(text: string, address: string): boolean;
