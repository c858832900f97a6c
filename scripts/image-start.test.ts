/**
 * The image's start command (the Dockerfile's CMD) on the built tree, as the container runs it:
 * node is PID 1's command, DATA_DIR an empty volume, settings from the environment. It must become
 * healthy, pass the image's own HEALTHCHECK command and stop with exit code 0 on SIGTERM (what
 * `docker stop` sends). Skipped only when there is no build (`npm test` builds before vitest).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
const lastJson = (keyword: string) =>
  JSON.parse(
    [
      ...dockerfile.matchAll(new RegExp(`^${keyword}\\s+(?:--\\S+\\s+)*(?:CMD\\s+)?(\\[.*\\])\\s*$`, 'gm')),
    ].at(-1)![1]!,
  ) as string[];
const cmd = lastJson('CMD');
const healthcheck = lastJson('HEALTHCHECK');
const built =
  existsSync(join(root, 'dist', 'server', 'index.js')) && existsSync(join(root, 'build', 'client'));
const dataDir = mkdtempSync(join(tmpdir(), 'image-start-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe.skipIf(!built)("the image's start command on the built tree", () => {
  it(
    'becomes healthy, passes the HEALTHCHECK command and exits 0 on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const env = {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        // No outside service during the test: address suggestions off, mail and SMS to files.
        ADDRESS_API_KIND: 'off',
      };
      const [command, ...args] = cmd;
      const server = spawn(command === 'node' ? process.execPath : command!, args, {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        server.on('exit', (code, signal) => resolve({ code, signal })),
      );
      try {
        const deadline = Date.now() + 90_000;
        let status = 0;
        while (Date.now() < deadline && server.exitCode === null) {
          status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
            (response) => response.status,
            () => 0,
          );
          if (status === 200) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(status, output).toBe(200);

        // The HEALTHCHECK exactly as Docker runs it inside the container (same environment), retried
        // as Docker does while the workers start.
        const [checkCommand, ...checkArgs] = healthcheck;
        let check = { status: null as number | null, stderr: '' };
        for (let attempt = 0; attempt < 30 && check.status !== 0; attempt++) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
          const result = spawnSync(checkCommand === 'node' ? process.execPath : checkCommand!, checkArgs, {
            env,
            timeout: 10_000,
            encoding: 'utf8',
          });
          check = { status: result.status, stderr: result.stderr };
        }
        expect(check.status, `${check.stderr}\n${output}`).toBe(0);

        const page = await fetch(`http://127.0.0.1:${port}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<html');
      } finally {
        if (server.exitCode === null) server.kill('SIGTERM');
      }
      expect(await exited, output).toEqual({ code: 0, signal: null });
    },
  );
});
