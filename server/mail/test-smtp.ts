/**
 * A real SMTP server on 127.0.0.1 for delivery tests (smtp-server + mailparser). It can be
 * stopped and started again on the same port to simulate an outage.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  url: string;
  /** Every message received, parsed, in arrival order. */
  messages: ParsedMail[];
  /** Resolves when at least `n` messages have arrived (rejects after timeoutMs). */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Stop accepting connections (an outage). */
  stop(): Promise<void>;
  /** Listen again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 200 * 1024 * 1024,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            messages.push(parsed);
            for (const waiter of waiters.filter((w) => messages.length >= w.n)) waiter.resolve();
            callback();
          })
          .catch(callback);
      },
    });

  const listen = async () => {
    server = create();
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  };
  const stop = async () => {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    messages,
    waitFor(n, timeoutMs = 10_000) {
      if (messages.length >= n) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${messages.length} of ${n} e-mails arrived`)),
          timeoutMs,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(messages);
          },
        });
      });
    },
    stop,
    start: listen,
    close: stop,
  };
}
