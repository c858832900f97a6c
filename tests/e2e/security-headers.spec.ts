/**
 * The built site behind a TLS proxy, as in production, scanned by Mozilla's HTTP Observatory
 * (@mdn/mdn-http-observatory): every prerendered page must grade A+ and no test may cost points.
 * The headers are the real server's for the real built pages; the proxy (here, a few lines of
 * Node with a certificate made for this run) only terminates TLS and forwards, like nginx would.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';
import { startBuiltServer } from './support/built-server';
import { prerenderedPaths } from './support/pages';

interface ObservatoryTest {
  result: string;
  pass: boolean;
  scoreModifier: number;
}

interface ObservatoryResult {
  path: string;
  error?: string;
  grade?: string;
  score?: number;
  statusCode?: number;
  responseHeaders?: Record<string, string>;
  tests?: Record<string, ObservatoryTest>;
}

const scanScript = path.join(import.meta.dirname, 'support', 'observatory-scan.mjs');

/** A self-signed certificate for 127.0.0.1, valid for a day, in a temporary directory. */
async function makeCertificate(dir: string): Promise<{ keyFile: string; certFile: string }> {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  const openssl = promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  await openssl.catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new Error('This test makes its certificate with openssl: apt-get install -y openssl', {
        cause: error,
      });
    }
    throw error;
  });
  return { keyFile, certFile };
}

// Connection-level headers belong to one hop; Node frames the proxied response itself.
const hopByHop = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.includes(name)));
}

/** TLS termination in front of the plain-HTTP server, with the X-Forwarded-* headers of a proxy. */
async function startTlsProxy(
  tls: { key: Buffer; cert: Buffer },
  upstreamPort: () => number,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = https.createServer(tls, (request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort(),
        method: request.method,
        path: request.url,
        headers: {
          ...withoutHopByHop(request.headers),
          'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': request.headers.host ?? '',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs the scanner in its own process, trusting only our certificate beyond the system's. */
function observatory(certFile: string, host: string, paths: string[]): Promise<ObservatoryResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [scanScript, host, ...paths], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: certFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`the scan exited with ${code}:\n${stderr}`));
      else resolve(JSON.parse(stdout) as ObservatoryResult[]);
    });
  });
}

test.use({ ignoreHTTPSErrors: true });

test('every page grades A+ on Mozilla HTTP Observatory over HTTPS, no test scored down', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'observatory-'));
  let proxy: Awaited<ReturnType<typeof startTlsProxy>> | undefined;
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  try {
    const { keyFile, certFile } = await makeCertificate(dir);
    let upstreamPort = 0;
    proxy = await startTlsProxy(
      { key: await readFile(keyFile), cert: await readFile(certFile) },
      () => upstreamPort,
    );
    const origin = `https://127.0.0.1:${proxy.port}`;
    // Production settings behind a TLS proxy: the public origin is https, the proxy is trusted.
    server = await startBuiltServer({ env: { PUBLIC_URL: origin, TRUST_PROXY: 'true' } });
    upstreamPort = server.port;

    const paths = prerenderedPaths();
    const results = await observatory(certFile, `127.0.0.1:${proxy.port}`, paths);
    expect(results.map((result) => result.path)).toEqual(paths);

    const home = results[0];
    if (home?.tests) {
      const lines = Object.entries(home.tests).map(
        ([name, { result, scoreModifier }]) =>
          `  ${name.padEnd(30)} ${String(scoreModifier).padStart(3)}  ${result}`,
      );
      console.log(`Observatory, ${home.path}: ${home.grade} (${home.score})\n${lines.join('\n')}`);
    }
    console.log(results.map((result) => `${result.path} ${result.grade} ${result.score}`).join('\n'));

    for (const result of results) {
      expect.soft(result.error, `${result.path}: scan error`).toBeUndefined();
      expect.soft(result.statusCode, `${result.path}: status`).toBe(200);
      expect.soft(result.grade, `${result.path}: grade (score ${result.score})`).toBe('A+');
      for (const [name, outcome] of Object.entries(result.tests ?? {})) {
        expect
          .soft(outcome.scoreModifier, `${result.path}: ${name} → ${outcome.result}`)
          .toBeGreaterThanOrEqual(0);
      }
      // The real page's own policy (hashes of its inline scripts), over HTTPS with HSTS.
      expect.soft(result.responseHeaders?.['content-security-policy'], result.path).toMatch(/'sha256-/);
      expect
        .soft(result.responseHeaders?.['strict-transport-security'], result.path)
        .toMatch(/max-age=\d{8}/);
    }

    // The same headers do not get in the way of the page itself (console errors fail the test).
    const response = await page.goto(`${origin}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first()).toBeVisible();
    // Let late requests (lazy images) finish, then leave, before the server stops.
    await page.waitForLoadState('networkidle');
    await page.goto('about:blank');
  } finally {
    await server?.stop();
    await proxy?.close();
    await rm(dir, { recursive: true, force: true });
  }
});
