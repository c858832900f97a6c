export type SinkFault = 'none' | 'drop-before-message' | 'drop-after-message' | 'silent-after-message';

export interface SinkMessage {
  envelope: { from: string; to: string[] };
  /** Header values as sent (encoded words left encoded); '' when absent. */
  messageId: string;
  replyTo: string;
  to: string;
  subject: string;
  /** Bytes between DATA and the final dot. */
  size: number;
  /** Date.now() when the final dot arrived. */
  receivedAt: number;
  /** The message as received, with keepRaw. */
  raw?: Buffer;
}

export interface SmtpSink {
  readonly port: number;
  /** `smtp://127.0.0.1:<port>` */
  readonly url: string;
  /** Every message received in full, oldest first (answered or not). */
  readonly messages: SinkMessage[];
  /** TCP connections accepted so far. */
  readonly connections: number;
  readonly running: boolean;
  setFault(fault: SinkFault): void;
  /** Resolves true once `predicate` holds (checked now and after every message), false after timeoutMs. */
  waitUntil(predicate: () => boolean, timeoutMs: number): Promise<boolean>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Stops listening and drops open connections (an outage). */
  stop(): Promise<void>;
}

export function startSmtpSink(options?: { keepRaw?: boolean }): Promise<SmtpSink>;
