/**
 * Every change `npm run staff` makes is in the audit log, in the name of the command line: the
 * account functions on their own, and the command itself run against each database engine.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { bundleForNode } from '../../scripts/node-tools.mjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase } from '../db/client.ts';
import { auditLog, mailJobs, users } from '../db/schema.ts';
import { rotaNoticeMailKind, type RotaNoticePayload } from '../oncall/rota/rota-notice.ts';
import {
  createTestDatabase,
  createTestDatabaseLocation,
  describeEachDatabase,
  type TestDatabase,
} from '../test/databases.ts';
import { password } from '../test/staff-client.ts';
import { addStaff, disableStaff, resetStaffPassword } from './accounts.ts';
import { commandLineActor } from './audit.ts';

const root = resolve(import.meta.dirname, '../..');
// The command bundled once for this file, beside (not over) the copy `npm run staff` makes.
const bundleDir = join(root, 'node_modules', '.cache', `staff-cli-audit-${randomBytes(4).toString('hex')}`);
const bundle = join(bundleDir, 'staff-cli.mjs');

beforeAll(async () => {
  mkdirSync(bundleDir, { recursive: true });
  await bundleForNode(join(root, 'server', 'staff-cli.ts'), bundle);
}, 60_000);
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

describeEachDatabase('npm run staff in the audit log', (target) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
  });
  afterAll(() => database?.dispose());

  const rowsOf = async (action: string) =>
    database.db.select().from(auditLog).where(eq(auditLog.action, action));

  it('notes adding, disabling and a new password, by default in the name of the command line', async () => {
    const added = await addStaff(database.db, { email: ' Eva@Example.dk ', name: 'Eva', password });
    await resetStaffPassword(database.db, 'eva@example.dk', `${password}-ny`);
    await disableStaff(database.db, 'eva@example.dk', { actor: 'cli:drift' });
    expect(added.email).toBe('eva@example.dk');
    for (const [action, actor] of [
      ['staff-added', commandLineActor()],
      ['staff-password-reset', commandLineActor()],
      ['staff-disabled', 'cli:drift'],
    ] as const) {
      const rows = await rowsOf(action);
      expect(rows, action).toHaveLength(1);
      expect(rows[0], action).toMatchObject({ actor, userId: null, leadId: null });
      expect(rows[0]!.details, action).toEqual({
        person: 'eva@example.dk',
        // A new account's role is noted with it.
        ...(action === 'staff-added' ? { role: 'medarbejder' } : {}),
      });
      // Never the password nor its hash.
      expect(JSON.stringify(rows[0]), action).not.toContain(password);
    }
    expect(commandLineActor()).toBe(`cli:${userInfo().username}`);
    expect(commandLineActor('drift')).toBe('cli:drift');
  });

  it('notes no change that did not happen', async () => {
    const before = (await database.db.select().from(auditLog)).length;
    await expect(addStaff(database.db, { email: 'eva@example.dk', password })).rejects.toThrow(
      'findes allerede',
    );
    await expect(disableStaff(database.db, 'ingen@example.dk')).rejects.toThrow('ingen konto');
    await expect(resetStaffPassword(database.db, 'eva@example.dk', 'kort')).rejects.toThrow();
    expect(await database.db.select().from(auditLog)).toHaveLength(before);
  });
});

describeEachDatabase('the npm run staff command', (target) => {
  const run = promisify(execFile);

  it('notes each change it makes in the audit log as the command line, and nothing for what it only shows', async () => {
    const location = await createTestDatabaseLocation(target.kind);
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: location.dataDir,
      LOG_LEVEL: 'silent',
      ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
    };
    const staff = async (args: string[], input = '') => {
      const child = run(process.execPath, [bundle, ...args], { env, cwd: root });
      child.child.stdin?.end(input);
      const { stdout } = await child;
      return stdout;
    };
    try {
      await staff(
        ['add', 'anna@example.dk', '--name', 'Anna Holm', '--phone', '+4521111111', '--role', 'koordinator'],
        `${password}\n`,
      );
      await staff(['add', 'bo@example.dk'], `${password}\n`);
      await staff(['add', 'carl@example.dk'], `${password}\n`);
      await staff(['set-role', 'carl@example.dk', 'koordinator']);
      await staff(['set-phone', 'bo@example.dk', '22 22 22 22']);
      await staff(['reset-password', 'anna@example.dk'], `${password}-ny\n`);
      await staff(['unlock', 'anna@example.dk']);
      await staff(['on-call', 'set', 'anna@example.dk', 'bo@example.dk', '--handover', 'man 08']);
      await staff(['on-call', 'cover', 'bo@example.dk', '2030-03-20 16:00', '2030-03-23 08:00']);
      await staff(['on-call', 'uncover', 'bo@example.dk']);
      await staff(['disable', 'bo@example.dk']);
      // Showing changes nothing and is not noted.
      const list = await staff(['list']);
      // Each account with its role and the number on-call SMS go to.
      expect(list).toContain('anna@example.dk\tAnna Holm\tkoordinator\t+4521111111\t');
      expect(list).toContain('bo@example.dk\t\tmedarbejder\t+4522222222\t');
      expect(list).toContain('carl@example.dk\t\tkoordinator\t');
      expect(await staff(['on-call'])).toContain('Vagt nu');
      // An insurer's API key: printed once, listed without its secret, revoked by its id.
      const key = (await staff(['insurer-key', 'create', 'Alm.', 'Brand', '--label', 'Skadesystem'])).trim();
      expect(key).toMatch(/^ik_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
      const keys = await staff(['insurer-key', 'list']);
      expect(keys).toContain(`\tAlm. Brand\tSkadesystem\t${key.slice(0, 19)}_…\taktiv\taldrig brugt\t`);
      expect(keys).not.toContain(key.slice(20));
      expect(await staff(['insurer-key', 'revoke', keys.split('\t')[0]!])).toContain('er spærret');

      const database = await createDatabase({ dataDir: location.dataDir, databaseUrl: location.databaseUrl });
      try {
        const rows = await database.db.select().from(auditLog);
        // One command may note two rows at the same instant (an account and its phone number).
        expect(rows.map((row) => `${row.action} ${String(row.details.person ?? '')}`).sort()).toEqual(
          [
            'staff-added anna@example.dk',
            'staff-phone-set anna@example.dk',
            'staff-added bo@example.dk',
            'staff-added carl@example.dk',
            'staff-role-set carl@example.dk',
            'staff-phone-set bo@example.dk',
            'staff-password-reset anna@example.dk',
            'login-delays-cleared anna@example.dk',
            'oncall-chain-set ',
            'oncall-override-added bo@example.dk',
            'oncall-override-removed bo@example.dk',
            'staff-disabled bo@example.dk',
            'insurer-key-created ',
            'insurer-key-revoked ',
          ].sort(),
        );
        for (const row of rows) expect(row.actor, row.action).toBe(commandLineActor());
        const [bo] = await database.db.select().from(users).where(eq(users.email, 'bo@example.dk'));
        expect(bo!.disabledAt).not.toBeNull();
        const roles = await database.db.select({ email: users.email, role: users.role }).from(users);
        expect(Object.fromEntries(roles.map((row) => [row.email, row.role]))).toEqual({
          'anna@example.dk': 'koordinator',
          'bo@example.dk': 'medarbejder',
          'carl@example.dk': 'koordinator',
        });
        // The phone numbers, the chain, the cover and its removal each e-mailed the company and the people concerned.
        const notices = await database.db
          .select()
          .from(mailJobs)
          .where(eq(mailJobs.kind, rotaNoticeMailKind));
        const told = notices.map((job) => {
          const payload = job.payload as RotaNoticePayload;
          return `${payload.change.what} ${payload.to?.email ?? 'MAIL_TO'}`;
        });
        expect(told.sort()).toEqual(
          [
            'phone MAIL_TO',
            'phone anna@example.dk',
            'phone MAIL_TO',
            'phone bo@example.dk',
            'chain MAIL_TO',
            'chain anna@example.dk',
            'chain bo@example.dk',
            'cover-added MAIL_TO',
            'cover-added bo@example.dk',
            'cover-removed MAIL_TO',
            'cover-removed bo@example.dk',
          ].sort(),
        );
      } finally {
        await database.close();
      }
    } finally {
      await location.cleanup();
    }
  }, 180_000);
});
