/**
 * On-call paging end to end, on PGlite and PostgreSQL: emergencies page the chain through a fake
 * GatewayAPI (or CPSMS) speaking the documented format; the worker is driven by hand with an
 * injected clock (runDue), so escalation times are exact.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emergencyBody, contactBody } from '../../test/lead-bodies.ts';
import { auditLog, leads, mailJobs, oncallPageNotices, oncallPages, oncallSms } from '../../db/schema.ts';
import { createLead } from '../../leads/create-lead.ts';
import {
  describeEachDatabase,
  createTestDatabaseLocation,
  type TestDatabaseLocation,
} from '../../test/databases.ts';
import { smsProviderEnv, startFakeSmsProvider } from '../../test/fake-sms.ts';
import { fakeSmsProviderForEachTest } from '../../test/fake-sms-per-test.ts';
import { postEmergency, seedChain, startPagingApp, type PagingApp } from '../../test/paging-app.ts';
import { TEST_SIGNING_SECRET } from '../../test/test-app.ts';
import { ackFormToken, ackToken, withoutAckTokens } from './ack-link.ts';

const publicUrl = 'https://skade.example.dk';

function startApp(location: TestDatabaseLocation, env: Record<string, string>, clock: { now: Date }) {
  return startPagingApp(
    location,
    { PUBLIC_URL: publicUrl, ONCALL_ESCALATE_AFTER_SECONDS: '60', ...env },
    // The chain on its own: all hands in a surge are server/oncall/paging/all-hands.test.ts's.
    { clock, oncall: { worker: { allHands: false } } },
  );
}

const staff = [
  { email: 'anna@skade.example.dk', name: 'Anna Holm', phone: '+4521111111' },
  { email: 'bo@skade.example.dk', name: 'Bo Jensen', phone: '+4522222222' },
  { email: 'carl@skade.example.dk', name: 'Carl Berg', phone: '+4533333333' },
];

function later(clock: { now: Date }, seconds: number): Date {
  clock.now = new Date(clock.now.getTime() + seconds * 1000);
  return clock.now;
}

function formTokenOf(html: string): string {
  return /name="formToken" value="([^"]+)"/.exec(html)?.[1] ?? '';
}

describeEachDatabase('on-call paging', (target) => {
  const gateway = fakeSmsProviderForEachTest();
  let location: TestDatabaseLocation;
  let h: PagingApp;
  let ids: Map<string, string>;

  beforeEach(async () => {
    location = await createTestDatabaseLocation(target.kind);
    h = await startApp(location, smsProviderEnv(gateway), { now: new Date() });
    ids = await seedChain(h, staff);
  });
  afterEach(async () => {
    await h.app.close();
    await location.cleanup();
  });

  it('pages the first person of the chain with the documented GatewayAPI request', async () => {
    const lead = await postEmergency(h);
    const [page] = await h.db.select().from(oncallPages).where(eq(oncallPages.leadId, lead.id));
    expect(page?.status).toBe('pending');
    expect(await h.app.deps.oncall.worker.runDue(h.clock.now)).toMatchObject({ steps: 1, sent: 1 });
    expect(gateway.received).toHaveLength(1);
    const [sms] = gateway.received;
    expect(sms!.authorization).toBe(`Basic ${Buffer.from(`${gateway.token}:`).toString('base64')}`);
    expect(sms!.body).toMatchObject({ sender: 'Skadekomp', recipients: [{ msisdn: 4521111111 }] });
    expect(sms!.body.encoding).toBeUndefined();
    expect(sms!.text).toMatch(
      new RegExp(
        `^AKUT NORMAL ${lead.reference}: Vandskade\\nTag den: ${publicUrl}/v/[\\w-]{16}\\n.+, tlf\\. \\d\\d \\d\\d \\d\\d \\d\\d\\n.+$`,
      ),
    );
    // Nothing more until the escalation time.
    expect(await h.app.deps.oncall.worker.runDue(later(h.clock, 59))).toMatchObject({ steps: 0, sent: 0 });
  });

  it('pages nobody for an emergency filed as spam or for other kinds of lead', async () => {
    const body = emergencyBody();
    const spam = await createLead(h.app.deps, { ...body, telefon: '+4522345678' } as never, {}, ['honeypot']);
    const contact = await h.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: contactBody,
    });
    expect(contact.statusCode).toBe(201);
    await h.app.deps.oncall.worker.runDue(later(h.clock, 3600));
    expect(await h.db.select().from(oncallPages)).toHaveLength(0);
    expect(gateway.received).toHaveLength(0);
    expect(spam.reference).toMatch(/^SK-/);
  });

  it('escalates to the second, then everybody with the "Ikke kvitteret" e-mail; a GET never acknowledges, the POST does', async () => {
    const lead = await postEmergency(h);
    const worker = h.app.deps.oncall.worker;
    await worker.runDue(h.clock.now);
    await worker.runDue(later(h.clock, 60));
    expect(gateway.received.map((sms) => sms.to)).toEqual(['+4521111111', '+4522222222']);

    // Bo's link: a preview fetch (GET) shows the page but changes nothing.
    const boLink = `/vagt/${ackToken(TEST_SIGNING_SECRET, lead.id, ids.get('bo@skade.example.dk')!, h.clock.now)}`;
    // The SMS's short link leads to it.
    const short = /Tag den: (\S+)/.exec(gateway.received[1]!.text)![1]!;
    const redirect = await h.app.inject({ method: 'GET', url: short.slice(publicUrl.length) });
    expect(redirect.statusCode).toBe(303);
    expect(redirect.headers.location).toBe(boLink);
    const shown = await h.app.inject({ method: 'GET', url: boLink });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.headers['referrer-policy']).toBe('no-referrer');
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.body).toContain('noindex');
    expect(shown.body).toContain('Jeg tager den');
    expect(shown.body).toContain('href="tel:+45');
    const [unchanged] = await h.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(unchanged?.assignedTo).toBeNull();

    // A POST without the page's form token, or from another site, is refused.
    const noToken = await h.app.inject({
      method: 'POST',
      url: boLink,
      payload: 'formToken=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(noToken.statusCode).toBe(403);
    const crossSite = await h.app.inject({
      method: 'POST',
      url: boLink,
      payload: `formToken=${formTokenOf(shown.body)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const nullCrossSite = await h.app.inject({
      method: 'POST',
      url: boLink,
      payload: `formToken=${encodeURIComponent(formTokenOf(shown.body))}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'null',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(nullCrossSite.statusCode).toBe(403);

    // Escalation to everybody after the last, with the e-mail to MAIL_TO.
    await worker.runDue(later(h.clock, 60));
    await worker.runDue(later(h.clock, 60));
    expect(gateway.received.slice(0, 3).map((sms) => sms.to)).toEqual([
      '+4521111111',
      '+4522222222',
      '+4533333333',
    ]);
    // Everybody at once, in any order.
    expect(
      gateway.received
        .slice(3)
        .map((sms) => sms.to)
        .sort(),
    ).toEqual(['+4521111111', '+4522222222', '+4533333333']);
    expect(gateway.received[3]!.text).toMatch(/^AKUT NORMAL \(ingen har svaret\) /);
    const mails = await h.db.select().from(mailJobs).where(eq(mailJobs.kind, 'oncall-unacknowledged'));
    expect(mails).toHaveLength(1);
    const [exhausted] = await h.db.select().from(oncallPages).where(eq(oncallPages.leadId, lead.id));
    expect(exhausted?.status).toBe('exhausted');
    // The minute's "Ikke kvitteret" e-mail goes at the minute's end, with any others of it.
    await h.app.deps.mail.worker.runDueJobs(new Date(h.clock.now.getTime() + 60_000));
    const eml = readdirSync(join(location.dataDir, 'mail')).map((file) =>
      readFileSync(join(location.dataDir, 'mail', file), 'utf8'),
    );
    expect(eml.some((text) => text.includes(`Subject: Ikke kvitteret: ${lead.reference}`))).toBe(true);

    // Bo takes it: assigned, the others who got the page hear who took it.
    gateway.received.length = 0;
    const taken = await h.app.inject({
      method: 'POST',
      url: boLink,
      payload: `formToken=${encodeURIComponent(formTokenOf(shown.body))}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        // As a browser posts the page's form: its Referrer-Policy (no-referrer) makes the origin "null".
        origin: 'null',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toContain(`Du har taget ${lead.reference}`);
    const [assigned] = await h.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(assigned).toMatchObject({
      assignedTo: ids.get('bo@skade.example.dk'),
      acknowledgedBy: ids.get('bo@skade.example.dk'),
      status: 'in-progress',
    });
    await worker.runDue(h.clock.now);
    expect(gateway.received.map((sms) => [sms.to, sms.text]).sort()).toEqual([
      ['+4521111111', `${lead.reference} er taget af Bo Jensen.`],
      ['+4533333333', `${lead.reference} er taget af Bo Jensen.`],
    ]);
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.action, 'oncall-acknowledged'));
    expect(audit).toHaveLength(1);

    // Anna is second: told who was first, nothing changes.
    const annaLink = `/vagt/${ackToken(TEST_SIGNING_SECRET, lead.id, ids.get('anna@skade.example.dk')!, h.clock.now)}`;
    const annaPage = await h.app.inject({ method: 'GET', url: annaLink });
    expect(annaPage.body).toContain('Taget af Bo Jensen');
    const second = await h.app.inject({
      method: 'POST',
      url: annaLink,
      payload: `formToken=${encodeURIComponent(ackFormToken(TEST_SIGNING_SECRET, annaLink.slice(6), h.clock.now))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('er allerede taget af Bo Jensen');
    // No further escalation; only Bo is reminded, as he has not said "Ringet op" (callback-watch.ts).
    gateway.received.length = 0;
    await worker.runDue(later(h.clock, 3600));
    expect(gateway.received.map((sms) => sms.text)).toEqual([expect.stringMatching(/^Påmindelse: SK-/)]);
  });

  it('refuses a forged link (403) and an expired one (410) with a Danish page', async () => {
    const lead = await postEmergency(h);
    const annaId = ids.get('anna@skade.example.dk')!;
    const token = ackToken(TEST_SIGNING_SECRET, lead.id, annaId, h.clock.now);
    const forged = await h.app.inject({ method: 'GET', url: `/vagt/${token.slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('Linket er ikke gyldigt');
    const otherPerson = token.replace(/^[^.]+\.[^.]+/, (head) => head.split('.').reverse().join('.'));
    expect((await h.app.inject({ method: 'GET', url: `/vagt/${otherPerson}` })).statusCode).toBe(403);
    later(h.clock, 24 * 3600 + 1);
    const expired = await h.app.inject({ method: 'GET', url: `/vagt/${token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Linket er udløbet');
    const post = await h.app.inject({
      method: 'POST',
      url: `/vagt/${token}`,
      payload: 'formToken=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode).toBe(410);
  });

  it('keeps a pending escalation across a restart and sends it once', async () => {
    const lead = await postEmergency(h);
    await h.app.deps.oncall.worker.runDue(h.clock.now);
    await h.app.close();
    h = await startApp(location, smsProviderEnv(gateway), h.clock);
    const worker = h.app.deps.oncall.worker;
    expect(await worker.runDue(later(h.clock, 30))).toMatchObject({ steps: 0, sent: 0 });
    expect(await worker.runDue(later(h.clock, 30))).toMatchObject({ steps: 1, sent: 1 });
    expect(await worker.runDue(later(h.clock, 1))).toMatchObject({ steps: 0, sent: 0 });
    expect(gateway.received.map((sms) => sms.to)).toEqual(['+4521111111', '+4522222222']);
    const rows = await h.db.select().from(oncallSms).where(eq(oncallSms.leadId, lead.id));
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });

  it('retries while the gateway is down, e-mails the page after two minutes, and delivers once when it is back', async () => {
    gateway.failWith(500);
    const lead = await postEmergency(h);
    const worker = h.app.deps.oncall.worker;
    expect(await worker.runDue(h.clock.now)).toMatchObject({ steps: 1, sent: 0, failed: 1 });
    await gateway.stop(); // connection refused
    for (let i = 0; i < 3; i++) await worker.runDue(later(h.clock, 30));
    expect(await h.db.select().from(mailJobs).where(eq(mailJobs.kind, 'oncall-page-fallback'))).toHaveLength(
      0,
    );
    await worker.runDue(later(h.clock, 30));
    const fallbacks = await h.db.select().from(mailJobs).where(eq(mailJobs.kind, 'oncall-page-fallback'));
    expect(
      fallbacks
        .map((job) => (job.payload as { to: { address: string } | null }).to?.address ?? 'MAIL_TO')
        .sort(),
    ).toEqual(['MAIL_TO', 'anna@skade.example.dk']);
    await gateway.start();
    gateway.failWith(null);
    await worker.runDue(later(h.clock, 30));
    await worker.runDue(later(h.clock, 30));
    const [row] = await h.db
      .select()
      .from(oncallSms)
      .where(and(eq(oncallSms.leadId, lead.id), eq(oncallSms.step, 0)));
    expect(row).toMatchObject({ status: 'sent' });
    // The first page arrived once (the later ones are the escalation going on meanwhile); the row
    // keeps its text with the link's token hidden.
    expect(
      gateway.received.filter((sms) => sms.to === row!.phone && withoutAckTokens(sms.text) === row!.body),
    ).toHaveLength(1);
    expect(row!.attempts).toBeGreaterThan(3);
    // Still exactly two fallback e-mails.
    expect(await h.db.select().from(mailJobs).where(eq(mailJobs.kind, 'oncall-page-fallback'))).toHaveLength(
      2,
    );
  });

  if (target.kind === 'postgres') {
    it('sends one SMS per person per step with two server copies on the same database', async () => {
      const second = await startApp(location, smsProviderEnv(gateway), h.clock);
      try {
        const first = await postEmergency(h);
        // Another sender (phone and e-mail): not a repeat of the first.
        const other = await postEmergency(second, {
          ...emergencyBody(),
          telefon: '29 87 65 43',
          email: 'hanne@example.dk',
          adresse: 'Algade 31, 4000 Roskilde',
        });
        const round = () =>
          Promise.all([
            h.app.deps.oncall.worker.runDue(h.clock.now),
            second.app.deps.oncall.worker.runDue(h.clock.now),
          ]);
        for (let i = 0; i < 4; i++) {
          await round();
          await round();
          later(h.clock, 60);
        }
        // Each emergency reached Anna, then Bo, once each (in a single SMS or a digest, as the
        // copies happened to meet the budget), and no SMS reached the gateway twice.
        const notices = await h.db.select().from(oncallPageNotices);
        const reached = notices
          .filter((notice) => notice.step <= 1 && (notice.status === 'single' || notice.status === 'digest'))
          .map((notice) => `${notice.leadId} ${notice.userId}`)
          .sort();
        const [anna, bo] = [ids.get('anna@skade.example.dk'), ids.get('bo@skade.example.dk')];
        expect(reached).toEqual(
          [`${first.id} ${anna}`, `${first.id} ${bo}`, `${other.id} ${anna}`, `${other.id} ${bo}`].sort(),
        );
        const references = gateway.received.map((sms) => String(sms.body.userref));
        expect(new Set(references).size).toBe(references.length);
        const sentRows = await h.db.select().from(oncallSms).where(eq(oncallSms.status, 'sent'));
        expect(sentRows.map((row) => row.id).sort()).toEqual([...references].sort());
      } finally {
        await second.app.close();
      }
    });
  }
});

describe('SMS to files and through CPSMS', () => {
  it('writes each SMS to DATA_DIR/sms without an SMS provider', async () => {
    const location = await createTestDatabaseLocation('pglite');
    const h = await startApp(location, {}, { now: new Date() });
    try {
      await seedChain(h, staff);
      const lead = await postEmergency(h);
      await h.app.deps.oncall.worker.runDue(h.clock.now);
      const files = readdirSync(join(location.dataDir, 'sms'));
      expect(files).toHaveLength(1);
      const text = readFileSync(join(location.dataDir, 'sms', files[0]!), 'utf8');
      expect(text).toContain('Til: +4521111111');
      expect(text).toContain(`AKUT NORMAL ${lead.reference}`);
    } finally {
      await h.app.close();
      await location.cleanup();
    }
  });

  it('sends through CPSMS with the documented request', async () => {
    const cpsms = await startFakeSmsProvider('cpsms');
    const location = await createTestDatabaseLocation('pglite');
    const h = await startApp(
      location,
      { ...smsProviderEnv(cpsms), SMS_SENDER: 'Skadevagt' },
      { now: new Date() },
    );
    try {
      await seedChain(h, staff);
      await postEmergency(h);
      expect(await h.app.deps.oncall.worker.runDue(h.clock.now)).toMatchObject({ sent: 1 });
      expect(cpsms.received[0]!.body).toMatchObject({ to: '4521111111', from: 'Skadevagt' });
      expect(cpsms.received[0]!.authorization).toBe(
        `Basic ${Buffer.from('cpuser:cp-api-key').toString('base64')}`,
      );
    } finally {
      await h.app.close();
      await location.cleanup();
      await cpsms.stop();
    }
  });
});
