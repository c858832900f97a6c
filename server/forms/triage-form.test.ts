/**
 * The emergency form's quick questions sent without scripts, against the built pages
 * (build/client, build/form-render: `npm test` builds before it runs these).
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { triageInvalidMessage } from '../../domain/triage.ts';
import { leads } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import { formCookieFrom, formFieldsOf, multipartForm, plainFormTestApp } from '../test/plain-forms.ts';
import type { TestApp } from '../test/test-app.ts';

/** The text fields of the emergency body (the kind comes from the page; photos are files). */
const emergencyFields = () => formFieldsOf(emergencyBody());

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
    t = await plainFormTestApp(target);
  });
  afterAll(() => t.close());

  const post = async (fields: Record<string, string>) => {
    // As a browser without scripts posts it: multipart, no photo chosen.
    const body = await multipartForm(fields);
    return t.app.inject({
      method: 'POST',
      url: '/akut-skade',
      headers: { 'content-type': body.contentType, cookie: formCookieFrom() },
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
    // Who the sender is stays as chosen (a private person by default), with the quick questions' answers.
    expect(checkedRadios(response.body)).toEqual([
      'personType=privatperson',
      'personfare=ja',
      'ubeboelig=nej',
    ]);
    expect(response.body).toContain('value="Per Jensen"');
    expect(await leadCount()).toBe(before);
  });
});
