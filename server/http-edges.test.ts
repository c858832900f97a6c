/**
 * Requests whose URL is written in an unusual way: the keyed pages reached through
 * percent-escapes or another case, and URLs the router cannot decode at all. The app runs with a
 * logger writing to memory and the built pages of the client fixture.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { leads, users } from './db/schema.ts';
import type { MailTransport, OutgoingMail } from './mail/transport.ts';
import { ackToken } from './oncall/paging/ack-link.ts';
import { badUrlText } from './plugins/bad-url.ts';
import { createClientFixture, type ClientFixture } from './test/client-fixture.ts';
import { createTestDatabaseLocation, type TestDatabaseLocation } from './test/databases.ts';
import { contactBody } from './test/lead-bodies.ts';
import { TEST_SIGNING_SECRET } from './test/test-app.ts';

const lines: string[] = [];
const sent: OutgoingMail[] = [];
let app: FastifyInstance;
let location: TestDatabaseLocation;
let fixture: ClientFixture;
/** A working case link's token and on-call link's token. */
let caseToken: string;
let oncallToken: string;

beforeAll(async () => {
  fixture = createClientFixture();
  location = await createTestDatabaseLocation('pglite');
  const config = loadConfig({
    LOG_LEVEL: 'info',
    SIGNING_SECRET: TEST_SIGNING_SECRET,
    ADDRESS_API_KIND: 'off',
    SPAM_CHECKS: 'off',
    RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
    DATA_DIR: location.dataDir,
    CLIENT_DIR: fixture.dir,
  });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const transport: MailTransport = {
    kind: 'eml',
    send: async (mail) => void sent.push(mail),
    close: async () => {},
  };
  app = await buildApp(config, {
    logger: { level: 'info', stream },
    mail: { startWorker: false, transport },
  });
  await app.ready();

  const created = await app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ ...contactBody, email: 'kunde@example.dk' }),
  });
  expect(created.statusCode).toBe(201);
  const { reference } = created.json<{ reference: string }>();
  await app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
  const receipt = sent.find((mail) => mail.subject.includes(reference) && mail.text.includes('/sag/'));
  caseToken = receipt!.text.match(/\/sag\/([A-Za-z0-9_-]{43})/)![1]!;
  const [lead] = await app.deps.db.select().from(leads).where(eq(leads.reference, reference));
  // The on-call page opens only for an active staff account: the page's person must exist.
  const [person] = await app.deps.db
    .insert(users)
    .values({ email: 'vagt@skade.example.dk', name: 'Anna Vagt', phone: '+4521212121', passwordHash: 'x' })
    .returning({ id: users.id });
  oncallToken = ackToken(TEST_SIGNING_SECRET, lead!.id, person!.id, new Date());
});
afterAll(async () => {
  await app?.close();
  await location?.cleanup();
  fixture?.remove();
});
beforeEach(() => {
  lines.length = 0;
});

const get = (url: string, method: 'GET' | 'POST' = 'GET') => app.inject({ method, url });

describe('the keys of the case page and the on-call page in the request log', () => {
  it.each([
    ['/s%61g/', 'escaped letter'],
    ['/%73%61%67/', 'every letter escaped'],
    ['/s%2561g/', 'escaped twice'],
    ['/SAG/', 'upper case'],
    ['/S%41g/', 'escaped upper case'],
  ])('keeps the case token out of the log when the path is written %s (%s)', async (prefix) => {
    const response = await get(`${prefix}${caseToken}`);
    expect(response.statusCode).toBeLessThan(500);
    const log = lines.join('');
    expect(log).toContain('/sag/[skjult]');
    expect(log).not.toContain(caseToken);
  });

  it('hides the token of the case page it really opens through an escaped path', async () => {
    const response = await get(`/s%61g/${caseToken}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Din sag SK-');
    await get(`/s%61g/${caseToken}/besked`, 'POST');
    const log = lines.join('');
    expect(log).toContain('/sag/[skjult]');
    expect(log).not.toContain(caseToken);
  });

  it('hides the token of the on-call page it really opens through an escaped path', async () => {
    for (const prefix of ['/v%61gt/', '/%76%61%67%74/']) {
      const response = await get(`${prefix}${oncallToken}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Jeg tager den');
    }
    const log = lines.join('');
    expect(log).toContain('/vagt/[skjult]');
    expect(log).not.toContain(oncallToken);
    expect(log).not.toContain(oncallToken.split('.').at(-1));
  });

  it('hides the token when an invalid escape follows it', async () => {
    expect((await get(`/s%61g/${caseToken}%ZZ`)).statusCode).toBe(400);
    const log = lines.join('');
    expect(log).toContain('/sag/[skjult]');
    expect(log).not.toContain(caseToken);
  });
});

describe('a URL the router cannot decode', () => {
  const forged = `/sag/${'Q'.repeat(43)}%ZZ`;

  it.each([forged, '/%ZZ', '/blog/%E0%A4%A', '/services%C0%AF'])(
    'answers %s with the Danish 400 page and the security headers, without the path',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<html lang="da">');
      expect(response.body).toContain(badUrlText.heading);
      expect(response.body).not.toMatch(/not a valid url|Bad Request/i);
      expect(response.body).not.toContain(url);
      expect(response.body).not.toContain('QQQQ');
      expect(response.body).not.toContain('%ZZ');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('answers a form post to such a URL the same way', async () => {
    const response = await get(`/s%61g/${caseToken}%ZZ/besked`, 'POST');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(badUrlText.heading);
    expect(response.body).not.toContain(caseToken);
  });

  it('answers the API with Danish JSON and the API headers, without the path', async () => {
    const response = await get('/api/leads%ZZ', 'POST');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Ugyldig forespørgsel.' });
    expect(response.body).not.toContain('%ZZ');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('logs that it happened without the path', async () => {
    await get(forged);
    const log = lines.join('');
    expect(log).toContain('FST_ERR_BAD_URL');
    expect(log).not.toContain('QQQQ');
  });

  it('still answers an unknown but decodable path with the not-found page', async () => {
    const response = await get('/findes%20ikke');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Ups! Siden er skadet');
  });
});

describe('an API path written with escapes', () => {
  it('gets the API’s rules: JSON bodies only, no-store, JSON not-found', async () => {
    const form = await app.inject({
      method: 'POST',
      url: '/%61pi/leads',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Anne',
    });
    expect(form.statusCode).toBe(415);
    expect(form.headers['cache-control']).toBe('no-store');
    const token = await get('/%61pi/leads/token');
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    const missing = await get('/%61pi/findes-ikke');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });
});
