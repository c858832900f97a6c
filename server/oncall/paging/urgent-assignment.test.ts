/**
 * An insurer's assignment marked urgent pages the on-call chain like an emergency, on PGlite and
 * PostgreSQL: sent by the insurers' API or the form, its page SMS names the insurer (never the
 * access details), it waits in the queue surge counts, repeats are linked, and its policyholder is
 * told the emergencies' callback. A normal one pages nobody and is due within its insurer's
 * business hours (4 unless the insurers table says otherwise), the time its policyholder is told.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addBusinessHours } from '../../../domain/business-hours.ts';
import { company } from '../../../domain/company.ts';
import { deadlineText } from '../../../domain/first-response.ts';
import type { RekvisitionLeadInput } from '../../../domain/rekvisition.ts';
import { insurers, leads, oncallPages, users } from '../../db/schema.ts';
import { createInsurerKey } from '../../insurer-api/keys.ts';
import {
  createTestDatabaseLocation,
  describeEachDatabase,
  type TestDatabaseLocation,
} from '../../test/databases.ts';
import { smsProviderEnv } from '../../test/fake-sms.ts';
import { fakeSmsProviderForEachTest } from '../../test/fake-sms-per-test.ts';
import { annaThenBo, startPagingApp, type PagingApp } from '../../test/paging-app.ts';
import { TEST_SIGNING_SECRET } from '../../test/test-app.ts';
import { queueToken } from './ack-link.ts';
import { countWaitingEmergencies } from '../surge/surge.ts';

const access = 'Nøgle hos naboen i nr. 5, kode 4711.';

function apiAssignment(urgency: 'urgent' | 'normal', phone = '20 30 40 50', claimNumber = `C-${phone}`) {
  return {
    adjuster: { name: 'Tina Taksator', email: 'tina@tryg.test', phone: '+45 70 11 22 33' },
    claimNumber,
    policyholder: {
      name: 'Poul Hansen',
      phone,
      email: 'poul@example.dk',
      address: 'Algade 3, 4000 Roskilde',
    },
    damageType: 'vandskade',
    description: 'Vand fra opvaskemaskinen i køkkenet.',
    urgency,
    access,
  };
}

const formAssignment = {
  kind: 'rekvisition',
  forsikringsselskab: 'Codan',
  taksatorNavn: 'Tina Taksator',
  taksatorEmail: 'tina@codan.test',
  taksatorTelefon: '',
  skadeNr: 'COD-77',
  policeNr: '',
  fuldeNavn: 'Per Jensen',
  telefon: '22 34 56 78',
  email: 'per@example.dk',
  adresse: 'Strandvejen 1, 2900 Hellerup',
  skadetype: 'brandskade',
  skadedato: '',
  besked: '',
  hastegrad: 'akut',
  adgang: access,
} satisfies RekvisitionLeadInput;

describeEachDatabase('an urgent assignment on call', (target) => {
  const gateway = fakeSmsProviderForEachTest();
  let location: TestDatabaseLocation;
  let h: PagingApp;
  let tryg: string;

  beforeEach(async () => {
    location = await createTestDatabaseLocation(target.kind);
    h = await startPagingApp(location, smsProviderEnv(gateway), {
      chain: annaThenBo,
      oncall: { worker: { allHands: false } },
    });
    tryg = (await createInsurerKey(h.db, { insurer: 'Tryg', actor: 'cli:test' })).key;
  });
  afterEach(async () => {
    await h.app.close();
    await location.cleanup();
  });

  const postApi = async (body: object) => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/v1/assignments',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tryg}` },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode, response.body).toBe(201);
    h.clock.now = new Date(Math.max(h.clock.now.getTime(), Date.now()) + 10);
    return response.json<{ reference: string }>();
  };
  const leadOf = async (reference: string) =>
    (await h.db.select().from(leads).where(eq(leads.reference, reference)))[0]!;
  /**
   * The customer SMS to the phone (the policyholder's notice) once the queued job wrote it and the
   * message worker sent it; a background copy of the job runner may be the one that takes it.
   */
  const noticeTo = async (phone: string) => {
    const texts = () => gateway.received.filter((sms) => sms.to === phone).map((sms) => sms.text);
    await expect
      .poll(
        async () => {
          await h.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
          await h.app.deps.messages.worker.runDue(new Date(Date.now() + 1000));
          return texts().length;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    return texts();
  };

  it('pages the chain with the insurer named and no access details, waits in the queue, is due at its callback', async () => {
    const { reference } = await postApi(apiAssignment('urgent'));
    const lead = await leadOf(reference);
    expect(lead.pagesOnCall).toBe(true);
    expect(lead.announcedCallbackMinutes).toBe(15);
    const dueIn = lead.firstResponseDueAt!.getTime() - lead.createdAt.getTime();
    expect(Math.abs(dueIn - 15 * 60_000)).toBeLessThan(5_000);
    expect(await countWaitingEmergencies(h.db, h.clock.now)).toBe(1);

    expect(await h.app.deps.oncall.worker.runDue(h.clock.now)).toMatchObject({ steps: 1, sent: 1 });
    const [page] = gateway.received.filter((sms) => sms.to === '+4521111111');
    expect(page?.text).toMatch(new RegExp(`^AKUT ${reference} Tryg: Vandskade\\nTag den: `));
    expect(page?.text).not.toContain('Nøgle');
    expect(page?.text).not.toContain('4711');

    // The on-call queue page lists it with the emergencies.
    const [anna] = await h.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, annaThenBo[0]!.email));
    const queue = await h.app.inject({
      method: 'GET',
      url: `/vagt/liste/${queueToken(TEST_SIGNING_SECRET, anna!.id, h.clock.now)}`,
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain('Akutte skader (1)');
    expect(queue.body).toContain(reference);

    const [notice] = await noticeTo('+4520304050');
    expect(notice).toContain(
      `Tryg har bedt ${company.name} om at hjælpe med din skade (skadenr. C-20 30 40 50). Vi ringer til dig inden for 15 minutter.`,
    );
    expect(notice).not.toContain('4711');
  });

  it('links an urgent assignment from the form to the open one of the same policyholder, paging once', async () => {
    const first = await h.app.inject({ method: 'POST', url: '/api/leads', payload: formAssignment });
    expect(first.statusCode, first.body).toBe(201);
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: { ...formAssignment, skadeNr: 'COD-78' },
    });
    expect(again.statusCode, again.body).toBe(201);
    const [original, repeat] = [
      await leadOf(first.json<{ reference: string }>().reference),
      await leadOf(again.json<{ reference: string }>().reference),
    ];
    expect(original.pagesOnCall && repeat.pagesOnCall).toBe(true);
    expect(repeat.duplicateOf).toBe(original.id);
    const pages = await h.db.select().from(oncallPages);
    expect(pages.map((page) => page.leadId)).toEqual([original.id]);
    h.clock.now = new Date(Date.now() + 10);
    await h.app.deps.oncall.worker.runDue(h.clock.now);
    expect(gateway.received.find((sms) => sms.to === '+4521111111')?.text).toMatch(
      new RegExp(`^AKUT ${original.reference} Codan: Brandskade\\n`),
    );
  });

  it('pages nobody for a normal assignment, due within 4 business hours or its insurer’s own rule, as the policyholder is told', async () => {
    const normal = await leadOf((await postApi(apiAssignment('normal'))).reference);
    expect(normal.pagesOnCall).toBe(false);
    expect(normal.firstResponseDueAt).toEqual(addBusinessHours(normal.createdAt, 4));
    const [notice] = await noticeTo('+4520304050');
    expect(notice).toContain(`Vi ringer til dig inden ${deadlineText(normal.firstResponseDueAt!)}.`);

    await h.db.update(insurers).set({ firstResponseHours: 8 }).where(eq(insurers.name, 'Tryg'));
    const slower = await leadOf((await postApi(apiAssignment('normal', '20 30 40 51'))).reference);
    expect(slower.firstResponseDueAt).toEqual(addBusinessHours(slower.createdAt, 8));

    await h.app.deps.oncall.worker.runDue(new Date(Date.now() + 3_600_000));
    expect(await h.db.select().from(oncallPages)).toHaveLength(0);
    expect(gateway.received.some((sms) => sms.text.startsWith('AKUT'))).toBe(false);
    expect(await countWaitingEmergencies(h.db, new Date())).toBe(0);
  });
});
