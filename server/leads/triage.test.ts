import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { triageInvalidMessage, triageQuestions } from '../../domain/triage.ts';
import { leads } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { keptMail } from '../test/kept-mail.ts';

const MAIL_TO = 'leads@skade.example.dk';

describeEachDatabase('an emergency’s quick questions', (target) => {
  let t: TestApp;
  const { sent, transport } = keptMail();

  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { MAIL_TO, SPAM_CHECKS: 'off', RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { startWorker: false, transport },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    sent.length = 0;
  });

  // Each lead from its own person and address, so none reads as a repeat of another.
  let seq = 0;
  const emergency = () => {
    seq++;
    return {
      ...emergencyBody(),
      fuldeNavn: `Triage Person ${seq}`,
      email: `triage${seq}@example.dk`,
      telefon: `2${String(1_000_000 + seq * 7919).slice(-7)}`,
      adresse: `Triagevej ${seq}, 8000 Aarhus C`,
    };
  };
  // Each from its own client (IP address) too: one client makes one critical emergency an hour.
  let clients = 0;
  const post = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      remoteAddress: `198.51.100.${++clients}`,
    });
  const stored = async (reference: string) =>
    (await t.app.deps.db.select().from(leads).where(eq(leads.reference, reference)))[0]!;
  /** The staff e-mail of a lead, as the outbox sends it. */
  const staffMail = async (reference: string) => {
    await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
    const mail = sent.find((candidate) => candidate.to === MAIL_TO && candidate.subject.includes(reference));
    expect(mail, reference).toBeDefined();
    return mail!;
  };

  it('stores the answers with the lead and gives it its priority', async () => {
    const cases = [
      [{ personfare: 'ja', kloakvand: 'nej' }, 'kritisk'],
      [{ personfare: 'nej', saarbare: 'ja' }, 'hoej'],
      [{ ubeboelig: 'ja' }, 'hoej'],
      [{ personfare: 'nej', kloakvand: 'nej', ubeboelig: 'nej', saarbare: 'nej' }, 'normal'],
      [{ personfare: '', kloakvand: '' }, 'normal'],
      [{}, 'normal'],
    ] as const;
    for (const [answers, priority] of cases) {
      const response = await post({ ...emergency(), ...answers });
      expect(response.statusCode, JSON.stringify(answers)).toBe(201);
      const row = await stored(response.json<{ reference: string }>().reference);
      expect(row.priority, JSON.stringify(answers)).toBe(priority);
      // Answered questions are kept as answered; empty ones are not answers at all.
      const kept = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== ''));
      for (const question of Object.keys(triageQuestions)) {
        expect(row.details[question], question).toBe(kept[question]);
      }
    }
  });

  it('refuses any answer but ja or nej with 400 and the Danish message, storing nothing', async () => {
    const before = (await t.app.deps.db.select({ id: leads.id }).from(leads)).length;
    for (const value of ['måske', 'JA', 'yes', true, 1]) {
      const response = await post({ ...emergency(), kloakvand: value });
      expect(response.statusCode, String(value)).toBe(400);
      const answer = response.json<{ message: string; errors: Record<string, string[]> }>();
      expect(answer.errors.kloakvand, String(value)).toEqual([triageInvalidMessage]);
    }
    expect((await t.app.deps.db.select({ id: leads.id }).from(leads)).length).toBe(before);
  });

  it('starts the staff e-mail’s subject with a priority that is not normal, and lists every answer', async () => {
    const critical = (await post({ ...emergency(), personfare: 'ja', saarbare: 'nej' })).json<{
      reference: string;
    }>().reference;
    const high = (await post({ ...emergency(), kloakvand: 'ja' })).json<{ reference: string }>().reference;
    const normal = (await post({ ...emergency(), personfare: 'nej' })).json<{ reference: string }>()
      .reference;

    const criticalMail = await staffMail(critical);
    expect(criticalMail.subject).toBe(`KRITISK: Akut skade: Vandskade – ${critical}`);
    expect((await staffMail(high)).subject).toBe(`HØJ PRIORITET: Akut skade: Vandskade – ${high}`);
    expect((await staffMail(normal)).subject).toBe(`Akut skade: Vandskade – ${normal}`);

    const text = criticalMail.text.replace(/\s+/g, ' ');
    expect(text).toContain('Prioritet: Kritisk');
    expect(text).toContain(`${triageQuestions.personfare}: Ja`);
    expect(text).toContain(`${triageQuestions.saarbare}: Nej`);
    expect(text).toContain(`${triageQuestions.kloakvand}: Ikke angivet`);
    expect(criticalMail.html).toContain(triageQuestions.ubeboelig);
  });
});
