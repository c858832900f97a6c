/**
 * Paging ends with the lead, on PGlite and PostgreSQL: an emergency filed as spam or closed in the
 * inbox (the lead page, the bulk change, the one-key close) pages nobody further and sends no
 * "Ikke kvitteret" e-mail; a step that finds its lead no longer open writes no SMS; an erased
 * lead takes its page with it. The on-call worker is driven by hand (as in paging.test.ts).
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { leads, mailJobs, oncallPages, oncallSms } from '../../db/schema.ts';
import { changeStatuses, updateLead } from '../../inbox/lead-changes.ts';
import { customerSmsSettings } from '../../messages/outgoing/sms-budget.ts';
import { erasePersonalData } from '../../privacy/personal-data.ts';
import {
  createTestDatabaseLocation,
  describeEachDatabase,
  type TestDatabaseLocation,
} from '../../test/databases.ts';
import { smsProviderEnv, type FakeSmsProvider } from '../../test/fake-sms.ts';
import { fakeSmsProviderForEachTest } from '../../test/fake-sms-per-test.ts';
import { annaThenBo, seedChain, startPagingApp, type PagingApp } from '../../test/paging-app.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';

function startApp(location: TestDatabaseLocation, gateway: FakeSmsProvider): Promise<PagingApp> {
  return startPagingApp(location, smsProviderEnv(gateway), {
    mail: { startWorker: false, transport: { kind: 'eml', send: async () => {}, close: async () => {} } },
  });
}

describeEachDatabase('paging ends with the lead', (target) => {
  const gateway = fakeSmsProviderForEachTest();
  let location: TestDatabaseLocation;
  let h: PagingApp;
  let anna: string;

  beforeEach(async () => {
    location = await createTestDatabaseLocation(target.kind);
    h = await startApp(location, gateway);
    anna = (await seedChain(h, annaThenBo)).get('anna@skade.example.dk')!;
  });
  afterEach(async () => {
    await h.app.close();
    await location.cleanup();
  });

  const staff = () => ({
    db: h.db,
    storage: h.app.deps.storage,
    jobs: h.app.deps.jobs,
    sms: customerSmsSettings(h.config),
  });
  const actor = () => ({ userId: anna, email: 'anna@skade.example.dk', name: 'Anna Holm', ip: '127.0.0.1' });

  /** An emergency from its own sender, its first page SMS sent to the first in the chain. */
  async function pagedEmergency(phone: string) {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: {
        ...emergencyBody(),
        telefon: phone,
        email: `${phone}@example.dk`,
        adresse: `Algade ${phone}, 4000 Roskilde`,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    h.clock.now = new Date(Math.max(h.clock.now.getTime(), Date.now()) + 10);
    return response.json<{ id: string; reference: string }>();
  }

  /** Every step and SMS due within the next two hours: the whole escalation, had it gone on. */
  async function runTheNight() {
    for (let minutes = 0; minutes <= 120; minutes += 5) {
      await h.app.deps.oncall.worker.runDue(new Date(h.clock.now.getTime() + minutes * 60_000));
    }
  }

  async function unacknowledgedMails() {
    return (await h.db.select().from(mailJobs)).filter((job) => job.kind === 'oncall-unacknowledged');
  }

  it('filed as spam on the lead page after its first SMS: nobody else is paged, no "Ikke kvitteret"', async () => {
    const fake = await pagedEmergency('21000001');
    await h.app.deps.oncall.worker.runDue(h.clock.now);
    expect(gateway.received).toHaveLength(1);

    await updateLead(staff(), fake.id, { status: 'spam' }, actor());
    const [page] = await h.db.select().from(oncallPages).where(eq(oncallPages.leadId, fake.id));
    expect(page!.status).toBe('ended');
    await runTheNight();
    expect(gateway.received).toHaveLength(1);
    expect(await unacknowledgedMails()).toHaveLength(0);
  });

  it('closed with the bulk change or the one-key close: no further SMS for any of them', async () => {
    const first = await pagedEmergency('21000002');
    const second = await pagedEmergency('21000003');
    const third = await pagedEmergency('21000004');
    await h.app.deps.oncall.worker.runDue(h.clock.now);
    const before = gateway.received.length;
    expect(before).toBeGreaterThan(0);

    await changeStatuses(staff(), { ids: [first.id, second.id], status: 'done' }, actor());
    await updateLead(staff(), third.id, { status: 'done', notifyCustomer: false }, actor());
    await runTheNight();
    expect(gateway.received).toHaveLength(before);
    expect(await unacknowledgedMails()).toHaveLength(0);
    const pending = (await h.db.select().from(oncallSms)).filter((sms) => sms.status === 'pending');
    expect(pending).toHaveLength(0);
  });

  it('a step re-reads the lead: one closed by any other way pages nobody', async () => {
    const fake = await pagedEmergency('21000005');
    await h.app.deps.oncall.worker.runDue(h.clock.now);
    expect(gateway.received).toHaveLength(1);
    // Closed without the inbox (as by a path that does not end the paging itself).
    await h.db.update(leads).set({ status: 'done' }).where(eq(leads.id, fake.id));
    await runTheNight();
    expect(gateway.received).toHaveLength(1);
    expect(await unacknowledgedMails()).toHaveLength(0);
    const [page] = await h.db.select().from(oncallPages).where(eq(oncallPages.leadId, fake.id));
    expect(page!.status).toBe('ended');
  });

  it('closed after nobody took it: its "Ikke kvitteret" e-mail not yet sent is not sent about it', async () => {
    const kept = await pagedEmergency('21000008');
    const closed = await pagedEmergency('21000009');
    await runTheNight();
    const [mail] = await unacknowledgedMails();
    expect(JSON.stringify(mail!.payload)).toContain(closed.id);

    await updateLead(staff(), closed.id, { status: 'done', notifyCustomer: false }, actor());
    const left = await unacknowledgedMails();
    expect(JSON.stringify(left.map((job) => job.payload))).not.toContain(closed.id);
    expect(JSON.stringify(left.map((job) => job.payload))).toContain(kept.id);
    await updateLead(staff(), kept.id, { status: 'spam' }, actor());
    expect(await unacknowledgedMails()).toHaveLength(0);
  });

  it('an erased emergency takes its paging with it', async () => {
    const erased = await pagedEmergency('21000006');
    await h.app.deps.oncall.worker.runDue(h.clock.now);
    expect(gateway.received).toHaveLength(1);
    await erasePersonalData(
      { db: h.db, storage: h.app.deps.storage, mailDir: join(location.dataDir, 'mail') },
      { email: '21000006@example.dk' },
      { overrideCustomerRetention: true },
    );
    expect(await h.db.select().from(leads).where(eq(leads.id, erased.id))).toHaveLength(0);
    await runTheNight();
    expect(gateway.received).toHaveLength(1);
  });

  it('a lead still open keeps paging (the check ends only closed ones)', async () => {
    await pagedEmergency('21000007');
    await runTheNight();
    expect(gateway.received.length).toBeGreaterThan(1);
  });
});
