/**
 * Surge mode through HTTP, on PGlite and PostgreSQL: GET /api/beredskab as emergencies arrive
 * and are acknowledged, what each emergency is told and stores, a koordinator's switch with its
 * audit, and the notice in the served pages (scripts play no part: it is in the HTML).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { auditLog, leads, users } from '../../db/schema.ts';
import { addStaff } from '../../staff/accounts.ts';
import { setChain } from '../rota/rota-store.ts';
import { waitInWords } from '../../../domain/surge.ts';
import { surgeCacheMs } from './surge.ts';
import { recordListOpened } from './working.ts';
import { createClientFixture, type ClientFixture } from '../../test/client-fixture.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { password, publicUrl, StaffClient, loggedInNewStaff, testStaff } from '../../test/staff-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describeEachDatabase('surge mode', (target) => {
  let t: TestApp;
  let fixture: ClientFixture;
  let anna: StaffClient;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  /** Past the kept state: the next question counts again. */
  const later = () => {
    offset += surgeCacheMs + 1_000;
  };
  const db = () => t.app.deps.db;
  const beredskab = () => t.app.inject({ method: 'GET', url: '/api/beredskab' });
  let sent = 0;
  /**
   * A new emergency each time: another caller and address, so none repeats another, sent from
   * another client (IP address), since one client counts once in surge.
   */
  const postEmergency = (body: object = {}) => {
    sent += 1;
    const payload = {
      ...emergencyBody(),
      email: `kunde${sent}@example.dk`,
      telefon: `20 12 34 ${String(sent).padStart(2, '0')}`,
      adresse: `Strandvejen ${sent}, 2900 Hellerup`,
      ...body,
    };
    return t.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload,
      remoteAddress: `198.51.100.${sent}`,
    });
  };

  /** A page promising the callback in its text, meta, labels and the data it hydrates from. */
  const promisePage = (within: string, atStart: string) => {
    const script = `window.__reactRouterContext.streamController.enqueue("[{\\"intro\\":\\"Vi ringer til dig ${within} på det nummer, du skriver.\\"}]");`;
    return {
      script,
      html: `<!DOCTYPE html><html lang="da"><head><meta charset="utf-8"><title>Akut skade</title><meta name="description" content="Vi kontakter dig ${within} – 24/7."><meta property="og:description" content="Vi kontakter dig ${within} – 24/7."></head><body><h1>Akut skade</h1><p>Vi ringer til dig ${within} på det nummer, du skriver.</p><ol><li>${atStart}</li></ol><script>${script}</script></body></html>`,
      data: `[{"_1":2},"routes/emergency",{"intro":"Vi ringer til dig ${within} på det nummer, du skriver."}]\n`,
    };
  };
  const builtPromisePage = promisePage('inden for 15 minutter', 'Inden for 15 minutter');
  const hashOf = (script: string) =>
    `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

  beforeAll(async () => {
    fixture = createClientFixture();
    mkdirSync(join(fixture.dir, 'akut-skade'), { recursive: true });
    writeFileSync(join(fixture.dir, 'akut-skade/index.html'), builtPromisePage.html);
    writeFileSync(join(fixture.dir, 'akut-skade.data'), builtPromisePage.data);
    t = await createTestApp({
      database: target,
      clientDir: fixture.dir,
      env: { PUBLIC_URL: publicUrl, RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0', SPAM_CHECKS: 'off' },
      mail: { startWorker: false },
      oncall: { startWorker: false, clock },
    });
    anna = await loggedInNewStaff(t.app, testStaff.anna);
    await addStaff(db(), { email: 'bo@example.dk', name: 'Bo Jensen', password });
    await addStaff(db(), { email: 'carl@example.dk', name: 'Carl Berg', password });
    await db().update(users).set({ phone: '+4511111111' }).where(eq(users.email, 'anna@example.dk'));
    await db().update(users).set({ phone: '+4522222222' }).where(eq(users.email, 'bo@example.dk'));
    // Carl has no phone: in the chain, but cannot be paged, so he does not count.
    await setChain(db(), {
      emails: ['anna@example.dk', 'bo@example.dk'],
      now: new Date(Date.now() - 60_000),
      actor: 'test',
    });
    // Anna and Bo have their queue pages open: two people working the queue share the wait.
    for (const email of ['anna@example.dk', 'bo@example.dk']) {
      const [person] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
      await recordListOpened(db(), person!.id, clock());
    }
  });
  /** The text of the receipt the outbox wrote (as an .eml file) for a lead. */
  const receiptOf = async (reference: string) => {
    const dir = join(t.dataDir, 'mail');
    for (const name of readdirSync(dir)) {
      const mail = await simpleParser(readFileSync(join(dir, name)));
      if (mail.subject === `Vi har modtaget din akutte henvendelse – ${reference}`) return mail.text ?? '';
    }
    throw new Error(`no receipt for ${reference}`);
  };
  afterAll(async () => {
    await t.close();
    fixture.remove();
  });

  it('is normal with few emergencies: 15 minutes, cacheable at a proxy for 30 s only', async () => {
    const response = await beredskab();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mode: 'normal',
      expectedCallbackMinutes: 15,
      message: 'Vi ringer til dig inden for 15 minutter.',
    });
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
  });

  it('serves the pages untouched while normal', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/services' });
    expect(page.body).toBe(fixture.files['services/index.html']);
    expect(page.body).not.toContain('mange akutte henvendelser');
    const promising = await t.app.inject({ method: 'GET', url: '/akut-skade' });
    expect(promising.body).toBe(builtPromisePage.html);
    expect(promising.headers['content-security-policy']).toContain(hashOf(builtPromisePage.script));
    const data = await t.app.inject({ method: 'GET', url: '/akut-skade.data' });
    expect(data.body).toBe(builtPromisePage.data);
  });

  it('goes into surge as emergencies wait, and tells each new one the time', async () => {
    // Two people working the queue, 10 minutes a call: 3 waiting → 15 minutes, still normal.
    for (let i = 0; i < 3; i += 1) {
      const answer = (await postEmergency()).json();
      expect(answer.callback).toEqual({ minutes: 15, inSurge: false, critical: false });
      expect(answer.message).toBe('Vi ringer til dig inden for 15 minutter.');
    }
    later();
    expect((await beredskab()).json().mode).toBe('normal');
    await postEmergency();
    later();
    // 4 waiting × 10 ÷ 2 = 20 minutes, told as the next step up: 30.
    const state = (await beredskab()).json();
    expect(state).toEqual({
      mode: 'travlt',
      expectedCallbackMinutes: 30,
      message:
        'Vi har mange akutte henvendelser lige nu. Forventet ventetid på opkald: ca. 30 minutter. Er der fare for personer, så ring 112.',
    });
    const created = await postEmergency();
    expect(created.json()).toMatchObject({
      callback: { minutes: 30, inSurge: true, critical: false },
      message:
        'Vi har mange akutte henvendelser lige nu. Vi ringer til dig, forventet ventetid: ca. 30 minutter.',
    });
    const [row] = await db().select().from(leads).where(eq(leads.id, created.json().id));
    expect(row).toMatchObject({ announcedCallbackMinutes: 30, announcedInSurge: true });
    // One more waiting (5 × 10 ÷ 2 = 25 minutes) says the same: the public figure counts no queue.
    later();
    expect((await beredskab()).json().expectedCallbackMinutes).toBe(30);
  });

  it('tells a danger to people that it is first in line', async () => {
    const created = await postEmergency({ personfare: 'ja' });
    expect(created.json()).toMatchObject({
      callback: { minutes: 15, inSurge: true, critical: true },
      message:
        'Du er forrest i køen, fordi der er fare for personer. Vi ringer til dig inden for 15 minutter.',
    });
  });

  it('puts the notice at the top of every served page while in surge, without scripts', async () => {
    later();
    const minutes = (await beredskab()).json().expectedCallbackMinutes;
    expect(minutes).toBe(30); // 6 waiting × 10 ÷ 2
    const page = await t.app.inject({ method: 'GET', url: '/services' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<body><section id="travlt" class="surge-notice" aria-label="Ventetid på opkald"><p>Vi har mange akutte henvendelser lige nu. Forventet ventetid på opkald: ca. 30 minutter. Er der fare for personer, så ring <a href="tel:112">112</a>.</p></section><h1>Ydelser</h1>',
    );
    // The page keeps its scripts' hashes in its policy, and compressed variants say the same.
    expect(page.headers['content-security-policy']).toContain("'sha256-");
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toContain('id="travlt"');
    // A new ETag: a browser's copy of the normal page is not reused.
    const plain = await t.app.inject({
      method: 'GET',
      url: '/services',
      headers: { 'if-none-match': page.headers.etag as string },
    });
    expect(plain.statusCode).toBe(304);
    const missing = await t.app.inject({ method: 'GET', url: '/findes-ikke' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('id="travlt"');
  });

  it('says the wait in place of the 15 minutes in every promise of a page and its data, with the hashes to match', async () => {
    const { mode, expectedCallbackMinutes } = (await beredskab()).json();
    expect(mode).toBe('travlt');
    const wait = waitInWords(expectedCallbackMinutes); // the notice's words, e.g. "ca. 30 minutter"
    const page = await t.app.inject({ method: 'GET', url: '/akut-skade' });
    expect(page.body).toContain(`Forventet ventetid på opkald: ${wait}.`);
    const surge = promisePage(`om ${wait}`, `Om ${wait}`);
    expect(page.body).not.toContain('15 minutter');
    expect(page.body).toContain(`<meta name="description" content="Vi kontakter dig om ${wait} – 24/7.">`);
    expect(page.body).toContain(
      `<meta property="og:description" content="Vi kontakter dig om ${wait} – 24/7.">`,
    );
    expect(page.body).toContain(
      `<p>Vi ringer til dig om ${wait} på det nummer, du skriver.</p><ol><li>Om ${wait}</li></ol>`,
    );
    expect(page.body).toContain(`<script>${surge.script}</script>`);
    // The policy allows the page's inline data as sent, not as built.
    expect(page.headers['content-security-policy']).toContain(hashOf(surge.script));
    expect(page.headers['content-security-policy']).not.toContain(hashOf(builtPromisePage.script));
    // A client-side navigation to the page reads the same wait.
    const data = await t.app.inject({ method: 'GET', url: '/akut-skade.data' });
    expect(data.body).toBe(surge.data);
  });

  it('leaves surge when the emergencies are acknowledged', async () => {
    await db()
      .update(leads)
      .set({ acknowledgedAt: clock() })
      .where(and(eq(leads.kind, 'akut-skade'), isNull(leads.acknowledgedAt)));
    later();
    expect((await beredskab()).json().mode).toBe('normal');
    const page = await t.app.inject({ method: 'GET', url: '/services' });
    expect(page.body).toBe(fixture.files['services/index.html']);
  });

  it('a koordinator switches surge on with a reason and off again, audited', async () => {
    const stranger = new StaffClient(t.app);
    const refused = await stranger.request('PUT', '/api/staff/oncall/surge', { on: true, reason: 'Skybrud' });
    expect(refused.statusCode).toBe(401);
    // Bo is a medarbejder: the switch is a koordinator's.
    const bo = new StaffClient(t.app);
    await bo.logIn('bo@example.dk');
    const notHis = await bo.request('PUT', '/api/staff/oncall/surge', { on: true, reason: 'Skybrud' });
    expect(notHis.statusCode).toBe(403);
    expect((await bo.request('GET', '/api/staff/oncall/surge')).statusCode).toBe(200);
    const noReason = await anna.request('PUT', '/api/staff/oncall/surge', { on: true, reason: ' ' });
    expect(noReason.statusCode).toBe(400);

    const on = await anna.request('PUT', '/api/staff/oncall/surge', {
      on: true,
      reason: 'Skybrud i Storkøbenhavn',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      mode: 'travlt',
      expectedCallbackMinutes: 60,
      manual: { on: true, actor: 'anna@example.dk', reason: 'Skybrud i Storkøbenhavn' },
    });
    // Switched by hand: at least an hour, whatever the counts say.
    expect((await beredskab()).json()).toMatchObject({ mode: 'travlt', expectedCallbackMinutes: 60 });
    const inSurge = (await postEmergency()).json();
    expect(inSurge.callback).toEqual({ minutes: 60, inSurge: true, critical: false });

    const off = await anna.request('PUT', '/api/staff/oncall/surge', { on: false });
    expect(off.json()).toMatchObject({ mode: 'normal', expectedCallbackMinutes: 15, manual: { on: false } });
    expect(off.json().history.map((entry: { on: boolean }) => entry.on)).toEqual([false, true]);
    expect((await beredskab()).json().mode).toBe('normal');

    // The receipt, sent after surge ended, says what the emergency was told.
    await t.app.deps.mail.worker.runDueJobs(new Date(clock().getTime() + 60_000));
    const receipt = await receiptOf(inSurge.reference);
    expect(receipt).toContain('Vi har mange akutte henvendelser lige nu. Vi ringer til dig på 20 12 34');
    expect(receipt).toContain('forventet ventetid: ca. 1 time.');

    const audit = await db().select().from(auditLog).where(eq(auditLog.actor, 'anna@example.dk'));
    const switches = audit.filter((row) => row.action.startsWith('surge-'));
    expect(switches.map((row) => [row.action, row.details])).toEqual(
      expect.arrayContaining([
        ['surge-on', { reason: 'Skybrud i Storkøbenhavn' }],
        ['surge-off', {}],
      ]),
    );
  });
});
