/**
 * `npm run staff` while a server runs: on the embedded database it is refused and changes nothing
 * (the server would never see the change and would write over it), and works once the server has
 * stopped, also after a kill -9; on PostgreSQL it is applied and the running server sees it at once.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RotaAnswer } from '../../domain/staff-api/oncall.ts';
import { createDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { onCallNow } from '../oncall/rota/rota-store.ts';
import { createTestDatabaseLocation, describeEachDatabase } from '../test/databases.ts';
import { password, publicUrl, StaffClient } from '../test/staff-client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const root = resolve(import.meta.dirname, '../..');
// Bundled once for this file, beside (not over) the copy `npm run staff` makes.
const bundleDir = join(root, 'node_modules', '.cache', `staff-beside-${randomBytes(4).toString('hex')}`);
const cli = join(bundleDir, 'staff-cli.mjs');
/** A stand-in server: opens the embedded database in DATA_DIR (argv[2]) and keeps it open. */
const holder = join(bundleDir, 'holder.mjs');

beforeAll(async () => {
  mkdirSync(bundleDir, { recursive: true });
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  } as const;
  await Promise.all([
    build({ ...common, entryPoints: [join(root, 'server', 'staff-cli.ts')], outfile: cli }),
    build({
      ...common,
      stdin: {
        contents: `import { createDatabase } from ${JSON.stringify(join(root, 'server/db/client.ts'))};
          await createDatabase({ dataDir: process.argv[2] });
          process.stdout.write('open\\n');
          setInterval(() => {}, 60_000);`,
        resolveDir: root,
        loader: 'ts',
      },
      outfile: holder,
    }),
  ]);
}, 60_000);
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function staffCommand(env: NodeJS.ProcessEnv, args: string[], input = ''): Promise<Outcome> {
  const child = promisify(execFile)(process.execPath, [cli, ...args], { env, cwd: root });
  child.child.stdin?.end(input);
  return child.then(
    (out) => ({ code: 0, ...out }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

function environment(dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

const add = [
  'add',
  'anna@example.dk',
  '--name',
  'Anna Holm',
  '--phone',
  '+4521111111',
  '--role',
  'koordinator',
];
const chain = ['on-call', 'set', 'anna@example.dk'];
const refusal = /^Serveren \(proces \d+\) har den indbyggede database åben, så intet er ændret/;

describeEachDatabase('npm run staff beside a running server', (target) => {
  const embedded = target.kind === 'pglite';
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await t.app.close();
  };

  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { PUBLIC_URL: publicUrl },
      mail: { startWorker: false },
    });
    env = environment(t.dataDir, t.config.databaseUrl);
  }, 60_000);
  afterAll(async () => {
    await stop();
    rmSync(t.dataDir, { recursive: true, force: true });
  });

  it.runIf(embedded)(
    'is refused while the server holds the embedded database, and works once it has stopped',
    async () => {
      for (const [args, success] of [
        [add, 'Konto oprettet'],
        [chain, 'Vagtkæden er sat'],
        [['list'], 'anna@example.dk'],
        [['on-call'], 'Vagt nu'],
      ] as const) {
        const outcome = await staffCommand(env, [...args], `${password}\n`);
        expect(outcome.code, args.join(' ')).toBe(1);
        expect(outcome.stderr).toMatch(refusal);
        expect(outcome.stderr).toContain('Stop serveren, kør kommandoen igen');
        expect(outcome.stdout).not.toContain(success);
      }
      expect(await t.app.deps.db.select().from(users)).toEqual([]);

      await stop();
      expect(existsSync(join(t.dataDir, 'db.lock'))).toBe(false);
      const added = await staffCommand(env, add, `${password}\n`);
      expect(added.stdout).toContain('Konto oprettet: anna@example.dk (koordinator)');
      expect((await staffCommand(env, chain)).stdout).toContain('Vagtkæden er sat.');

      // The next start has both.
      const database = await createDatabase({ dataDir: t.dataDir });
      try {
        const [anna] = await database.db.select().from(users).where(eq(users.email, 'anna@example.dk'));
        expect((await onCallNow(database.db, new Date())).onCall).toBe(anna!.id);
      } finally {
        await database.close();
      }
    },
    120_000,
  );

  it.runIf(!embedded)(
    'is applied, and the running server sees it at once',
    async () => {
      const added = await staffCommand(env, add, `${password}\n`);
      expect(added.code).toBe(0);
      expect(added.stdout).toContain('Konto oprettet: anna@example.dk (koordinator)');
      const anna = new StaffClient(t.app);
      await anna.logIn('anna@example.dk');

      expect((await staffCommand(env, chain)).stdout).toContain('Vagtkæden er sat.');
      const rota = (await anna.request('GET', '/api/staff/oncall/rota')).json<RotaAnswer>();
      const [row] = await t.app.deps.db.select().from(users).where(eq(users.email, 'anna@example.dk'));
      expect(rota.order).toEqual([row!.id]);
      expect(rota.staff.find((person) => person.id === row!.id)?.phone).toBe('+4521111111');

      const listed = await staffCommand(env, ['list']);
      expect(listed.stdout).toContain('anna@example.dk\tAnna Holm\tkoordinator\t+4521111111\t');
    },
    120_000,
  );
});

describe('[PGlite] npm run staff after a server was killed', () => {
  it('is refused while the process lives and works after kill -9 left its lock behind', async () => {
    const location = await createTestDatabaseLocation('pglite');
    const env = environment(location.dataDir, undefined);
    const server = spawn(process.execPath, [holder, location.dataDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((done) => server.once('exit', done));
    try {
      await new Promise<void>((ready, fail) => {
        server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('open') && ready());
        server.once('exit', () => fail(new Error('the stand-in server stopped')));
      });
      const refused = await staffCommand(env, add, `${password}\n`);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`Serveren (proces ${server.pid})`);

      server.kill('SIGKILL');
      await exited;
      expect(existsSync(join(location.dataDir, 'db.lock'))).toBe(true);
      const added = await staffCommand(env, add, `${password}\n`);
      expect(added.code).toBe(0);
      expect(added.stdout).toContain('Konto oprettet');
      expect((await staffCommand(env, ['list'])).stdout).toContain('anna@example.dk\tAnna Holm');
    } finally {
      server.kill('SIGKILL');
      await location.cleanup();
    }
  }, 120_000);
});
