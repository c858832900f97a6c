/**
 * Slow and idle clients must not keep the server from answering others: the real app listens on
 * 127.0.0.1 with short timeouts (the production values are in http-timeouts.ts; the reasons in
 * docs/decisions/slow-clients.md) while raw sockets trickle headers byte by byte (slowloris), sit
 * idle on keep-alive connections, never send anything, or send a photo slowly.
 */
import { spawnSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { limits } from '../domain/constants.ts';
import { HTTP_TIMEOUTS, type HttpTimeouts } from './http-timeouts.ts';
import type * as httpTimeouts from './http-timeouts.ts';
import { makePng } from '../tests/support/images.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

const short = vi.hoisted((): HttpTimeouts => ({
  headersMs: 1_000,
  requestMs: 3_000,
  idleMs: 2_000,
  // Longer than the whole file, so the idle keep-alive connections stay open throughout.
  keepAliveMs: 60_000,
  checkIntervalMs: 200,
}));

vi.mock('./http-timeouts.ts', async (importOriginal) => {
  const real = await importOriginal<typeof httpTimeouts>();
  return { ...real, httpServerOptions: () => real.httpServerOptions(short) };
});

/** Generous: the assertions say "before this", never "after exactly that". */
const DEADLINE_MS = 15_000;
const SLOWLORIS = 50;
const WANTED_IDLE = 1_000;

/** The open-files limit this process inherited (each connection costs two: ours and the server's). */
function openFilesLimit(): number {
  const result = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const value = result.stdout.trim();
  return /^\d+$/.test(value) ? Number(value) : Number.POSITIVE_INFINITY;
}

interface Client {
  socket: Socket;
  /** Everything the server sent. */
  received(): string;
  /** Resolves when the connection is closed (by either side). */
  closed: Promise<void>;
  isClosed(): boolean;
}

function open(port: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let data = '';
    let isClosed = false;
    const closed = new Promise<void>((done) =>
      socket.once('close', () => {
        isClosed = true;
        done();
      }),
    );
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    // A write after the server has hung up fails; the 'close' event tells the story.
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve({ socket, received: () => data, closed, isClosed: () => isClosed });
    });
    socket.once('error', reject);
  });
}

async function until(condition: () => boolean, what: string, ms = DEADLINE_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends `bytes` a few at a time with a pause between, until done or the server hangs up. */
async function trickle(client: Client, bytes: Buffer, chunk: number, everyMs: number): Promise<void> {
  for (let at = 0; at < bytes.length && !client.isClosed(); at += chunk) {
    client.socket.write(bytes.subarray(at, at + chunk));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describe('slow and idle clients', () => {
  let t: TestApp;
  let port: number;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { startWorker: false },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    for (const client of clients) client.socket.destroy();
    await t?.close();
  });

  async function openTracked(): Promise<Client> {
    const client = await open(port);
    clients.push(client);
    return client;
  }

  it('gives the http server the configured timeouts', () => {
    const server = t.app.server;
    expect(server.headersTimeout).toBe(short.headersMs);
    expect(server.requestTimeout).toBe(short.requestMs);
    expect(server.keepAliveTimeout).toBe(short.keepAliveMs);
    expect(server.timeout).toBe(short.idleMs);
  });

  it('uses production values that let a 10 MB photo through at 256 kbit/s and outlast a proxy keep-alive of 60 s', () => {
    const { headersMs, requestMs, keepAliveMs, checkIntervalMs } = HTTP_TIMEOUTS;
    const photoAt256kbitMs = ((limits.maxImageBytes * 8) / 256_000) * 1000;
    expect(requestMs).toBeGreaterThan(photoAt256kbitMs);
    expect(headersMs).toBeLessThanOrEqual(requestMs);
    expect(checkIntervalMs).toBeLessThan(headersMs);
    expect(keepAliveMs).toBeGreaterThan(60_000);
  });

  it(`keeps answering while ${SLOWLORIS} slowloris clients and ${WANTED_IDLE} idle keep-alive connections are open, and drops the slowloris clients after the header timeout`, async () => {
    // Headroom for the database, the test runner and the server's own files.
    const idleCount = Math.min(WANTED_IDLE, Math.floor((openFilesLimit() - 400) / 2) - SLOWLORIS);
    if (idleCount < WANTED_IDLE) {
      console.warn(
        `open-files limit (ulimit -n) allows only ${idleCount} idle connections, not ${WANTED_IDLE}`,
      );
    }
    expect(idleCount).toBeGreaterThan(100);

    // Idle keep-alive connections: one request each, answered, then silence.
    const idle: Client[] = [];
    for (let batch = 0; batch < idleCount; batch += 100) {
      const opened = await Promise.all(
        Array.from({ length: Math.min(100, idleCount - batch) }, () => openTracked()),
      );
      for (const client of opened) {
        client.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
      }
      idle.push(...opened);
    }
    await until(() => idle.every((client) => client.received().includes('{"status":"ok"}')), 'idle answers');
    for (const client of idle) {
      expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
      expect(client.received()).toMatch(/^connection: keep-alive\r$/im);
    }

    // Slowloris: a request head that never ends, one byte every 100 ms.
    const slow = await Promise.all(Array.from({ length: SLOWLORIS }, () => openTracked()));
    for (const client of slow) {
      client.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: ');
      const timer = setInterval(() => client.socket.write('a'), 100);
      void client.closed.then(() => clearInterval(timer));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Someone else still gets an answer promptly, on a new connection.
    const health = await fetch(`http://127.0.0.1:${port}/healthz`, {
      signal: AbortSignal.timeout(DEADLINE_MS),
    });
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(idle.filter((client) => client.isClosed())).toHaveLength(0);

    // The server ends every slowloris request with 408 and hangs up; we never close them ourselves.
    // Their bytes kept the connections from ever being idle: the header deadline did it.
    await until(() => slow.every((client) => client.isClosed()), 'slowloris clients dropped');
    for (const client of slow) expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);

    // The idle keep-alive connections are still there (the keep-alive timeout is long in this test),
    // and still usable.
    expect(idle.filter((client) => client.isClosed())).toHaveLength(0);
    const reused = idle[0]!;
    const before = reused.received().length;
    reused.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => reused.received().slice(before).includes('{"status":"ok"}'), 'reused connection');

    for (const client of [...idle, ...slow]) client.socket.destroy();
  }, 60_000);

  it('drops a connection that never sends a byte at the header timeout too', async () => {
    const silent = await Promise.all(Array.from({ length: 20 }, () => openTracked()));
    await until(() => silent.every((client) => client.isClosed()), 'silent connections dropped');
    for (const client of silent) expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  /** A fresh signed upload URL's path and query. */
  async function uploadPath(): Promise<string> {
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'application/json' },
    });
    expect(issued.statusCode).toBe(200);
    const url = new URL(issued.json<{ uploadURL: string }>().uploadURL);
    return url.pathname + url.search;
  }

  it('accepts a photo whose body arrives more slowly than the header timeout allows for a head', async () => {
    const png = makePng(6, 6, [200, 30, 30]);
    const client = await openTracked();
    client.socket.write(
      `PUT ${await uploadPath()} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\n` +
        `Content-Length: ${png.length}\r\nConnection: close\r\n\r\n`,
    );
    // About 2 s for the body: twice the header timeout, within the request timeout.
    await trickle(client, png, Math.ceil(png.length / 10), 200);
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.received()).toContain('"contentType":"image/png"');
  });

  it('hangs up on an upload that stalls mid-body for the idle timeout', async () => {
    const client = await openTracked();
    client.socket.write(
      `PUT ${await uploadPath()} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\n` +
        'Content-Length: 100000\r\n\r\n',
    );
    client.socket.write(makePng(6, 6));
    await client.closed;
    // Silence, not 408: the idle timer (shorter than the request deadline here) cut it.
    expect(client.received()).toBe('');
  });

  it('answers 408 and hangs up when a body is still arriving at the request timeout', async () => {
    const client = await openTracked();
    client.socket.write(
      `PUT ${await uploadPath()} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\n` +
        'Content-Length: 100000\r\n\r\n',
    );
    // 100 bytes every 100 ms would need 100 s: never idle, but far past the request timeout.
    const png = makePng(6, 6);
    const body = Buffer.concat([png, Buffer.alloc(100_000 - png.length)]);
    await trickle(client, body, 100, 100);
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });
});
