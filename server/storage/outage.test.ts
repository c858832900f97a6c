import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadImages, leads, mailJobs } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { startFakeS3, type FakeS3 } from '../test/fake-s3.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { makePng } from '../../tests/support/images.ts';

/**
 * The object store failing while a visitor sends an emergency with photos: the visitor gets a
 * clear Danish answer (503) and nothing is half-written; a lead acknowledged before the outage
 * keeps its photo rows and its queued e-mail.
 */
describeEachDatabase('an S3 outage during an emergency with photos', (target) => {
  let s3: FakeS3;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp({
      database: target,
      env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0', SPAM_CHECKS: 'off', ...s3.env },
      mail: { startWorker: false },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.dispose();
  });

  /** Asks for an upload URL and PUTs a photo straight to the bucket, as the browser does. */
  async function uploadPhoto(): Promise<string> {
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ contentType: 'image/png' }),
    });
    const { uploadURL } = issued.json<{ uploadURL: string }>();
    const put = await fetch(uploadURL, {
      method: 'PUT',
      body: new Uint8Array(makePng()),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.ok).toBe(true);
    return uploadURL.split('?')[0]!;
  }

  const postLead = (images: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(emergencyBody(images)),
    });
  const total = async (table: typeof leads | typeof leadImages | typeof mailJobs) =>
    (await t.app.deps.db.select({ n: count() }).from(table))[0]!.n;

  it('answers 503 in Danish, writes nothing, and keeps what was acknowledged before', async () => {
    const acknowledged = await postLead([await uploadPhoto()]);
    expect(acknowledged.statusCode).toBe(201);
    const { id } = acknowledged.json<{ id: string }>();

    const photo = await uploadPhoto();
    const before = {
      leads: await total(leads),
      images: await total(leadImages),
      mails: await total(mailJobs),
    };
    await s3.stop();

    const refused = await postLead([photo]);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toMatch(
      /^Vi kan ikke modtage billeder lige nu\. Prøv igen om lidt, eller ring til os på /,
    );
    expect({
      leads: await total(leads),
      images: await total(leadImages),
      mails: await total(mailJobs),
    }).toEqual(before);

    expect(await t.app.deps.db.select().from(leadImages).where(eq(leadImages.leadId, id))).toHaveLength(1);
    expect(
      (await t.app.deps.db.select().from(mailJobs).where(eq(mailJobs.leadId, id))).length,
    ).toBeGreaterThan(0);
    // A lead without photos still gets through while the store is down.
    expect((await postLead([])).statusCode).toBe(201);
  });
});
