import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope sender and recipients as given in MAIL FROM / RCPT TO. */
  envelope: { from: string; to: string[] };
  /** The parsed message: subject, text, html, headers, attachments (with content buffers). */
  parsed: ParsedMail;
  /** The raw RFC 5322 message as received. */
  raw: Buffer;
  receivedAt: Date;
}

export interface WaitForMailOptions {
  /** Milliseconds to wait; default 15 000. */
  timeout?: number;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every received message in memory, for the vitest
 * delivery tests and the Playwright journeys. It can be stopped and started again on the same
 * port, so tests can simulate an outage of the company's mail server.
 */
export interface TestSmtp {
  readonly port: number;
  /** `smtp://127.0.0.1:<port>` — what the server under test gets as SMTP_URL. */
  readonly url: string;
  /** Every message received so far, oldest first. */
  readonly messages: readonly ReceivedMail[];
  /** True while the server accepts connections. */
  readonly running: boolean;
  /** Resolves with the first message (already received or arriving later) that matches. */
  waitForMail(
    predicate?: (mail: ReceivedMail) => boolean,
    options?: WaitForMailOptions,
  ): Promise<ReceivedMail>;
  /** Resolves with every message once at least `count` have arrived. */
  waitForCount(count: number, options?: WaitForMailOptions): Promise<readonly ReceivedMail[]>;
  /** Messages matching the predicate, now. */
  find(predicate: (mail: ReceivedMail) => boolean): ReceivedMail[];
  /** Forgets every received message. */
  clear(): void;
  /** Stops accepting connections and drops open ones (an outage). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Answers DATA with this SMTP code (e.g. 451 temporary, 550 permanent) until set to null. */
  rejectWith(code: number | null): void;
}

/** Messages over this are refused (552), like a mail server with a size limit. */
const maxMessageBytes = 50 * 1024 * 1024;

export async function startTestSmtp(): Promise<TestSmtp> {
  // The first start takes any free port; later starts (after an outage) take the same one.
  let port = 0;
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let server: SMTPServer | null = null;
  let rejectCode: number | null = null;

  function notify() {
    for (const waiter of waiters) waiter();
  }

  function createServer() {
    return new SMTPServer({
      // Plain SMTP on loopback: a STARTTLS offer with a self-signed certificate would make the
      // client refuse to talk, and credentials in SMTP_URL are accepted whatever they are.
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      // Drop open (pooled) connections at once on stop, like a crashed mail server.
      closeTimeout: 50,
      logger: false,
      size: maxMessageBytes,
      onAuth(_auth, _session, callback) {
        callback(null, { user: 'test' });
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
            return;
          }
          if (rejectCode !== null) {
            const error = Object.assign(new Error('Rejected by test'), { responseCode: rejectCode });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks);
          simpleParser(raw)
            .then((parsed) => {
              messages.push({
                envelope: {
                  from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                  to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                },
                parsed,
                raw,
                receivedAt: new Date(),
              });
              callback();
              notify();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
  }

  async function start() {
    if (server) return;
    const next = createServer();
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        resolve();
      });
    });
    // Connection-level errors (a client vanishing mid-session) are normal in fault tests.
    next.on('error', () => {});
    port = (next.server.address() as AddressInfo).port;
    server = next;
  }

  async function stop() {
    const current = server;
    if (!current) return;
    server = null;
    await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await start();

  function waitFor<T>(found: () => T | undefined, timeout: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const result = found();
        if (result === undefined) return;
        cleanup();
        resolve(result);
      };
      const timer = setTimeout(() => {
        cleanup();
        const subjects = messages.map((mail) => `  - ${mail.parsed.subject ?? '(no subject)'}`).join('\n');
        reject(
          new Error(
            `No ${what} within ${timeout} ms. Received ${messages.length}:\n${subjects || '  (none)'}`,
          ),
        );
      }, timeout);
      function cleanup() {
        clearTimeout(timer);
        waiters.delete(check);
      }
      waiters.add(check);
      check();
    });
  }

  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get messages() {
      return messages;
    },
    get running() {
      return server !== null;
    },
    find(predicate) {
      return messages.filter(predicate);
    },
    clear() {
      messages.length = 0;
    },
    rejectWith(code) {
      rejectCode = code;
    },
    start,
    stop,
    waitForMail(predicate = () => true, { timeout = 15_000 } = {}) {
      return waitFor(() => messages.find(predicate), timeout, 'matching e-mail');
    },
    waitForCount(count, { timeout = 15_000 } = {}) {
      return waitFor(
        () => (messages.length >= count ? [...messages] : undefined),
        timeout,
        `${count} e-mails`,
      );
    },
  };
}
