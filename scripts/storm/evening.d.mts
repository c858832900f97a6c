export function arrivalTimes(options: { count: number; durationMs: number; random: () => number }): number[];

export interface Sender {
  index: number;
  name: string;
  phone: string;
  email: string;
  address: string;
  skadetype: string;
  forsikringsselskab: string;
  besked: string;
  triage: Partial<Record<'personfare' | 'kloakvand' | 'ubeboelig' | 'saarbare', 'ja' | 'nej'>>;
  priority: 'kritisk' | 'hoej' | 'normal';
  tooFast: boolean;
  ip: string;
  duplicateOf: number | undefined;
}

export function senders(options: { count: number; random: () => number }): Sender[];

export function emergencyBody(sender: Sender, formToken: string): Record<string, unknown>;
