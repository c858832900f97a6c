/**
 * The emergency form's quick questions sent without scripts, against the built pages
 * (build/client, build/form-render: `npm test` builds before it runs these).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { triageInvalidMessage } from '../../domain/triage.ts';
import { leads } from '../db/schema.ts';
import { issueFormToken } from '../leads/spam-token.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from '../test/test-app.ts';
import { formCookieName } from './form-cookie.ts';
import { formRendererPath } from './form-pages.ts';

const clientDir = join(import.meta.dirname, '..', '..', 'build', 'client');
if (!existsSync(formRendererPath(clientDir))) {
  throw new Error('These tests answer with the built pages: run `npm run build` first.');
}

/** The emergency form as a browser without scripts posts it: multipart, no photo chosen. */
async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('billeder', new Blob([]), '');
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

/** The text fields of the emergency body (the kind comes from the page; photos are files). */
const emergencyFields = () =>
  Object.fromEntries(
    Object.entries(emergencyBody()).filter(([name, value]) => name !== 'kind' && typeof value === 'string'),
  ) as Record<string, string>;

/** The radios the answered page shows chosen, as `name=value`. */
function checkedRadios(html: string): string[] {
  return [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)]
    .map((match) => match[0])
    .filter((input) => /\schecked(=""|\s|>|\/)/.test(input))
    .map((input) => `${/name="([^"]+)"/.exec(input)![1]}=${/value="([^"]+)"/.exec(input)![1]}`)
    .sort();
}

describeEachDatabase('the emergency form’s quick questions as plain HTML', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      clientDir,
      env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { startWorker: false },
    });
  });
  afterAll(() => t.close());

  /** A form cookie as the page gave it 20 seconds ago (a person reading and typing). */
  const cookie = () => `${formCookieName}=${issueFormToken(TEST_SIGNING_SECRET, Date.now() - 20_000)}`;
  const post = async (fields: Record<string, string>) => {
    const body = await multipart(fields);
    return t.app.inject({
      method: 'POST',
      url: '/akut-skade',
      headers: { 'content-type': body.contentType, cookie: cookie() },
      payload: body.payload,
    });
  };
  const leadCount = async () => (await t.app.deps.db.select({ n: count() }).from(leads))[0]!.n;

  it('takes the answers with the lead, which gets its priority', async () => {
    const response = await post({ ...emergencyFields(), personfare: 'ja', kloakvand: 'nej', saarbare: '' });
    expect(response.statusCode).toBe(303);
    const reference = new URL(response.headers.location!, 'http://x').searchParams.get('ref')!;
    const [row] = await t.app.deps.db.select().from(leads).where(eq(leads.reference, reference));
    expect(row?.priority).toBe('kritisk');
    expect(row?.details).toMatchObject({ personfare: 'ja', kloakvand: 'nej' });
    expect(row?.details).not.toHaveProperty('saarbare');
  });

  it('answers another value with 400 and the Danish message, the chosen answers still chosen', async () => {
    const before = await leadCount();
    const response = await post({
      ...emergencyFields(),
      personfare: 'ja',
      kloakvand: 'maaske',
      ubeboelig: 'nej',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(triageInvalidMessage);
    expect(response.body).toContain('href="#akut-kloakvand-ja"');
    expect(checkedRadios(response.body)).toEqual(['personfare=ja', 'ubeboelig=nej']);
    expect(response.body).toContain('value="Per Jensen"');
    expect(await leadCount()).toBe(before);
  });
});
