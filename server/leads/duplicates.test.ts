/**
 * Duplicate emergencies end to end, on PGlite and PostgreSQL: a second emergency from the same
 * phone or address while the first is open is linked to it, pages nobody, and its sender, the
 * staff e-mail and the inbox say so. The on-call worker is driven by hand (as in paging.test.ts).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { leadSchema, type Lead } from '../../domain/lead.ts';
import { leads, oncallPages } from '../db/schema.ts';
import { getLead, listLeads } from '../inbox/leads.ts';
import { updateLead } from '../inbox/lead-changes.ts';
import { customerSmsSettings } from '../messages/outgoing/sms-budget.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import { acknowledgePage } from '../oncall/assignment/acknowledge.ts';
import { assignLead } from '../oncall/assignment/lead-actions.ts';
import {
  createTestDatabaseLocation,
  describeEachDatabase,
  type TestDatabaseLocation,
} from '../test/databases.ts';
import { smsProviderEnv, type FakeSmsProvider } from '../test/fake-sms.ts';
import { fakeSmsProviderForEachTest } from '../test/fake-sms-per-test.ts';
import { annaThenBo, seedChain, startPagingApp, type PagingApp } from '../test/paging-app.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import { createLead } from './create-lead.ts';

const notice = 'Vi har allerede en akut henvendelse fra dig – vi ringer til dig så hurtigt som muligt.';

interface Harness extends PagingApp {
  sent: OutgoingMail[];
}

async function startApp(location: TestDatabaseLocation, gateway: FakeSmsProvider): Promise<Harness> {
  const sent: OutgoingMail[] = [];
  const h = await startPagingApp(location, smsProviderEnv(gateway), {
    mail: {
      startWorker: false,
      transport: { kind: 'eml', send: async (mail) => void sent.push(mail), close: async () => {} },
    },
  });
  return { ...h, sent };
}

function emergency(changes: Record<string, string> = {}): Lead {
  return leadSchema.parse({ ...emergencyBody(), ...changes });
}

async function post(h: Harness, changes: Record<string, string> = {}) {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/leads',
    payload: { ...emergencyBody(), ...changes },
  });
  expect(response.statusCode, response.body).toBe(201);
  h.clock.now = new Date(Math.max(h.clock.now.getTime(), Date.now()) + 10);
  const answer = response.json<{ id: string; reference: string; duplicate?: true }>();
  // The sender is told it is a repeat, never which emergency it repeats: that is read here.
  const { duplicateOf } = await leadRow(h, answer.id);
  expect(answer.duplicate === true).toBe(duplicateOf !== null);
  return { ...answer, duplicateOf: duplicateOf ? (await leadRow(h, duplicateOf)).reference : undefined };
}

async function leadRow(h: Harness, id: string) {
  const [row] = await h.db.select().from(leads).where(eq(leads.id, id));
  return row!;
}

describeEachDatabase('duplicate emergencies', (target) => {
  const gateway = fakeSmsProviderForEachTest();
  let location: TestDatabaseLocation;
  let h: Harness;
  let anna: string;
  let bo: string;

  beforeEach(async () => {
    location = await createTestDatabaseLocation(target.kind);
    h = await startApp(location, gateway);
    const ids = await seedChain(h, annaThenBo);
    anna = ids.get('anna@skade.example.dk')!;
    bo = ids.get('bo@skade.example.dk')!;
  });
  afterEach(async () => {
    await h.app.close();
    await location.cleanup();
  });

  it('links a second emergency from the same phone, pages once and tells the sender so, never the first reference', async () => {
    const first = await post(h);
    const answer = await h.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: { ...emergencyBody(), adresse: 'Algade 3, 4000 Roskilde', telefon: '+45 22-34-56-78' },
    });
    expect(answer.body).not.toContain(first.reference);
    expect(answer.json()).toMatchObject({ duplicate: true, message: notice });
    const second = { ...answer.json<{ id: string; reference: string }>(), duplicateOf: first.reference };
    expect((await leadRow(h, second.id)).duplicateOf).toBe(first.id);
    expect(first.duplicateOf).toBeUndefined();
    expect(await h.db.select().from(oncallPages).where(eq(oncallPages.leadId, second.id))).toHaveLength(0);

    expect(await h.app.deps.oncall.worker.runDue(h.clock.now)).toMatchObject({ sent: 1 });
    expect(gateway.received).toHaveLength(1);
    expect(gateway.received[0]!.text).toContain(first.reference);

    // The staff e-mail still goes, marked; the receipt says it is a repeat instead of a promise.
    await h.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 60_000));
    const toStaff = (mail: OutgoingMail) => mail.to === 'vagt@skade.example.dk';
    const staffMail = h.sent.find((mail) => toStaff(mail) && mail.subject.includes(second.reference))!;
    expect(staffMail.subject).toContain(`Dublet af ${first.reference}`);
    expect(staffMail.text).toContain(`Dublet af ${first.reference}`);
    const receipt = h.sent.find((mail) => !toStaff(mail) && mail.subject.includes(second.reference))!;
    expect(receipt.text).toContain(notice);
    expect(receipt.text).not.toContain(first.reference);
    expect(receipt.text).not.toContain('Vi ringer til dig inden for');
    // The case page the receipt links to says so too, naming no other reference.
    const casePath = /Følg din sag: https:\/\/skade\.example\.dk(\/sag\/\S+)/.exec(receipt.text)![1]!;
    const casePage = await h.app.inject({ method: 'GET', url: casePath });
    expect(casePage.statusCode).toBe(200);
    expect(casePage.body).toContain(notice);
    expect(casePage.body).not.toContain(first.reference);
    // The duplicate's mails name the first reference too ("Dublet af …"), and the order mails go
    // out in is not fixed: the first lead's are the ones without the second reference.
    const ofFirst = (mail: OutgoingMail) =>
      mail.subject.includes(first.reference) && !mail.subject.includes(second.reference);
    const firstReceipt = h.sent.find((mail) => !toStaff(mail) && ofFirst(mail))!;
    expect(firstReceipt.text).not.toContain('Vi har allerede');
    const firstStaffMail = h.sent.find((mail) => toStaff(mail) && ofFirst(mail))!;
    expect(firstStaffMail.subject).not.toContain('Dublet');
  });

  it('sends the plain form of a duplicate to /tak saying so, without the first reference', async () => {
    const form = (body: Record<string, string>) =>
      h.app.inject({
        method: 'POST',
        url: '/akut-skade',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(body).toString(),
      });
    const fields = emergencyBody() as unknown as Record<string, string>;
    const { kind: _kind, images: _images, ...typed } = fields;
    const first = await form(typed);
    const second = await form(typed);
    expect(first.statusCode).toBe(303);
    expect(second.statusCode).toBe(303);
    const firstAt = new URL(first.headers.location!, 'https://x.dk');
    const secondAt = new URL(second.headers.location!, 'https://x.dk');
    expect(firstAt.searchParams.get('dublet')).toBeNull();
    expect(secondAt.searchParams.get('dublet')).toBe('1');
    expect(second.headers.location).not.toContain(firstAt.searchParams.get('ref')!);
  });

  it('pages a different caller at the same address as its own emergency, marked for staff only', async () => {
    // A made-up emergency at the address first, then the resident from another phone and e-mail.
    const fake = await post(h, {
      adresse: 'Strandvejen 100, 2900 Hellerup',
      telefon: '21000100',
      email: 'x@example.dk',
    });
    const resident = await post(h, {
      adresse: 'strandvejen 100 2900 HELLERUP',
      telefon: '87654321',
      email: 'beboer@example.dk',
      personfare: 'ja',
    });
    expect(resident.duplicateOf).toBeUndefined();
    expect((await leadRow(h, resident.id)).duplicateOf).toBeNull();
    expect(await h.db.select().from(oncallPages)).toHaveLength(2);
    // Staff read why on the lead page; the sender's answer names no other reference.
    const deps = { db: h.db, storage: h.app.deps.storage, jobs: h.app.deps.jobs };
    const notes = (await getLead(deps, resident.id)).notes.map((note) => note.body);
    expect(notes.join('\n')).toContain(`Samme adresse som ${fake.reference}`);
    expect(JSON.stringify(resident)).not.toContain(fake.reference);
    // The same e-mail from another phone is the same sender: linked.
    const again = await post(h, {
      adresse: 'Algade 1, 4000 Roskilde',
      telefon: '87650000',
      email: 'BEBOER@example.dk',
    });
    expect(again.duplicateOf).toBe(resident.reference);
  });

  it('never lets a lower priority swallow a critical repeat: it pages as critical', async () => {
    const first = await post(h, { personfare: 'nej' });
    const critical = await post(h, { personfare: 'ja' });
    expect(critical.duplicateOf).toBeUndefined();
    expect((await leadRow(h, critical.id)).priority).toBe('kritisk');
    expect(await h.db.select().from(oncallPages).where(eq(oncallPages.leadId, critical.id))).toHaveLength(1);
    const deps = { db: h.db, storage: h.app.deps.storage, jobs: h.app.deps.jobs };
    const notes = (await getLead(deps, critical.id)).notes.map((note) => note.body);
    expect(notes.join('\n')).toContain(`Samme afsender som ${first.reference}`);
    // A repeat no more urgent than the original is still linked.
    expect((await post(h, { personfare: 'nej' })).duplicateOf).toBe(first.reference);
  });

  it('pages the open duplicates at once when the original is filed as spam', async () => {
    const fake = await post(h);
    const real = await post(h, { besked: 'Det regner ind i stuen' });
    expect(real.duplicateOf).toBe(fake.reference);
    await h.app.deps.oncall.worker.runDue(h.clock.now);
    expect(gateway.received).toHaveLength(1);

    const staff = {
      db: h.db,
      storage: h.app.deps.storage,
      jobs: h.app.deps.jobs,
      sms: customerSmsSettings(h.config),
    };
    const actor = { userId: anna, email: 'anna@skade.example.dk', name: 'Anna Holm', ip: '127.0.0.1' };
    await updateLead(staff, fake.id, { status: 'spam' }, actor);
    expect((await leadRow(h, real.id)).duplicateOf).toBeNull();
    expect(await h.db.select().from(oncallPages).where(eq(oncallPages.leadId, real.id))).toHaveLength(1);
    // After the first SMS's budget minute: the page goes out (a normal one waits for the slot).
    await h.app.deps.oncall.worker.runDue(new Date(h.clock.now.getTime() + 61_000));
    expect(gateway.received.map((sms) => sms.text).join('\n')).toContain(real.reference);
    const deps = { db: h.db, storage: h.app.deps.storage, jobs: h.app.deps.jobs };
    const notes = (await getLead(deps, real.id)).notes.map((note) => note.body);
    expect(notes.join('\n')).toContain(`Var dublet af ${fake.reference}, som blev lagt i spam`);
  });

  it('links only within 30 minutes, to an open emergency that is not spam nor a duplicate itself', async () => {
    const at = (minutes: number) => {
      const now = new Date(Date.UTC(2026, 0, 10, 18, 0) + minutes * 60_000);
      return { ...h.app.deps, now: () => now };
    };
    const first = await createLead(at(0), emergency());
    const within = await createLead(at(29), emergency());
    expect(within.duplicateOf).toEqual({ id: first.id, reference: first.reference });
    // A duplicate of a duplicate is linked to the first, the open one.
    const third = await createLead(at(29.5), emergency());
    expect(third.duplicateOf?.reference).toBe(first.reference);
    const late = await createLead(at(31), emergency());
    expect(late.duplicateOf).toBeNull();

    // Done: a new emergency from the same phone pages again.
    await h.db.update(leads).set({ status: 'done' }).where(eq(leads.id, late.id));
    expect((await createLead(at(32), emergency())).duplicateOf).toBeNull();
  });

  it('never links spam, nor to spam', async () => {
    const spam = await createLead(h.app.deps, emergency(), {}, ['honeypot']);
    const after = await createLead(h.app.deps, emergency());
    expect(after.duplicateOf).toBeNull();
    const spamAgain = await createLead(h.app.deps, emergency(), {}, ['honeypot']);
    expect(spamAgain.duplicateOf).toBeNull();
    expect((await leadRow(h, spamAgain.id)).duplicateOf).toBeNull();
    expect(spam.duplicateOf).toBeNull();
  });

  it('shows the link both ways in the inbox and marks the duplicate in the list', async () => {
    const first = await post(h);
    const second = await post(h);
    const third = await post(h);
    const deps = { db: h.db, storage: h.app.deps.storage, jobs: h.app.deps.jobs };
    const original = await getLead(deps, first.id);
    expect(original.duplicateOf).toBeNull();
    expect(original.duplicates).toEqual([
      { id: second.id, reference: second.reference },
      { id: third.id, reference: third.reference },
    ]);
    const duplicate = await getLead(deps, second.id);
    expect(duplicate.duplicateOf).toEqual({ id: first.id, reference: first.reference });
    expect(duplicate.duplicates).toEqual([]);
    const page = await listLeads(deps, {}, anna);
    const marks = Object.fromEntries(page.leads.map((lead) => [lead.reference, lead.duplicateOf]));
    expect(marks).toEqual({
      [first.reference]: null,
      [second.reference]: first.reference,
      [third.reference]: first.reference,
    });
  });

  it('assigns the duplicates with the original, on "Jeg tager den" and in the inbox', async () => {
    const first = await post(h);
    const second = await post(h);
    const taken = await acknowledgePage(
      { db: h.db, clock: () => h.clock.now },
      { leadId: first.id, userId: bo },
    );
    expect(taken.kind).toBe('taken');
    expect((await leadRow(h, second.id)).assignedTo).toBe(bo);
    // One sent after it was taken goes to the same person at once.
    const third = await post(h);
    expect(third.duplicateOf).toBe(first.reference);
    expect((await leadRow(h, third.id)).assignedTo).toBe(bo);

    const moved = await assignLead(
      { db: h.db, clock: () => h.clock.now },
      { leadId: first.id, assignee: anna, actor: { userId: anna, email: 'anna@skade.example.dk' } },
    );
    expect(moved.kind).toBe('ok');
    expect((await leadRow(h, second.id)).assignedTo).toBe(anna);
    expect((await leadRow(h, third.id)).assignedTo).toBe(anna);
  });

  it('links rather than pages twice when two submissions arrive together', async () => {
    const answers = await Promise.all(
      [0, 1, 2].map(() => h.app.inject({ method: 'POST', url: '/api/leads', payload: emergencyBody() })),
    );
    const bodies = answers.map((answer) =>
      answer.json<{ id: string; reference: string; duplicate?: true }>(),
    );
    const originals = bodies.filter((body) => !body.duplicate);
    expect(originals).toHaveLength(1);
    for (const body of bodies.filter((body) => body.duplicate)) {
      expect((await leadRow(h, body.id)).duplicateOf).toBe(originals[0]!.id);
    }
    expect(await h.db.select().from(oncallPages)).toHaveLength(1);
    h.clock.now = new Date(Date.now() + 10);
    await h.app.deps.oncall.worker.runDue(h.clock.now);
    expect(gateway.received).toHaveLength(1);
  });
});
