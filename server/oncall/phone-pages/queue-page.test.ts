/**
 * The on-call queue page a digest SMS links to, on PGlite and PostgreSQL: what it lists and in
 * which order, its refusals, and taking an emergency from it.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SpamReason } from '../../../domain/spam.ts';
import { leads, oncallSms } from '../../db/schema.ts';
import { createLead } from '../../leads/create-lead.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { TEST_SIGNING_SECRET, type TestApp } from '../../test/test-app.ts';
import type { SmsMessage, SmsTransport } from '../../sms/transport.ts';
import { ackToken, queueToken } from '../paging/ack-link.ts';
import { acknowledgePage } from '../assignment/acknowledge.ts';
import { ageText, townOf } from './queue-page.ts';
import { addOnCallStaff, annaThenBo } from '../../test/paging-app.ts';
import { createStaffTestApp } from '../../test/staff-test-app.ts';

const publicUrl = 'https://skade.example.dk';
const form = {
  'content-type': 'application/x-www-form-urlencoded',
  origin: 'null',
  'sec-fetch-site': 'same-origin',
};

describeEachDatabase('the on-call queue page', (target) => {
  let t: TestApp;
  let start: number;
  const clock = { now: new Date() };
  let sent: SmsMessage[];
  let ids: Map<string, string>;
  let count = 0;
  const sms: SmsTransport = {
    kind: 'file',
    async send(message) {
      sent.push(message);
      return { ids: [`id-${sent.length}`] };
    },
  };

  beforeEach(async () => {
    sent = [];
    start = Date.now() + 5_000;
    clock.now = new Date(start);
    t = await createStaffTestApp(target, {
      env: { PUBLIC_URL: publicUrl },
      // The chain on its own: all hands in a surge are server/oncall/paging/all-hands.test.ts's.
      deps: { sms },
      oncall: { startWorker: false, clock: () => clock.now, worker: { allHands: false } },
    });
    const byEmail = await addOnCallStaff(t.app.deps.db, annaThenBo, new Date(Date.now() - 60_000));
    ids = new Map([...byEmail].map(([email, id]) => [email.split('@')[0]!, id]));
  });
  afterEach(async () => {
    await t.close();
  });

  const at = async (seconds: number) => {
    clock.now = new Date(start + seconds * 1000);
    await t.app.deps.oncall.worker.runDue(clock.now);
  };
  async function emergency(options: { critical?: boolean; spam?: SpamReason[]; town?: string } = {}) {
    count++;
    const body = {
      ...emergencyBody(),
      email: `kunde${count}@example.dk`,
      telefon: `4${String(count).padStart(7, '0')}`,
      adresse: `Algade ${count}, ${options.town ?? '4000 Roskilde'}`,
      ...(options.critical ? { personfare: 'ja' } : {}),
    };
    return createLead({ ...t.app.deps, now: () => clock.now }, body as never, {}, options.spam ?? []);
  }
  const listPath = (who: string) =>
    `/vagt/liste/${queueToken(TEST_SIGNING_SECRET, ids.get(who)!, clock.now)}`;
  const formTokenOf = (html: string) => /name="formToken" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const take = (path: string, leadId: string, formToken: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: form,
      payload: new URLSearchParams({ lead: leadId, formToken }).toString(),
    });

  it("opens from the digest's link: open emergencies critical first, then oldest; what was taken and by whom", async () => {
    const oldest = await emergency({ town: '2900 Hellerup' });
    await at(0);
    await at(10);
    const critical = await emergency({ critical: true });
    await at(10);
    await at(20);
    const suspect = await emergency({ spam: ['too-fast'] });
    await at(20);
    await at(30);
    const taken = await emergency();
    await at(30);
    await acknowledgePage(
      { db: t.app.deps.db, clock: () => clock.now },
      { leadId: taken.id, userId: ids.get('bo')! },
    );
    await at(360);
    // Anna: the first on its own, the critical one at once, then a digest with the suspect one.
    const digest = sent.at(-1)!;
    // New since Anna's last page SMS apart from all waiting, as everybody reads it.
    expect(digest.text).toMatch(/^AKUT: 2 nye, 3 venter - 1 kritisk\. 1 mulig spam\. /);
    const link = /https:\/\/\S+/.exec(digest.text)![0];
    // A short link, to the queue page signed for Anna.
    expect(link).toMatch(new RegExp(`^${publicUrl}/v/[\\w-]{16}$`));
    const short = await t.app.inject({ method: 'GET', url: link.slice(publicUrl.length) });
    expect(short.statusCode).toBe(303);
    expect(short.headers.location).toMatch(/^\/vagt\/liste\//);

    const page = await t.app.inject({ method: 'GET', url: String(short.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(page.body).not.toContain('<script');
    const html = page.body;
    const order = [...html.matchAll(/<h2 id="sk-[^"]+">(SK-[0-9A-Z]+)/g)].map((match) => match[1]);
    expect(order).toEqual([critical.reference, oldest.reference, suspect.reference]);
    expect(html).toContain('<h1>Akutte skader (3)</h1>');
    expect(html).toMatch(new RegExp(`${suspect.reference} <span class="spam">\\(mulig spam\\)</span>`));
    expect(html).toContain('KRITISK');
    expect(html).toContain('Vandskade · 2900 Hellerup');
    expect(html).toContain('Modtaget for 6 min siden');
    expect(html).toMatch(/<a class="call" href="tel:[+\d]+">Ring /);
    expect(html.match(/>Jeg tager den</g)).toHaveLength(3);
    expect(html).toMatch(new RegExp(`${taken.reference}: Bo Jensen kl\\. \\d\\d\\.\\d\\d`));
  });

  it('reloads by a link, or by itself every 30 seconds when the person asks for it, without script', async () => {
    // 21.14.05 in Copenhagen (winter time).
    clock.now = new Date('2030-01-15T20:14:05Z');
    const plain = listPath('anna');
    const first = await t.app.inject({ method: 'GET', url: plain });
    expect(first.statusCode).toBe(200);
    // Not unasked: a reload the reader did not choose fails WCAG 2.2.1 and moves rows under a thumb.
    expect(first.body).not.toContain('http-equiv="refresh"');
    expect(first.body).toContain(
      `<p class="meta">Opdateret kl. 21.14.05. <a href="${plain}">Opdater listen</a> · <a href="${plain}?auto=1">Opdater selv hvert halve minut</a></p>`,
    );
    const path = `${plain}?auto=1`;
    const auto = await t.app.inject({ method: 'GET', url: path });
    const head = auto.body.slice(0, auto.body.indexOf('</head>'));
    expect(head).toContain('<meta http-equiv="refresh" content="30">');
    expect(auto.body).not.toContain('<script');
    expect(auto.body).toContain(
      `Siden opdaterer sig selv hvert halve minut. <a href="${plain}">Stop den automatiske opdatering</a>`,
    );
    // A sandbox directive would stop the browser's refresh; the page's policy has none.
    const policy = String(auto.headers['content-security-policy']);
    expect(policy).toMatch(/^default-src 'none'; /);
    expect(policy).not.toMatch(/sandbox|navigate-to/);
    expect(auto.body).toContain('<h1>Akutte skader (0)</h1>');

    const lead = await emergency();
    clock.now = new Date('2030-01-15T20:14:35Z');
    const reloaded = await t.app.inject({ method: 'GET', url: path });
    expect(reloaded.body).toContain('Opdateret kl. 21.14.35.');
    expect(reloaded.body).toContain('<h1>Akutte skader (1)</h1>');
    expect(reloaded.body).toContain(lead.reference);

    // The answer after "Jeg tager den" stays put while the customer is called.
    const answer = await take(path, lead.id, formTokenOf(reloaded.body));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('http-equiv="refresh"');
  });

  it('refuses a forged link (403), an expired one (410) and a single page link (403)', async () => {
    const lead = await emergency();
    const path = listPath('anna');
    expect((await t.app.inject({ method: 'GET', url: `${path.slice(0, -2)}xx` })).statusCode).toBe(403);
    const single = ackToken(TEST_SIGNING_SECRET, lead.id, ids.get('anna')!, clock.now);
    expect((await t.app.inject({ method: 'GET', url: `/vagt/liste/${single}` })).statusCode).toBe(403);
    clock.now = new Date(clock.now.getTime() + 24 * 3_600_000 + 1_000);
    const expired = await t.app.inject({ method: 'GET', url: path });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Linket er udløbet');
    expect((await take(path, lead.id, 'x')).statusCode).toBe(410);
  });

  it('takes one from the list as from its own page; a second taker is told who was first', async () => {
    const lead = await emergency();
    await at(0);
    await at(600);
    await at(601);
    // Anna and Bo (after the escalation interval) each got it on its own.
    expect(sent.map((message) => message.to)).toEqual(['+4521111111', '+4522222222']);
    sent.length = 0;
    const annaPath = listPath('anna');
    const annaList = await t.app.inject({ method: 'GET', url: annaPath });
    // Bo has the list open too.
    const boPath = listPath('bo');
    const boList = await t.app.inject({ method: 'GET', url: boPath });
    expect((await take(annaPath, lead.id, 'forged')).statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: annaPath,
      headers: { ...form, 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ lead: lead.id, formToken: formTokenOf(annaList.body) }).toString(),
    });
    expect(crossSite.statusCode).toBe(403);

    const answer = await take(annaPath, lead.id, formTokenOf(annaList.body));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`Du har taget ${lead.reference}`);
    expect(answer.body).toContain(`href="${annaPath}"`);
    const [stored] = await t.app.deps.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stored).toMatchObject({
      assignedTo: ids.get('anna'),
      acknowledgedBy: ids.get('anna'),
      status: 'in-progress',
    });
    // Bo, who got it on its own, hears who took it; the escalation stops.
    await at(602);
    expect(sent.map((message) => [message.to, message.text])).toEqual([
      ['+4522222222', `${lead.reference} er taget af Anna Holm.`],
    ]);
    // Nothing more until the reminder to call (15 minutes after taking it, server/oncall/paging/callback-watch.ts).
    await at(1200);
    expect(sent).toHaveLength(1);
    const pending = await t.app.deps.db.select().from(oncallSms).where(eq(oncallSms.status, 'pending'));
    expect(pending).toHaveLength(0);

    const after = await t.app.inject({ method: 'GET', url: annaPath });
    expect(after.body).toContain('Ingen åbne akutte skader lige nu.');
    expect(after.body).toMatch(new RegExp(`${lead.reference}: Anna Holm kl\\. `));

    const second = await take(boPath, lead.id, formTokenOf(boList.body));
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain(`${lead.reference} er allerede taget af Anna Holm`);
  });

  it('after a take from the list shows the taken page of a single page SMS: description, answers, "Ringet op", the way back', async () => {
    const lead = await emergency({ critical: true });
    await at(0);
    const annaPath = listPath('anna');
    const annaList = await t.app.inject({ method: 'GET', url: annaPath });
    const answer = await take(annaPath, lead.id, formTokenOf(annaList.body));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`Du har taget ${lead.reference}`);
    expect(answer.body).toContain('De andre på vagt får besked');
    expect(answer.body).toContain('<button type="submit">Ringet op</button>');
    expect(answer.body).toContain('<h2>Kundens beskrivelse</h2>');
    expect(answer.body).toMatch(
      /<h2>Kundens svar<\/h2><dl><dt>Er der fare for personer[^<]*<\/dt><dd>Ja<\/dd>/,
    );
    expect(answer.body).toMatch(/Sidet<\/h2><ul><li class="done">Anna Holm kl\. \d\d\.\d\d<\/li>/);
    expect(answer.body).toContain(`/indbakke/henvendelse/${lead.id}"`);
    expect(answer.body).toContain(`<a class="back" href="${annaPath}">`);

    // "Ringet op" from there stamps the call and keeps the way back to the list.
    const action = /<form method="post" action="([^"]+\/ringet-op)">/.exec(answer.body)![1]!;
    const back = /name="back" value="([^"]+)"/.exec(answer.body)![1]!;
    expect(back).toBe(annaPath);
    const called = await t.app.inject({
      method: 'POST',
      url: action,
      headers: form,
      payload: new URLSearchParams({ formToken: formTokenOf(answer.body), back }).toString(),
    });
    expect(called.statusCode).toBe(200);
    expect(called.body).toMatch(/Ringet op kl\. \d\d\.\d\d af Anna Holm\./);
    expect(called.body).toContain(`<a class="back" href="${annaPath}">`);
    const [stored] = await t.app.deps.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stored?.calledBackBy).toBe(ids.get('anna'));

    // Another person's list link is no way back from Anna's page.
    const forgedBack = await t.app.inject({
      method: 'POST',
      url: action,
      headers: form,
      payload: new URLSearchParams({ formToken: formTokenOf(answer.body), back: listPath('bo') }).toString(),
    });
    expect(forgedBack.body).not.toContain('class="back" href="/vagt/liste/');

    // On the list, the row Anna took links to her taken page; Bo's list shows it without a link.
    const list = await t.app.inject({ method: 'GET', url: annaPath });
    const row = new RegExp(
      `<li class="done"><a href="(/vagt/[^"]+)">${lead.reference}: Anna Holm kl\\. `,
    ).exec(list.body);
    expect(row).not.toBeNull();
    const reopened = await t.app.inject({ method: 'GET', url: row![1]! });
    expect(reopened.body).toMatch(/Ringet op kl\. \d\d\.\d\d af Anna Holm\./);
    const boList = await t.app.inject({ method: 'GET', url: listPath('bo') });
    expect(boList.body).toMatch(new RegExp(`<li class="done">${lead.reference}: Anna Holm kl\\. `));
  });
});

it('reads the town from the address and the age in minutes', () => {
  expect(townOf('Vestergade 12, 1. th., 8000 Aarhus C')).toBe('8000 Aarhus C');
  expect(townOf('Algade 31, 4000 Roskilde')).toBe('4000 Roskilde');
  expect(townOf(undefined)).toBe('Ukendt by');
  expect(townOf('Strandvejen 100 2900  Hellerup ')).toBe('2900 Hellerup');
  expect(townOf('Algade 31, 4000')).toBe('Ukendt by');
  // A long run of spaces is read in one pass.
  expect(townOf(`1234${' '.repeat(100_000)}1`)).toBe('Ukendt by');
  const now = new Date('2026-01-01T12:00:00Z');
  expect(ageText(new Date('2026-01-01T11:54:10Z'), now)).toBe('5 min');
  expect(ageText(new Date('2026-01-01T09:55:00Z'), now)).toBe('2 t 5 min');
});
