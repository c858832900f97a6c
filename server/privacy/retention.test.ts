import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retention } from '../../domain/constants.ts';
import {
  leadImages,
  leadNotes,
  leads,
  loginAttempts,
  mailJobs,
  rateLimitCounters,
  uploads,
} from '../db/schema.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { makePng } from '../../tests/support/images.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { startFakeS3, type FakeS3 } from '../test/fake-s3.ts';
import { nothingDeleted, retentionPeriods, runRetention, yearsBefore } from './retention.ts';
import { localStoreBeside } from '../test/local-store.ts';

const day = 24 * 60 * 60_000;

describe('retention periods', () => {
  it('are the ones the privacy policy states (domain/constants.ts)', () => {
    expect(retentionPeriods.enquiryYears).toBe(retention.contactEnquiriesYears);
    expect(retentionPeriods.customerYears).toBe(retention.customerDataYearsAfterContract);
  });

  it('count calendar years', () => {
    expect(yearsBefore(new Date('2028-11-22T10:00:00Z'), 2).toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(yearsBefore(new Date('2028-02-29T10:00:00Z'), 2).toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });
});

type StoreKind = 'local' | 's3';

describeEachDatabase('the retention job', (target) => {
  for (const storeKind of ['local', 's3'] as const satisfies StoreKind[]) {
    describe(`with ${storeKind === 'local' ? 'photos on local disk' : 'photos in S3 (s3rver)'}`, () => {
      let database: TestDatabase;
      let storage: ObjectStore;
      let s3: FakeS3 | undefined;
      let destroy = () => {};
      let mailDir: string;

      beforeAll(async () => {
        database = await createTestDatabase(target.kind);
        mailDir = join(database.dataDir, 'mail');
        if (storeKind === 'local') {
          storage = localStoreBeside(database);
        } else {
          s3 = await startFakeS3();
          const store = s3.createStore();
          storage = store;
          destroy = () => store.client.destroy();
        }
      });
      afterAll(async () => {
        destroy();
        await s3?.dispose();
        await database?.dispose();
      });

      /**
       * A lead whose latest contact was at `lastContactAt`, with photos, a note and a sent e-mail;
       * `closedAt`: staff set it to "Afsluttet" then.
       */
      async function lead(
        lastContactAt: Date,
        options: { isCustomer?: boolean; photos?: number; closedAt?: Date } = {},
      ) {
        const [row] = await database.db
          .insert(leads)
          .values({
            kind: 'akut-skade',
            pagesOnCall: true,
            reference: `SK-${randomUUID().slice(0, 8)}`,
            name: 'Per Jensen',
            email: 'per@example.dk',
            details: { besked: 'Vand i kælderen' },
            createdAt: lastContactAt,
            lastContactAt,
            isCustomer: options.isCustomer ?? false,
            ...(options.closedAt ? { status: 'done' as const, statusChangedAt: options.closedAt } : {}),
          })
          .returning({ id: leads.id });
        const id = row!.id;
        const keys: string[] = [];
        for (let position = 0; position < (options.photos ?? 2); position++) {
          const key = `uploads/${randomUUID()}`;
          await storage.put(key, makePng(2, 2, [position, 0, 0]), 'image/png');
          await database.db.insert(uploads).values({
            objectKey: key,
            status: 'attached',
            contentType: 'image/png',
            expiresAt: lastContactAt,
            leadId: id,
          });
          await database.db
            .insert(leadImages)
            .values({ leadId: id, position, objectKey: key, contentType: 'image/png', bytes: 70 });
          keys.push(key);
        }
        await database.db.insert(leadNotes).values({ leadId: id, authorName: 'Mads', body: 'Ringet op' });
        await database.db
          .insert(mailJobs)
          .values({ kind: 'lead-notification', payload: { leadId: id }, leadId: id, status: 'sent' });
        return { id, keys };
      }
      const exists = async (id: string) =>
        (await database.db.select({ id: leads.id }).from(leads).where(eq(leads.id, id))).length === 1;
      const objectsLeft = async (keys: readonly string[]) => {
        let left = 0;
        for (const key of keys) if (await storage.get(key)) left++;
        return left;
      };

      it('deletes an enquiry 2 years and 1 day after the latest contact, with its photos, notes and e-mails', async () => {
        const base = new Date();
        const old = await lead(base);
        const dayYounger = await lead(new Date(base.getTime() + day));
        const customer = await lead(base, { isCustomer: true, closedAt: base });
        const oldCustomer = await lead(yearsBefore(base, 3), {
          isCustomer: true,
          photos: 1,
          closedAt: yearsBefore(base, 3),
        });
        // Another attached upload whose lead is gone some other way, and one a living lead uses.
        const orphanKey = `uploads/${randomUUID()}`;
        await storage.put(orphanKey, makePng(), 'image/png');
        await database.db
          .insert(uploads)
          .values({ objectKey: orphanKey, status: 'attached', expiresAt: base, leadId: null });
        await database.db
          .update(uploads)
          .set({ leadId: null })
          .where(eq(uploads.objectKey, customer.keys[0]!));

        // Move the clock: two years and a day after the first contact.
        const now = new Date(yearsBefore(base, -2).getTime() + day);
        const result = await runRetention({ db: database.db, storage, mailDir }, now);

        expect(result).toMatchObject({ leads: 2, customers: 1, photos: 3, orphanedUploads: 1 });
        expect(await exists(old.id)).toBe(false);
        expect(await objectsLeft(old.keys)).toBe(0);
        expect(await exists(oldCustomer.id)).toBe(false);
        expect(await objectsLeft(oldCustomer.keys)).toBe(0);
        expect(await objectsLeft([orphanKey])).toBe(0);
        for (const table of [leadImages, leadNotes, mailJobs, uploads] as const) {
          const rows = await database.db
            .select({ leadId: table.leadId })
            .from(table)
            .where(inArray(table.leadId, [old.id, oldCustomer.id]));
          expect(rows).toHaveLength(0);
        }
        expect(
          await database.db
            .select()
            .from(uploads)
            .where(inArray(uploads.objectKey, [...old.keys, orphanKey])),
        ).toHaveLength(0);

        // A day younger, and a customer of the same age, stay with everything they have.
        expect(await exists(dayYounger.id)).toBe(true);
        expect(await objectsLeft(dayYounger.keys)).toBe(2);
        expect(await exists(customer.id)).toBe(true);
        expect(await objectsLeft(customer.keys)).toBe(2);
        expect(
          await database.db.select().from(leadNotes).where(eq(leadNotes.leadId, dayYounger.id)),
        ).toHaveLength(1);

        // A day later the younger one goes; the customer stays until its own period ends.
        const later = await runRetention(
          { db: database.db, storage, mailDir },
          new Date(now.getTime() + day),
        );
        expect(later).toMatchObject({ leads: 1, customers: 0, photos: 2 });
        expect(await exists(customer.id)).toBe(true);
        const customerEnd = new Date(
          yearsBefore(base, -retention.customerDataYearsAfterContract).getTime() + day,
        );
        expect(await runRetention({ db: database.db, storage, mailDir }, customerEnd)).toMatchObject({
          leads: 1,
          customers: 1,
          photos: 2,
          orphanedUploads: 0,
        });
        expect(
          await database.db.select().from(uploads).where(inArray(uploads.objectKey, customer.keys)),
        ).toHaveLength(0);
        expect(await objectsLeft(customer.keys)).toBe(0);
      });

      it('keeps a customer while the case is open, and for the customer period after it was closed', async () => {
        const base = new Date(Date.now() - 365 * day);
        const open = await lead(base, { isCustomer: true, photos: 1 });
        const closedLater = await lead(base, {
          isCustomer: true,
          photos: 1,
          closedAt: yearsBefore(base, -3),
        });
        const run = (at: Date) => runRetention({ db: database.db, storage, mailDir }, at);
        const afterClosing = (years: number) =>
          new Date(yearsBefore(base, -(3 + retention.customerDataYearsAfterContract)).getTime() + years);

        // Long past the period counted from the contact, but the case is open or closed recently.
        expect(await run(afterClosing(-day))).toMatchObject({ leads: 0, customers: 0 });
        expect(await exists(open.id)).toBe(true);
        expect(await exists(closedLater.id)).toBe(true);

        // The period after closing is over: the closed customer goes, the open one stays.
        expect(await run(afterClosing(day))).toMatchObject({ leads: 1, customers: 1, photos: 1 });
        expect(await exists(closedLater.id)).toBe(false);
        expect(await objectsLeft(closedLater.keys)).toBe(0);
        expect(await exists(open.id)).toBe(true);
        expect(await objectsLeft(open.keys)).toBe(1);
        await database.db.delete(leads).where(eq(leads.id, open.id));
      });

      it('deletes saved e-mails after the enquiry period, counters after a day, login attempts after 30 days', async () => {
        const now = new Date();
        mkdirSync(mailDir, { recursive: true });
        const files = { old: 'old.eml', fresh: 'fresh.eml', other: 'notes.txt' };
        for (const name of Object.values(files)) writeFileSync(join(mailDir, name), 'Subject: x\r\n\r\nVand');
        const oldTime = new Date(yearsBefore(now, 2).getTime() - day);
        utimesSync(join(mailDir, files.old), oldTime, oldTime);
        utimesSync(join(mailDir, files.other), oldTime, oldTime);

        await database.db.insert(rateLimitCounters).values([
          { key: 'lead-ip:old', windowStart: new Date(now.getTime() - day - 60_000), count: 3 },
          { key: 'lead-ip:new', windowStart: new Date(now.getTime() - 60 * 60_000), count: 3 },
        ]);
        await database.db.insert(loginAttempts).values([
          {
            email: 'a@example.dk',
            ip: '10.0.0.1',
            succeeded: false,
            createdAt: new Date(now.getTime() - 31 * day),
          },
          {
            email: 'a@example.dk',
            ip: '10.0.0.1',
            succeeded: true,
            createdAt: new Date(now.getTime() - 29 * day),
          },
        ]);

        const result = await runRetention({ db: database.db, storage, mailDir }, now);
        expect(result).toMatchObject({ mailFiles: 1, rateLimitCounters: 1, loginAttempts: 1 });
        expect(readdirSync(mailDir).sort()).toEqual([files.fresh, files.other].sort());
        expect((await database.db.select().from(rateLimitCounters)).map((row) => row.key)).toEqual([
          'lead-ip:new',
        ]);
        expect(await database.db.select().from(loginAttempts)).toHaveLength(1);
      });

      it('can run on two server copies at once and then finds nothing more to delete', async () => {
        const base = new Date();
        const many = [];
        for (let index = 0; index < 5; index++) many.push(await lead(base, { photos: 1 }));
        const now = new Date(yearsBefore(base, -2).getTime() + day);
        const deps = { db: database.db, storage, mailDir };
        const [first, second] = await Promise.all([runRetention(deps, now), runRetention(deps, now)]);
        expect(first.leads + second.leads).toBe(5);
        expect(first.photos + second.photos).toBe(5);
        // A third run finds nothing left to delete.
        expect(await runRetention(deps, now)).toEqual(nothingDeleted());
        expect(await objectsLeft(many.flatMap((item) => item.keys))).toBe(0);
      });
    });
  }
});
