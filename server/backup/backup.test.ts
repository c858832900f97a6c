/**
 * Backup and restore tried end to end, on PGlite and PostgreSQL: leads with photos, e-mails not yet
 * sent and an emergency not yet paged go in through the real app; a backup is taken, the database
 * and DATA_DIR are wiped, the backup is restored, and the app started again on the restored data
 * finds every lead, the photos' bytes and the waiting jobs, and then sends the e-mails and the page.
 *
 * BACKUP_TEST_LEADS=1000 measures backup and restore at that size (the figures in
 * docs/decisions/backups.md); the default is small.
 */
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { makePng } from '../../tests/support/images.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { DatabaseInUseError } from '../db/pglite-lock.ts';
import { mailJobs, users } from '../db/schema.ts';
import { setChain } from '../oncall/rota/rota-store.ts';
import {
  describeEachDatabase,
  createTestDatabaseLocation,
  type TestDatabaseLocation,
} from '../test/databases.ts';
import { smsProviderEnv, startFakeSmsProvider, type FakeSmsProvider } from '../test/fake-sms.ts';
import { contactBody, emergencyBody } from '../test/lead-bodies.ts';
import { BackupRefusedError, createBackup } from './backup.ts';
import { readManifest } from './manifest.ts';
import { restoreBackup } from './restore.ts';

const leadCount = Number(process.env.BACKUP_TEST_LEADS ?? 12);

/** Everything in `root` (itself included) that others than its owner may read, write or enter. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const visit = (path: string) => {
    const info = lstatSync(path);
    if ((info.mode & 0o077) !== 0) open.push(`${path} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return open;
}

describeEachDatabase('backup and restore', (target) => {
  let gateway: FakeSmsProvider;
  let location: TestDatabaseLocation;
  let backupRoot: string;
  let env: Record<string, string>;
  let config: Config;
  let app: FastifyInstance | undefined;

  async function start(options: { workers: boolean }): Promise<FastifyInstance> {
    const started = await buildApp(config, {
      mail: { startWorker: options.workers },
      oncall: { startWorker: options.workers },
    });
    await started.ready();
    return started;
  }

  beforeAll(async () => {
    gateway = await startFakeSmsProvider('gatewayapi');
    location = await createTestDatabaseLocation(target.kind);
    backupRoot = mkdtempSync(join(tmpdir(), 'skade-backup-'));
    env = {
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://skade.example.dk',
      MAIL_TO: 'leads@skade.example.dk',
      SPAM_CHECKS: 'off',
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
      RECEIPT_MAIL_MAX_PER_HOUR: '100000',
      ADDRESS_API_KIND: 'off',
      ...smsProviderEnv(gateway),
      CLIENT_DIR: join(location.dataDir, 'no-client-build'),
      // No SIGNING_SECRET: the generated one in DATA_DIR must come back with the backup.
      DATA_DIR: location.dataDir,
      ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
    };
    config = loadConfig(env);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await gateway.stop();
    await location.cleanup();
    rmSync(backupRoot, { recursive: true, force: true });
  });

  /** Drops the PostgreSQL database and creates it empty again; PGlite: the whole DATA_DIR goes. */
  async function wipe(): Promise<void> {
    rmSync(location.dataDir, { recursive: true, force: true });
    if (!location.databaseUrl) return;
    const name = new URL(location.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: `${inject('postgresBaseUrl')}/postgres` });
    await admin.connect();
    try {
      await admin.query(`drop database ${name} with (force)`);
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
  }

  it(
    'brings back every lead, photo and waiting job, and the e-mails and page then go out',
    async () => {
      // Workers stopped: every e-mail and the emergencies' pages wait in their queues.
      app = await start({ workers: false });
      const [person] = await app.deps.db
        .insert(users)
        .values({
          email: 'anna@skade.example.dk',
          name: 'Anna Vagt',
          phone: '+4521111111',
          passwordHash: 'x',
        })
        .returning({ id: users.id });
      expect(person).toBeDefined();
      await setChain(app.deps.db, {
        emails: ['anna@skade.example.dk'],
        now: new Date(Date.now() - 1000),
        actor: 'test',
      });

      const references: string[] = [];
      const uploaded: Buffer[] = [];
      for (let n = 1; n <= leadCount; n++) {
        const remoteAddress = `10.1.${Math.floor(n / 250)}.${n % 250}`;
        let payload: object;
        if (n % 3 === 0) {
          const issued = await app.inject({ method: 'POST', url: '/api/objects/upload', remoteAddress });
          const url = new URL(issued.json<{ uploadURL: string }>().uploadURL);
          const png = makePng(8, 8, [n % 256, 40, 90]);
          const put = await app.inject({
            method: 'PUT',
            url: url.pathname + url.search,
            payload: png,
            headers: { 'content-type': 'image/png' },
            remoteAddress,
          });
          expect(put.statusCode).toBe(200);
          uploaded.push(png);
          payload = {
            ...emergencyBody([url.href]),
            fuldeNavn: `Kunde ${n}`,
            email: `kunde-${n}@example.dk`,
            telefon: `4${String(n).padStart(7, '0')}`,
            adresse: `Skybrudsvej ${n}, 4000 Roskilde`,
          };
        } else {
          payload = { ...contactBody, name: `Kunde ${n}`, email: `kunde-${n}@example.dk` };
        }
        const response = await app.inject({ method: 'POST', url: '/api/leads', payload, remoteAddress });
        expect(response.statusCode, response.body).toBe(201);
        references.push(response.json<{ reference: string }>().reference);
      }
      const before = await snapshot(app);
      expect(before.pendingPages).toBe(Math.floor(leadCount / 3));
      expect(before.pendingMail).toBeGreaterThanOrEqual(leadCount);
      expect([...before.photos.values()].map((bytes) => bytes.toString('hex')).sort()).toEqual(
        uploaded.map((bytes) => bytes.toString('hex')).sort(),
      );

      const folder = join(backupRoot, 'backup');
      if (target.kind === 'pglite')
        // A server has the embedded database open: a copy of its files could be torn.
        await expect(createBackup(config, folder)).rejects.toBeInstanceOf(DatabaseInUseError);
      await app.close();
      app = undefined;

      const backupStarted = performance.now();
      const manifest = await createBackup(config, folder);
      const backupSeconds = (performance.now() - backupStarted) / 1000;
      expect(manifest).toMatchObject({
        database: target.kind,
        photos: 'local',
        counts: {
          leads: leadCount,
          photos: uploaded.length,
          pendingMail: before.pendingMail,
          pendingPages: before.pendingPages,
          pendingSms: 0,
        },
      });
      expect(readManifest(folder)).toEqual(manifest);
      // The backup holds what DATA_DIR holds (the database, the signing secret, photos): its
      // owner's only, every folder 0700 and every file 0600.
      expect(readdirSync(folder).length).toBeGreaterThan(1);
      expect(openToOthers(folder)).toEqual([]);

      // The data is still there: a restore over it needs --force.
      await expect(restoreBackup(config, folder)).rejects.toBeInstanceOf(BackupRefusedError);

      await wipe();
      const restoreStarted = performance.now();
      const restored = await restoreBackup(config, folder);
      const restoreSeconds = (performance.now() - restoreStarted) / 1000;
      expect(restored.counts).toEqual(manifest.counts);
      console.log(
        `${target.label} ${leadCount} leads, ${uploaded.length} photos: backup ${backupSeconds.toFixed(2)} s, restore ${restoreSeconds.toFixed(2)} s`,
      );

      config = loadConfig(env);
      app = await start({ workers: false });
      const after = await snapshot(app);
      expect(after.references).toEqual(new Set(references));
      expect(after.pendingMailIds).toEqual(before.pendingMailIds);
      expect(after.pendingPages).toBe(before.pendingPages);
      expect(after.photos).toEqual(before.photos);
      // A photo link e-mailed before the backup still opens: the generated signing secret came back.
      const link = new URL(before.photoLink!);
      const opened = await app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(opened.statusCode).toBe(200);
      expect(opened.rawPayload).toEqual(before.photos.values().next().value);

      // With the workers running, what waited goes out.
      await app.close();
      app = await start({ workers: true });
      const waited = [...before.pendingMailIds];
      const unsent = async () => {
        const rows = await app!.deps.db
          .select({ id: mailJobs.id })
          .from(mailJobs)
          .where(and(inArray(mailJobs.id, waited), ne(mailJobs.status, 'sent')));
        return rows.length;
      };
      const deadline = Date.now() + 60_000;
      while (((await unsent()) > 0 || gateway.received.length === 0) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await unsent()).toBe(0);
      const files = readdirSync(join(location.dataDir, 'mail')).filter((name) => name.endsWith('.eml'));
      expect(files.length).toBeGreaterThanOrEqual(waited.length);
      expect(gateway.received.length).toBeGreaterThan(0);
      expect(gateway.received[0]!.to).toBe('+4521111111');
    },
    Math.max(120_000, leadCount * 300),
  );

  /** What the test compares before and after: references, waiting jobs, photo bytes by key. */
  async function snapshot(running: FastifyInstance) {
    const { db, storage } = running.deps;
    const rows = async (text: string) =>
      ((await db.execute(text)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const references = new Set(
      (await rows('select reference from leads')).map((row) => String(row.reference)),
    );
    const pendingMailIds = new Set(
      (await rows(`select id::text from mail_jobs where status = 'pending'`)).map((row) => String(row.id)),
    );
    const [counts] = await rows(`select count(*)::int as pages from oncall_pages where status = 'pending'`);
    const photos = new Map<string, Buffer>();
    for (const row of await rows('select object_key from lead_images order by object_key')) {
      const key = String(row.object_key);
      const stored = await storage.get(key);
      photos.set(key, stored?.body ?? Buffer.alloc(0));
    }
    const [firstKey] = photos.keys();
    const photoLink = firstKey ? await storage.signedReadUrl(firstKey, 3600) : null;
    return {
      references,
      pendingMail: pendingMailIds.size,
      pendingMailIds,
      pendingPages: Number(counts?.pages),
      photos,
      photoLink,
    };
  }
});

it('refuses a backup folder inside DATA_DIR, in Danish, and creates nothing', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skade-backup-inside-'));
  try {
    const folder = join(dataDir, 'backups', 'today');
    const refused = createBackup({ dataDir, databaseUrl: undefined, s3: null }, folder);
    await expect(refused).rejects.toBeInstanceOf(BackupRefusedError);
    await expect(refused).rejects.toThrow(/ligger i DATA_DIR .*: vælg en mappe uden for den/);
    expect(readdirSync(dataDir)).toEqual([]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
