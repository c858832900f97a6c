/**
 * Recording a case's milestones through the staff API, as a technician (medarbejder) does it on
 * site: the rules on kind, details and time, one damage stop per lead (also two at once), the
 * withdrawal, the audit rows, nothing written on a refusal, the customer's message for "på vej"
 * and "skadestop" only, and the case page telling each milestone not withdrawn in plain Danish.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { milestoneMessages } from '../../domain/milestones.ts';
import { auditLog, leadMessageSms, leadMessages, leadMilestones, leads, mailJobs } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import { postLeadWithCaseToken } from '../test/post-lead.ts';
import { loggedInNewStaff, type StaffClient, testStaff } from '../test/staff-client.ts';
import { staffTestAppOfBlock } from '../test/staff-test-app.ts';
import { milestoneRefusals } from './milestones/copy.ts';

describeEachDatabase('a case’s milestones recorded by staff, and the customer told', (target) => {
  const t = staffTestAppOfBlock(target, {
    keepMail: true,
    oncall: { startWorker: false },
    messages: { startWorker: false },
  });
  const db = () => t.app.deps.db;
  let tom: StaffClient;
  let anna: StaffClient;

  beforeAll(async () => {
    // A technician: the medarbejder role records every milestone.
    tom = await loggedInNewStaff(t.app, testStaff.tom);
    anna = await loggedInNewStaff(t.app, testStaff.anna);
  });

  /** An emergency as the form sends it (insurer Tryg), with its case page token from the receipt. */
  async function lead(): Promise<{ id: string; token: string }> {
    const { id, token } = await postLeadWithCaseToken(t.app, t.sent, emergencyBody());
    // The lead came in an hour ago: milestones may be recorded back to then.
    await db()
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(leads.id, id));
    return { id, token };
  }

  const record = (leadId: string, body: unknown) =>
    tom.request('POST', `/api/staff/leads/${leadId}/milestones`, body);
  const withdraw = (leadId: string, milestoneId: string) =>
    tom.request('DELETE', `/api/staff/leads/${leadId}/milestones/${milestoneId}`);
  const page = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/sag/${token}` });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  /** What a milestone call may write: counted before and after a refusal. */
  const written = async (leadId: string) => ({
    milestones: (await db().select().from(leadMilestones).where(eq(leadMilestones.leadId, leadId))).length,
    audits: (await db().select().from(auditLog).where(eq(auditLog.leadId, leadId))).filter((row) =>
      row.action.startsWith('milestone-'),
    ).length,
    messages: (await db().select().from(leadMessages).where(eq(leadMessages.leadId, leadId))).length,
  });
  const version = async (leadId: string) =>
    (await tom.request('GET', `/api/staff/leads/${leadId}/version`)).json().version as string;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

  it('records a milestone with who and when, audited, and answers 201 with it', async () => {
    const { id } = await lead();
    const at = minutesAgo(10);
    const response = await record(id, { kind: 'paa-adressen', at, note: ' Kælderdør låst op ' });
    expect(response.statusCode).toBe(201);
    const { milestone } = response.json();
    expect(milestone).toEqual({
      id: expect.any(String),
      kind: 'paa-adressen',
      at,
      by: 'Tom Tekniker',
      note: 'Kælderdør låst op',
      details: {},
      withdrawnAt: null,
    });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, id), eq(auditLog.action, 'milestone-recorded')));
    expect(audits.map((row) => [row.actor, row.details])).toEqual([
      ['tom@example.dk', { milestoneId: milestone.id, kind: 'paa-adressen', at }],
    ]);
  });

  it('takes the time as now when none is given', async () => {
    const { id } = await lead();
    const before = Date.now();
    const { milestone } = (await record(id, { kind: 'afsluttet' })).json();
    expect(new Date(milestone.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(milestone.at).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("records 'afsluttet' as a fact only: the lead's status and the customer's page stay open", async () => {
    const { id, token } = await lead();
    const statusOf = async () =>
      (
        await db()
          .select({ status: leads.status, changedAt: leads.statusChangedAt })
          .from(leads)
          .where(eq(leads.id, id))
      )[0];
    const before = await statusOf();
    expect((await record(id, { kind: 'afsluttet' })).statusCode).toBe(201);
    expect(await statusOf()).toEqual(before);
    // The customer reads the step, and may still write and send photos: only staff close a case.
    const html = await page(token);
    expect(html).toMatch(/Sagen er afsluttet \d/);
    expect(html).not.toContain('id="closed-h"');
    expect(html).toContain('name="besked"');
  });

  it('refuses, in Danish and writing nothing: a future time, a time before the lead, the report by hand, an unknown kind, bad details', async () => {
    const { id } = await lead();
    const before = await written(id);
    const future = await record(id, {
      kind: 'skadestop',
      at: new Date(Date.now() + 6 * 60_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({
      message: milestoneRefusals.future,
      errors: { at: [milestoneRefusals.future] },
    });

    const early = await record(id, { kind: 'skadestop', at: minutesAgo(61 + 5) });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ at: [milestoneRefusals.beforeLead] });

    const report = await record(id, {
      kind: 'rapport-sendt',
      details: { reportId: 'r', messageId: 'm', recipients: [] },
    });
    expect(report.statusCode).toBe(400);
    expect(report.json()).toEqual({
      message: milestoneRefusals.reportByHand,
      errors: { kind: [milestoneRefusals.reportByHand] },
    });

    const unknown = await record(id, { kind: 'kaffepause' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ kind: [milestoneMessages.kind] });

    const drying = await record(id, {
      kind: 'affugtning-startet',
      details: { affugtere: 0, forventetDage: 'mange' },
    });
    expect(drying.statusCode).toBe(400);
    expect(drying.json().message).toMatch(/ugyldige/);
    expect(drying.json().errors).toEqual({
      'details.affugtere': [milestoneMessages.affugtere],
      'details.forventetDage': [milestoneMessages.forventetDage],
    });

    const eta = await record(id, { kind: 'paa-vej', details: { eta: '25:00' } });
    expect(eta.statusCode).toBe(400);
    expect(eta.json()).toEqual({
      message: milestoneMessages.eta,
      errors: { 'details.eta': [milestoneMessages.eta] },
    });
    expect((await record(id, { kind: 'paa-vej' })).json().errors).toEqual({
      'details.eta': [milestoneMessages.eta],
    });

    const shapes = await record(id, {
      kind: 'skadestop',
      at: 'i går',
      note: 42,
      details: 'vand',
      notifyCustomer: 'ja',
    });
    expect(shapes.statusCode).toBe(400);
    const errors: Record<string, string[]> = shapes.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['at', 'details', 'note', 'notifyCustomer']);
    for (const messages of Object.values(errors)) expect(messages.join(' ')).toMatch(/^(Skriv|Vælg)/);

    expect(await written(id)).toEqual(before);
  });

  it('answers 404 in Danish for a lead that does not exist', async () => {
    const response = await record('00000000-0000-4000-8000-000000000000', { kind: 'paa-adressen' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Henvendelsen findes ikke.');
  });

  it('keeps one damage stop per lead: a second answers 409, also two at once; withdrawn, one may be recorded again', async () => {
    const { id } = await lead();
    const first = await record(id, { kind: 'skadestop', at: minutesAgo(30), notifyCustomer: false });
    expect(first.statusCode).toBe(201);
    const before = await written(id);
    const second = await record(id, { kind: 'skadestop', notifyCustomer: false });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: milestoneRefusals.secondDamageStop });
    expect(await written(id)).toEqual(before);

    expect((await withdraw(id, first.json().milestone.id)).statusCode).toBe(200);
    const both = await Promise.all([
      record(id, { kind: 'skadestop', notifyCustomer: false }),
      record(id, { kind: 'skadestop', notifyCustomer: false }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it('lets the unique index decide a damage stop written past the service, 409 and not 500', async () => {
    const { id } = await lead();
    await db().insert(leadMilestones).values({ leadId: id, kind: 'skadestop', at: new Date() });
    const response = await record(id, { kind: 'skadestop', notifyCustomer: false });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(milestoneRefusals.secondDamageStop);
  });

  it('withdraws a milestone once, audited and in the timeline; twice 409, an unknown one 404, in Danish', async () => {
    const { id } = await lead();
    const before = await version(id);
    const { milestone } = (await record(id, { kind: 'paa-adressen' })).json();
    const recordedVersion = await version(id);
    expect(recordedVersion).not.toBe(before);
    const withdrawn = await withdraw(id, milestone.id);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().milestone).toMatchObject({ id: milestone.id, withdrawnAt: expect.any(String) });
    const [row] = await db().select().from(leadMilestones).where(eq(leadMilestones.id, milestone.id));
    expect(row!.withdrawnAt).not.toBeNull();
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, id), eq(auditLog.action, 'milestone-withdrawn')));
    expect(audits.map((entry) => entry.details)).toEqual([
      { milestoneId: milestone.id, kind: 'paa-adressen', at: milestone.at },
    ]);

    // An open lead page sees the withdrawal by another: the lead's version moved.
    expect(await version(id)).not.toBe(recordedVersion);

    // The lead's timeline: who recorded it, when it happened, and the correction.
    const timeline = (await tom.request('GET', `/api/staff/leads/${id}/timeline`)).json().events;
    expect(timeline.filter((event: { kind: string }) => event.kind.startsWith('milestone'))).toEqual([
      {
        kind: 'milestone',
        at: milestone.at,
        by: { id: expect.any(String), name: 'Tom Tekniker' },
        milestone: 'paa-adressen',
      },
      {
        kind: 'milestone-withdrawn',
        at: withdrawn.json().milestone.withdrawnAt,
        by: { id: expect.any(String), name: 'Tom Tekniker' },
        milestone: 'paa-adressen',
      },
    ]);

    const again = await withdraw(id, milestone.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(milestoneRefusals.alreadyWithdrawn);
    const unknown = await withdraw(id, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(milestoneRefusals.notFound);
    // Another lead's milestone is not this lead's.
    const other = await lead();
    expect((await withdraw(other.id, milestone.id)).statusCode).toBe(404);
    expect((await withdraw(id, 'ikke-et-id')).statusCode).toBe(400);
  });

  it('hands the milestones over in the personal-data export, a withdrawn one marked', async () => {
    const { id } = await lead();
    const arrived = (await record(id, { kind: 'paa-adressen', note: 'Nøgle hos naboen' })).json().milestone;
    await withdraw(id, arrived.id);
    const exported = await anna.request('GET', '/api/staff/personal-data/export?email=per%40example.dk');
    expect(exported.statusCode).toBe(200);
    const exportedLead = exported.json().leads.find((row: { id: string }) => row.id === id);
    expect(exportedLead.milestones).toEqual([
      {
        kind: 'paa-adressen',
        at: arrived.at,
        recordedBy: 'Tom Tekniker',
        note: 'Nøgle hos naboen',
        withdrawnAt: expect.any(String),
      },
    ]);
  });

  it('never withdraws a report that was sent', async () => {
    const { id } = await lead();
    const [sentReport] = await db()
      .insert(leadMilestones)
      .values({ leadId: id, kind: 'rapport-sendt', at: new Date(), details: { reportId: 'r1' } })
      .returning();
    const response = await withdraw(id, sentReport!.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(milestoneRefusals.reportSent);
  });

  it('tells the customer of "på vej" and "skadestop" once each, by e-mail and SMS within the limits; not when asked not to, nor of the others', async () => {
    const { id } = await lead();
    const onTheWay = await record(id, { kind: 'paa-vej', at: minutesAgo(1), details: { eta: '23:59' } });
    expect(onTheWay.statusCode).toBe(201);
    const { details } = onTheWay.json().milestone;
    expect(details).toEqual({ eta: '23:59', etaAt: expect.any(String) });

    const messages = () => db().select().from(leadMessages).where(eq(leadMessages.leadId, id));
    let thread = await messages();
    expect(thread).toHaveLength(1);
    expect(thread[0]!.body).toMatch(/^Vi er på vej – forventet (i morgen )?kl\. 23\.59\. Har du spørgsmål/);
    const mails = await db().select().from(mailJobs).where(eq(mailJobs.leadId, id));
    expect(mails.filter((job) => job.kind === 'lead-message')).toHaveLength(1);
    await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
    const told = t.sent.filter(
      (mail) => JSON.stringify(mail.to).includes('per@example.dk') && mail.text.includes('Vi er på vej'),
    );
    expect(told).toHaveLength(1);
    // An emergency's customer is reached on the phone given for the callback.
    const sms = () => db().select().from(leadMessageSms).where(eq(leadMessageSms.leadId, id));
    expect((await sms()).map((row) => row.about)).toEqual(['paa-vej']);

    await record(id, { kind: 'paa-adressen' });
    await record(id, { kind: 'affugtning-startet', details: { affugtere: 3, forventetDage: 14 } });
    expect(await messages()).toHaveLength(1);

    await record(id, { kind: 'skadestop' });
    thread = await messages();
    expect(thread).toHaveLength(2);
    expect(thread.map((message) => message.body)).toContainEqual(
      expect.stringMatching(/^Skaden blev stoppet kl\. \d\d\.\d\d\./),
    );
    // The status SMS limit: one SMS per lead in ten minutes, the e-mail still goes.
    expect(await sms()).toHaveLength(1);

    const quiet = await lead();
    await record(quiet.id, { kind: 'paa-vej', details: { eta: '12:00' }, notifyCustomer: false });
    await record(quiet.id, { kind: 'skadestop', notifyCustomer: false });
    expect(await db().select().from(leadMessages).where(eq(leadMessages.leadId, quiet.id))).toHaveLength(0);
  });

  it('shows the customer each milestone not withdrawn in plain Danish, nothing before it is recorded', async () => {
    const { id, token } = await lead();
    let html = await page(token);
    expect(html).not.toContain('Sagens forløb');
    expect(html).not.toMatch(/Vi er nået frem|Skaden blev stoppet/);

    const arrived = (await record(id, { kind: 'paa-adressen', at: minutesAgo(20) })).json().milestone;
    // The inbox shows the customer's steps from the same fact.
    expect((await tom.request('GET', `/api/staff/leads/${id}`)).json().lead.onSiteAt).toBe(arrived.at);
    const stop = (await record(id, { kind: 'skadestop', at: minutesAgo(5), notifyCustomer: false })).json();
    await record(id, { kind: 'affugtning-startet', details: { affugtere: 3, forventetDage: 14 } });
    const sentReport = new Date();
    await db()
      .insert(leadMilestones)
      .values({ leadId: id, kind: 'rapport-sendt', at: sentReport, details: { reportId: 'r1' } });
    html = await page(token);
    expect(html).toContain('Sagens forløb');
    expect(html).toMatch(/Vi er nået frem kl\. \d\d\.\d\d/);
    expect(html).toMatch(/Skaden blev stoppet kl\. \d\d\.\d\d/);
    expect(html).toContain('Affugtning: 3 affugtere, forventet ca. 14 dage');
    expect(html).toMatch(/Rapporten er sendt til Tryg \d{1,2}\.\d{1,2}\./);
    // Work at the customer's is the step "I gang", whatever the inbox status.
    expect(html).toMatch(/<li class="done now" aria-current="step">I gang</);

    await withdraw(id, stop.milestone.id);
    html = await page(token);
    expect(html).not.toContain('Skaden blev stoppet');
    expect(html).toMatch(/Vi er nået frem kl\. \d\d\.\d\d/);
  });
});
