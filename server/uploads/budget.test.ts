/**
 * The site-wide upload budget as the service counts it, with an injected clock: what an upload URL
 * reserves, for how long an empty one counts, and how much of it one client may hold.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { limits, uploadBudget } from '../../domain/constants.ts';
import { makeJpegLike } from '../../tests/support/images.ts';
import { uploads } from '../db/schema.ts';
import { UploadBudgetError, uploadBudgetMessages } from './errors.ts';
import type { LocalObjectStore } from '../storage/object-store.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { clientShareBytes, issueUpload, receiveLocalUpload, uploadIdFromUrl } from './uploads.ts';
import { localStoreBeside } from '../test/local-store.ts';

const MB = 1024 * 1024;

describe('who counts as one client', () => {
  it('may hold 5 % of the budget, and never less than one photo', () => {
    expect(clientShareBytes(2048 * MB)).toBe(Math.floor(2048 * MB * 0.05));
    expect(clientShareBytes(2048 * MB)).toBeGreaterThanOrEqual(limits.reportMaxImages * limits.maxImageBytes);
    expect(clientShareBytes(10 * MB)).toBe(limits.maxImageBytes);
  });
});

describeEachDatabase('the upload budget over time', (target) => {
  let database: TestDatabase;
  let storage: LocalObjectStore;
  let clock = Date.now();
  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
    storage = localStoreBeside(database);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    await database.db.delete(uploads);
    clock = Date.now();
  });

  const deps = (pendingMaxBytes: number) => ({
    db: database.db,
    storage,
    pendingMaxBytes,
    now: () => new Date(clock),
  });
  /** Asks for a 10 MB upload URL; answers 200 or the refusal's status. */
  async function ask(pendingMaxBytes: number, ip: string, size = limits.maxImageBytes) {
    try {
      const { uploadURL } = await issueUpload(deps(pendingMaxBytes), { size }, ip);
      return { status: 200, uploadURL };
    } catch (error) {
      if (!(error instanceof UploadBudgetError)) throw error;
      return { status: error.status, message: error.message, uploadURL: '' };
    }
  }
  const minutes = (n: number) => n * 60_000;

  it('stops counting an upload URL that received no bytes after 2 minutes, and keeps counting one that did', async () => {
    const budget = 20 * MB;
    const sent = await ask(budget, '10.20.0.1', 9 * MB);
    const url = new URL(sent.uploadURL);
    const received = await receiveLocalUpload(deps(budget), {
      uploadId: uploadIdFromUrl(sent.uploadURL)!,
      expires: url.searchParams.get('expires') ?? undefined,
      signature: url.searchParams.get('signature') ?? undefined,
      contentLength: undefined,
      body: Readable.from([makeJpegLike(9 * MB)]),
    });
    expect(received.ok).toBe(true);
    expect((await ask(budget, '10.20.0.2')).status).toBe(200);
    // 9 MB received and 10 MB reserved: no room for 10 MB more.
    expect(await ask(budget, '10.20.0.3')).toMatchObject({
      status: 503,
      message: uploadBudgetMessages.siteFull,
    });
    clock += minutes(1);
    expect((await ask(budget, '10.20.0.3')).status).toBe(503);
    // Past 2 minutes the empty reservation no longer counts; the received photo still does.
    clock += uploadBudget.emptyReservationMs - minutes(1) + 1000;
    expect((await ask(budget, '10.20.0.3')).status).toBe(200);
    expect((await ask(budget, '10.20.0.4')).status).toBe(503);
  });

  it('gives one client (an IPv4 address, an IPv6 /64) no more than its share of the budget', async () => {
    // 400 MB: 5 % is 20 MB, two URLs of 10 MB.
    const budget = 400 * MB;
    expect(clientShareBytes(budget)).toBe(20 * MB);
    for (const ip of ['10.21.0.1', '10.21.0.1']) expect((await ask(budget, ip)).status).toBe(200);
    expect(await ask(budget, '10.21.0.1')).toMatchObject({
      status: 429,
      message: uploadBudgetMessages.overBudget,
    });
    expect((await ask(budget, '10.21.0.2')).status).toBe(200);

    // Every address of a /64 is one client; the next /64 is another.
    expect((await ask(budget, '2001:db8:5:6::1')).status).toBe(200);
    expect((await ask(budget, '2001:db8:5:6:aaaa:bbbb:cccc:dddd')).status).toBe(200);
    expect((await ask(budget, '2001:db8:5:6::ffff')).status).toBe(429);
    expect((await ask(budget, '2001:db8:5:7::1')).status).toBe(200);

    // Its empty reservations stop counting after 2 minutes, and with them the share.
    clock += uploadBudget.emptyReservationMs + 1000;
    expect((await ask(budget, '10.21.0.1')).status).toBe(200);
    expect((await ask(budget, '2001:db8:5:6::1234')).status).toBe(200);
  });

  it('keeps eleven addresses from filling the default budget for everyone', async () => {
    // The default budget: each address stops at its share, far short of the whole.
    const budget = 2048 * MB;
    let granted = 0;
    for (let address = 1; address <= 11; address++) {
      for (let index = 0; index < 25; index++) {
        const answer = await ask(budget, `10.22.0.${address}`);
        if (answer.status !== 200) {
          expect(answer.status).toBe(429);
          break;
        }
        granted += 1;
      }
    }
    expect(granted * limits.maxImageBytes).toBeLessThanOrEqual(11 * clientShareBytes(budget));
    expect((await ask(budget, '10.22.1.1')).status).toBe(200);
  });
});
