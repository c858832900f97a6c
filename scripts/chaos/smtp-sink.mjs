/**
 * A small SMTP server on 127.0.0.1 for fault and load tests (npm run chaos, the outage and
 * several-copies tests): it speaks plain SMTP (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), keeps
 * every message it received in full with its envelope and a few headers, and can fail on purpose.
 *
 * Why not smtp-server (tests/support/smtp.ts): it holds back every greeting for 100 ms (its check
 * for clients that talk too early), and the worker opens one connection per message, so it caps
 * delivery at about 35 messages a second and a load test would measure that instead of the
 * server under test. This one greets at once and parses nothing but the header lines it reports.
 *
 * Faults (setFault):
 * - 'none': answers 250 to every message.
 * - 'drop-before-message': closes the connection when the client sends DATA (nothing received).
 * - 'drop-after-message': receives the whole message, then closes without answering.
 * - 'silent-after-message': receives the whole message and never answers.
 * stop() and start() take the server down and bring it back on the same port (an outage).
 */
import { createServer } from 'node:net';

/** @typedef {'none' | 'drop-before-message' | 'drop-after-message' | 'silent-after-message'} SinkFault */

/**
 * @param {{ keepRaw?: boolean }} [options] keepRaw: keep each message's bytes (default false)
 */
export async function startSmtpSink({ keepRaw = false } = {}) {
  /** @type {SinkFault} */
  let fault = 'none';
  /** @type {import('./smtp-sink.d.mts').SinkMessage[]} */
  const messages = [];
  const sockets = new Set();
  /** @type {Set<() => void>} */
  const waiters = new Set();
  let connections = 0;
  let port = 0;
  /** @type {import('node:net').Server | null} */
  let server = null;

  function handle(socket) {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.setNoDelay(true);
    /** @type {Buffer[]} */
    let pending = [];
    let buffered = 0;
    let inData = false;
    let mailFrom = '';
    /** @type {string[]} */
    let rcptTo = [];
    socket.write('220 sink.test ESMTP\r\n');

    socket.on('data', (chunk) => {
      pending.push(chunk);
      buffered += chunk.length;
      let data = pending.length === 1 ? pending[0] : Buffer.concat(pending, buffered);
      for (;;) {
        if (inData) {
          const end = data.indexOf('\r\n.\r\n');
          if (end === -1) break;
          const raw = data.subarray(0, end + 2);
          data = data.subarray(end + 5);
          inData = false;
          messages.push(describe(raw, { from: mailFrom, to: rcptTo }, keepRaw));
          for (const waiter of waiters) waiter();
          if (fault === 'drop-after-message') return void socket.destroy();
          if (fault === 'silent-after-message') return;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const end = data.indexOf('\r\n');
        if (end === -1) break;
        const line = data.subarray(0, end).toString('latin1');
        data = data.subarray(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink.test\r\n');
        else if (verb === 'MAIL') {
          mailFrom = address(line);
          rcptTo = [];
          socket.write('250 2.1.0 OK\r\n');
        } else if (verb === 'RCPT') {
          rcptTo.push(address(line));
          socket.write('250 2.1.5 OK\r\n');
        } else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 OK\r\n');
        else if (verb === 'DATA') {
          if (fault === 'drop-before-message') return void socket.destroy();
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') return void socket.end('221 Bye\r\n');
        else socket.write('502 5.5.2 Not implemented\r\n');
      }
      pending = data.length > 0 ? [Buffer.from(data)] : [];
      buffered = data.length;
    });
  }

  async function start() {
    if (server) return;
    const next = createServer(handle);
    await new Promise((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        resolve(undefined);
      });
    });
    port = /** @type {import('node:net').AddressInfo} */ (next.address()).port;
    server = next;
  }

  async function stop() {
    const current = server;
    if (!current) return;
    server = null;
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => current.close(() => resolve(undefined)));
  }

  await start();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    messages,
    /** TCP connections accepted so far. */
    get connections() {
      return connections;
    },
    get running() {
      return server !== null;
    },
    /** @param {SinkFault} next */
    setFault(next) {
      fault = next;
    },
    /**
     * Resolves once `predicate` holds (checked now and after every message), or with false after
     * `timeoutMs`.
     * @param {() => boolean} predicate
     * @param {number} timeoutMs
     */
    waitUntil(predicate, timeoutMs) {
      return new Promise((resolve) => {
        if (predicate()) return resolve(true);
        const check = () => {
          if (!predicate()) return;
          done(true);
        };
        const timer = setTimeout(() => done(false), timeoutMs);
        function done(result) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(result);
        }
        waiters.add(check);
      });
    },
    start,
    stop,
  };
}

/** `MAIL FROM:<a@b> SIZE=1` → `a@b`. */
function address(line) {
  return /<([^>]*)>/.exec(line)?.[1] ?? '';
}

/**
 * The envelope and the headers tests match on, from the header block (folded lines unfolded).
 * @param {Buffer} raw
 */
function describe(raw, envelope, keepRaw) {
  const headerEnd = raw.indexOf('\r\n\r\n');
  const head = raw
    .subarray(0, headerEnd === -1 ? raw.length : headerEnd)
    .toString('latin1')
    .replace(/\r\n[ \t]+/g, ' ');
  const header = (name) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return {
    envelope,
    messageId: header('Message-ID'),
    replyTo: header('Reply-To'),
    to: header('To'),
    subject: header('Subject'),
    size: raw.length,
    receivedAt: Date.now(),
    ...(keepRaw ? { raw: Buffer.from(raw) } : {}),
  };
}
