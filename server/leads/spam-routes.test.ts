import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { LeadInput } from '../../domain/lead.ts';
import { leadImages, leads, mailJobs } from '../db/schema.ts';
import { makePng } from '../../tests/support/images.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { contactBody, emergencyBody, reportBody, resourceRequestBody } from '../test/lead-bodies.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const minute = 60_000;

describeEachDatabase('spam checks on POST /api/leads', (target) => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [t, off] = await Promise.all([
      createTestApp({
        database: target,
        env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
        mail: { startWorker: false },
      }),
      createTestApp({
        database: target,
        env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0', SPAM_CHECKS: 'off' },
        mail: { startWorker: false },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), off.close()]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The server's clock (request handling reads Date); the database keeps its own. */
  let clock = Date.UTC(2026, 10, 22, 2, 0, 0);
  function setClock(ms: number) {
    clock = ms;
    vi.useFakeTimers({ toFake: ['Date'], now: ms });
  }
  const wait = (ms: number) => setClock(clock + ms);

  async function fetchToken(app = t, previous?: string): Promise<string> {
    const response = await app.app.inject({
      method: 'GET',
      url: `/api/leads/token${previous ? `?previous=${encodeURIComponent(previous)}` : ''}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<{ token: string }>().token;
  }
  const post = (body: unknown, app = t) =>
    app.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const db = (app = t) => app.app.deps.db;
  /**
   * A stored lead and its mail jobs. Its answer is the one every sender of its kind gets, spam or
   * not: an emergency's also says when we call.
   */
  async function stored(response: Awaited<ReturnType<typeof post>>, app = t) {
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; reference: string }>();
    const [row] = await db(app).select().from(leads).where(eq(leads.id, body.id));
    expect(Object.keys(body).sort()).toEqual(
      row!.kind === 'akut-skade' ? ['callback', 'id', 'message', 'reference'] : ['id', 'reference'],
    );
    const jobs = await db(app).select().from(mailJobs).where(eq(mailJobs.leadId, body.id));
    return { row: row!, jobs: jobs.map((job) => job.kind).sort() };
  }

  /** An emergency with its own phone and address, so the duplicate rule links none of them. */
  let emergencies = 0;
  function ownEmergency(images: string[] = []) {
    emergencies += 1;
    return {
      ...emergencyBody(images),
      telefon: `21${String(emergencies).padStart(6, '0')}`,
      // Its own e-mail too: a repeat is the same phone or e-mail.
      email: `kunde${emergencies}@example.dk`,
      adresse: `Strandvejen ${emergencies}, 2900 Hellerup`,
    };
  }

  /** A person: the form gets its token when it hydrates; they send it some time later. */
  async function asPerson(body: LeadInput, fillMs = 45_000) {
    setClock(clock + 10 * minute);
    const formToken = await fetchToken();
    wait(fillMs);
    return post({ ...body, formToken, website: '' });
  }

  it('stores a lead sent through a form as new, with its staff e-mail and receipt', async () => {
    for (const body of [contactBody, reportBody(), ownEmergency()] as LeadInput[]) {
      const { row, jobs } = await stored(await asPerson(body));
      expect(row).toMatchObject({ status: 'new', spamReasons: null });
      expect(row.details).not.toHaveProperty('formToken');
      expect(row.details).not.toHaveProperty('website');
      expect(jobs).toEqual(['lead-notification', 'lead-receipt']);
    }
    const { row, jobs } = await stored(await asPerson(resourceRequestBody));
    expect(row.status).toBe('new');
    expect(jobs).toEqual(['lead-notification', 'resource-delivery']);
  });

  it('keeps a form that renewed its token just before sending from looking too fast', async () => {
    setClock(clock + 10 * minute);
    const first = await fetchToken();
    wait(100 * minute);
    const renewed = await fetchToken(t, first);
    wait(1_000);
    const { row } = await stored(await post({ ...contactBody, formToken: renewed }));
    expect(row.status).toBe('new');
  });

  /** The contact form sent `delay` after its page gave the token (30 s when 0), with `change`. */
  async function sendContact(change: Record<string, string | undefined>, delay: number) {
    setClock(clock + 10 * minute);
    const formToken = await fetchToken();
    wait(delay || 30_000);
    return stored(await post({ ...contactBody, formToken, ...change }));
  }

  it.each([
    ['the hidden field filled in', { website: 'https://seo.example' }, 0, ['honeypot']],
    ['no form token (posted straight to the API)', { formToken: undefined }, 0, ['token-missing']],
    [
      'a forged token',
      { formToken: `${Date.UTC(2026, 0, 1)}.${Date.UTC(2026, 0, 1)}.${'A'.repeat(43)}` },
      0,
      ['token-invalid'],
    ],
    ['HTML in the message', { message: '<a href="https://a.example">billig</a>' }, 0, ['markup']],
    ['a link in the name', { name: 'Billige lån www.loans.example' }, 0, ['link-in-name']],
  ] as const)(
    'files %s as spam with its reason: same 201, no e-mail at all',
    async (_what, change, delay, reasons) => {
      const { row, jobs } = await sendContact(change, delay);
      expect(row).toMatchObject({ status: 'spam', spamReasons: [...reasons] });
      expect(jobs).toEqual([]);
    },
  );

  it.each([
    ['a token older than two hours (a tab left open)', {}, 2 * 60 * minute + 1_000, ['token-expired']],
    ['a form sent within 3 seconds of the page opening (autofill)', {}, 2_000, ['too-fast']],
    ['many links', { message: 'https://a.example https://b.example https://c.example' }, 0, ['many-links']],
    ['a message that is only a link', { message: 'https://photos.example/album' }, 0, ['only-link']],
    [
      'a message that is mostly not letters',
      { message: '12 34 56 78 / 87 65 43 21 / 11 22 33 44' },
      0,
      ['not-text'],
    ],
  ] as const)(
    'handles %s like any lead (staff e-mail, receipt) and stores the weak reason for staff',
    async (_what, change, delay, reasons) => {
      const { row, jobs } = await sendContact(change, delay);
      expect(row).toMatchObject({ status: 'new', spamReasons: [...reasons] });
      expect(jobs).toEqual(['lead-notification', 'lead-receipt']);
    },
  );

  it('takes one lead per form token: the same token again is filed as spam, however often', async () => {
    setClock(clock + 10 * minute);
    const formToken = await fetchToken();
    wait(30_000);
    const first = await stored(await post({ ...contactBody, formToken }));
    expect(first.row).toMatchObject({ status: 'new', spamReasons: null });
    for (let index = 0; index < 23; index++) {
      const again = await stored(
        await post({ ...contactBody, email: `victim+${index}@example.dk`, formToken }),
      );
      expect(again.row).toMatchObject({ status: 'spam', spamReasons: ['token-reused'] });
      expect(again.jobs).toEqual([]);
    }
    // The form's next token (renewed with the spent one, as the form does after sending) works.
    const next = await fetchToken(t, formToken);
    wait(1_000);
    expect((await stored(await post({ ...contactBody, formToken: next }))).row.status).toBe('new');
  });

  it('lets only one of two leads sent at once with the same token through', async () => {
    setClock(clock + 10 * minute);
    const formToken = await fetchToken();
    wait(30_000);
    const responses = await Promise.all([
      post({ ...contactBody, formToken }),
      post({ ...ownEmergency(), formToken }),
      post({ ...resourceRequestBody, formToken }),
    ]);
    const rows = await Promise.all(responses.map((response) => stored(response)));
    expect(rows.map(({ row }) => row.status).sort()).toEqual(['new', 'spam', 'spam']);
  });

  it('does not spend the token of a lead that was refused (bad input): the person can send again', async () => {
    setClock(clock + 10 * minute);
    const formToken = await fetchToken();
    wait(30_000);
    const refused = await post({ ...contactBody, email: 'not-an-address', formToken });
    expect(refused.statusCode).toBe(400);
    expect((await stored(await post({ ...contactBody, formToken }))).row.status).toBe('new');
  });

  it('keeps the photos of a lead stored as spam, so staff see them when they clear it', async () => {
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'application/json' },
      payload: '{"contentType":"image/png"}',
    });
    const url = new URL(issued.json<{ uploadURL: string }>().uploadURL);
    await t.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: makePng(3, 3) });
    const response = await post({ ...ownEmergency([`${url.origin}${url.pathname}`]), website: 'x' });
    const { row, jobs } = await stored(response);
    expect(row.status).toBe('spam');
    expect(jobs).toEqual([]);
    expect(await db().select().from(leadImages).where(eq(leadImages.leadId, row.id))).toHaveLength(1);
  });

  it('stores everything as new, unjudged, with SPAM_CHECKS=off', async () => {
    const { row, jobs } = await stored(
      await post({ ...contactBody, website: 'x', message: 'https://a.example' }, off),
      off,
    );
    expect(row).toMatchObject({ status: 'new', spamReasons: null });
    expect(jobs).toEqual(['lead-notification', 'lead-receipt']);
  });

  it('lets no bot with a strong sign reach anyone, and marks no person as spam (100 bots, 100 people)', async () => {
    const kinds: LeadInput[] = [contactBody, reportBody(), emergencyBody(), resourceRequestBody];
    const messages = [
      'Vi har vand i kælderen efter skybruddet i nat. Kan I komme i dag?',
      'Hej, vi har fået en brandskade i køkkenet. Forsikringen er hos Tryg, skadenr. S-2026-11-22-0042.',
      'Se billederne her: https://photos.example/album/abc123',
      'Billeder: https://photos.example/1 og https://photos.example/2',
      'Ring gerne efter kl. 16 på 12 34 56 78 <3',
      'Vandet står ca. 5-10 cm (< 15 cm) i hele stuen. 3x4 m² gulv.',
      'KÆLDEREN ER OVERSVØMMET!!! RING NU',
      'We had a burst pipe in our holiday home, please call +46 70 123 45 67.',
      'Policenr. 1234567890, skadenr. 2026-999-0001, taksator kommer torsdag kl. 10:00.',
      'Kort: stormskade på tag 🌧️🏠',
      '',
    ];
    const people: string[] = [];
    for (let index = 0; index < 100; index++) {
      const kind = kinds[index % kinds.length]!;
      const message = messages[index % messages.length]!;
      const body =
        kind.kind === 'kontakt'
          ? { ...kind, message }
          : kind.kind === 'ressource'
            ? kind
            : { ...(kind.kind === 'akut-skade' ? ownEmergency() : kind), besked: message };
      // Between 3.5 seconds (autofill, one choice, send) and 20 minutes.
      const fillMs = 3_500 + ((index * 7919) % (20 * minute));
      people.push((await stored(await asPerson(body as LeadInput, fillMs))).row.id);
    }

    const bots: string[] = [];
    const spam = 'Cheap SEO <a href="https://seo.example">seo</a> [url=https://casino.example]casino[/url]';
    // The replaying bot's token brought one lead already (its first, as it looked like a person's).
    setClock(clock + minute);
    const replayed = await fetchToken();
    wait(30_000);
    await stored(await post({ ...contactBody, formToken: replayed }));
    for (let index = 0; index < 100; index++) {
      const kind = kinds[index % kinds.length]!;
      setClock(clock + minute);
      let body: Record<string, unknown>;
      switch (index % 4) {
        case 0: // Fills in every field it finds, the hidden one too.
          body = { ...kind, formToken: await fetchToken(), website: 'https://seo.example' };
          wait(30_000);
          break;
        case 1: // Replays the one token it fetched.
          body = { ...kind, formToken: replayed };
          wait(30_000);
          break;
        case 2: // Posts straight to the API.
          body = { ...kind };
          break;
        default: // Link markup in the message, the name or a text field.
          body = { ...kind, formToken: await fetchToken(), message: spam, besked: spam };
          if (kind.kind === 'ressource') body.fullName = 'Cheap SEO https://seo.example';
          wait(30_000);
      }
      const response = await post(body);
      bots.push(response.json<{ id: string }>().id);
    }

    const notified = await db().select({ n: count() }).from(mailJobs).where(inArray(mailJobs.leadId, bots));
    const peopleRows = await db()
      .select({ status: leads.status })
      .from(leads)
      .where(inArray(leads.id, people));
    expect(peopleRows).toHaveLength(100);
    const spamPeople = peopleRows.filter((row) => row.status === 'spam').length;
    // Every person got the staff e-mail and their receipt or PDF.
    const peopleJobs = await db()
      .select({ n: count() })
      .from(mailJobs)
      .where(inArray(mailJobs.leadId, people));
    expect(peopleJobs[0]!.n).toBe(200);
    expect({ botsReachingStaff: notified[0]!.n, peopleMarkedSpam: spamPeople }).toEqual({
      botsReachingStaff: 0,
      peopleMarkedSpam: 0,
    });
    const botRows = await db().select({ status: leads.status }).from(leads).where(inArray(leads.id, bots));
    expect(botRows.filter((row) => row.status === 'spam')).toHaveLength(100);
  });
});
