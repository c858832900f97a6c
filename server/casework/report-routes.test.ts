import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { reportMessages } from '../../domain/staff-api/reports.ts';
import { auditLog, insurers, leadMilestones, leadReports, mailJobs } from '../db/schema.ts';
import { mailMessageId } from '../mail/compose.ts';
import { mailSizeLimits } from '../mail/photo-mail.ts';
import { runRetention, yearsBefore } from '../privacy/retention.ts';
import { pdfTools } from '../../tests/support/pdf-checks.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { postLead } from '../test/post-lead.ts';
import { emergencyBody, reportBody } from '../test/lead-bodies.ts';
import type { StaffClient } from '../test/staff-client.ts';
import { loggedInNewStaff, publicUrl, testStaff } from '../test/staff-client.ts';
import { staffTestAppOfBlock } from '../test/staff-test-app.ts';

describeEachDatabase('the first report to the insurer', (target) => {
  const t = staffTestAppOfBlock(target, { keepMail: true });
  const db = () => t.app.deps.db;
  let anna: StaffClient;

  beforeAll(async () => {
    anna = await loggedInNewStaff(t.app, { ...testStaff.anna, role: 'medarbejder' });
    await db().update(insurers).set({ claimsEmail: 'skade@tryg.example' }).where(eq(insurers.name, 'Tryg'));
  });

  const deliver = () => t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));

  /** Sends a lead as its form does; answers its id and reference, its own e-mails delivered and forgotten. */
  async function lead(body: object): Promise<{ id: string; reference: string }> {
    const created = await postLead(t.app, body);
    await deliver();
    t.sent.length = 0;
    return created;
  }

  /** What a send may write: the lead's reports, milestones, report e-mails and audit rows. */
  async function written(leadId: string) {
    const [reports, milestones, jobs, audits] = await Promise.all([
      db().select({ n: count() }).from(leadReports).where(eq(leadReports.leadId, leadId)),
      db().select({ n: count() }).from(leadMilestones).where(eq(leadMilestones.leadId, leadId)),
      db()
        .select({ n: count() })
        .from(mailJobs)
        .where(and(eq(mailJobs.leadId, leadId), eq(mailJobs.kind, 'first-report'))),
      db()
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.leadId, leadId), eq(auditLog.action, 'report-sent'))),
    ]);
    return [reports, milestones, jobs, audits].map((rows) => Number(rows[0]!.n));
  }

  it('answers the report as it stands as a PDF download that is never stored on the way', async () => {
    const { id, reference } = await lead(emergencyBody());
    await db().insert(leadMilestones).values({
      leadId: id,
      kind: 'skadestop',
      at: new Date(),
      note: 'Vandet lukket af',
      createdByName: 'Anna Holm',
    });
    const response = await anna.request('GET', `/api/staff/leads/${id}/report.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="skaderapport-${reference}.pdf"`,
    );
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (pdfTools.pdfinfo) {
      const text = execFileSync('pdftotext', ['-', '-'], { input: response.rawPayload, encoding: 'utf8' });
      expect(text).toContain(`Skaderapport – sag ${reference}`);
      expect(text).toContain('Per Jensen');
      expect(text).toContain('Vandet lukket af');
    }
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, id), eq(auditLog.action, 'report-downloaded')));
    expect(audit?.actor).toBe('anna@example.dk');
  });

  it('sends it to the claims address and the added ones, keeps it, and records rapport-sendt with its Message-ID', async () => {
    const { id, reference } = await lead(emergencyBody());
    const response = await anna.request('POST', `/api/staff/leads/${id}/report`, {
      to: ['taksator@example.dk'],
    });
    expect(response.statusCode).toBe(201);
    const { report } = response.json<{ report: { id: string; recipients: string[]; messageId: string } }>();
    expect(report.recipients).toEqual(['skade@tryg.example', 'taksator@example.dk']);

    const [row] = await db().select().from(leadReports).where(eq(leadReports.id, report.id));
    expect(row?.messageId).toBe(mailMessageId(publicUrl, row!.mailJobId));
    const [job] = await db().select().from(mailJobs).where(eq(mailJobs.id, row!.mailJobId));
    expect(job?.kind).toBe('first-report');
    const [milestone] = await db()
      .select()
      .from(leadMilestones)
      .where(and(eq(leadMilestones.leadId, id), eq(leadMilestones.kind, 'rapport-sendt')));
    expect(milestone?.details).toEqual({
      reportId: report.id,
      messageId: row!.messageId,
      recipients: ['skade@tryg.example', 'taksator@example.dk'],
    });
    expect(milestone?.createdByName).toBe('Anna Holm');

    await deliver();
    const mail = t.sent.find((m) => m.messageId === row!.messageId);
    expect(mail?.to).toBe('skade@tryg.example, taksator@example.dk');
    expect(mail?.subject).toBe(`Skaderapport – sag ${reference} – skadenr. S-1`);
    expect(mail?.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      [`skaderapport-${reference}.pdf`, 'application/pdf'],
    ]);
    // The PDF as t.sent is the one kept.
    const kept = await anna.request('GET', `/api/staff/leads/${id}/reports/${report.id}.pdf`);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(kept.rawPayload, mail!.attachments![0]!.content)).toBe(0);
    expect(await written(id)).toEqual([1, 1, 1, 1]);
  });

  it('sends a signed link instead of the attachment when the kept PDF is over the mail size limit', async () => {
    const { id } = await lead(emergencyBody());
    const response = await anna.request('POST', `/api/staff/leads/${id}/report`, {});
    const [row] = await db().select().from(leadReports).where(eq(leadReports.id, response.json().report.id));
    // As if the report carried many large photos: bigger than mail servers take.
    const large = Buffer.alloc(mailSizeLimits.messageBytes + 1, 0x20);
    await t.app.deps.storage.put(row!.objectKey, large, 'application/pdf');
    await deliver();
    const mail = t.sent.find((m) => m.messageId === row!.messageId);
    expect(mail?.attachments ?? []).toEqual([]);
    const link = mail?.text.match(/https?:\/\/\S+\/api\/objects\/reports\/\S+/)?.[0];
    expect(link).toContain(`/api/objects/${row!.objectKey}?`);
    const download = await t.app.inject({ method: 'GET', url: link!.replace(/^https?:\/\/[^/]+/, '') });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(large.length);
  });

  it('keeps every report sent: a second send is a second report, listed newest first', async () => {
    const { id } = await lead(emergencyBody());
    const first = await anna.request('POST', `/api/staff/leads/${id}/report`, {});
    const second = await anna.request('POST', `/api/staff/leads/${id}/report`, {
      to: ['Skade@Tryg.example'],
    });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    // The claims address is not t.sent twice because staff typed it in other letters.
    expect(second.json().report.recipients).toEqual(['skade@tryg.example']);
    const list = await anna.request('GET', `/api/staff/leads/${id}/reports`);
    expect(list.statusCode).toBe(200);
    const body = list.json<{ reports: { id: string }[]; defaultRecipients: string[] }>();
    expect(body.reports.map((r) => r.id)).toEqual([second.json().report.id, first.json().report.id]);
    expect(body.defaultRecipients).toEqual(['skade@tryg.example']);
    expect(await written(id)).toEqual([2, 2, 2, 2]);
  });

  it('sends it to the adjuster of an open link too, and no longer once the link is closed', async () => {
    const ida = await loggedInNewStaff(t.app, {
      email: 'ida@example.dk',
      name: 'Ida Holm',
      role: 'koordinator',
    });
    const { id } = await lead(emergencyBody());
    const given = await ida.request('POST', `/api/staff/leads/${id}/adjuster-link`, {
      name: 'Tage Taksator',
      email: 'tage@taksator.example',
    });
    expect(given.statusCode).toBe(201);
    const defaults = async () =>
      (await anna.request('GET', `/api/staff/leads/${id}/reports`)).json<{ defaultRecipients: string[] }>()
        .defaultRecipients;
    expect(await defaults()).toEqual(['skade@tryg.example', 'tage@taksator.example']);
    const sent = await anna.request('POST', `/api/staff/leads/${id}/report`, {});
    expect(sent.json().report.recipients).toEqual(['skade@tryg.example', 'tage@taksator.example']);
    const linkId = given.json<{ link: { id: string } }>().link.id;
    expect((await ida.request('DELETE', `/api/staff/leads/${id}/adjuster-link/${linkId}`)).statusCode).toBe(
      200,
    );
    expect(await defaults()).toEqual(['skade@tryg.example']);
  });

  it('refuses a malformed address in Danish and writes nothing', async () => {
    const { id } = await lead(emergencyBody());
    const response = await anna.request('POST', `/api/staff/leads/${id}/report`, {
      to: ['taksator@example.dk', 'ikke-en-adresse'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors['to.1']).toEqual([reportMessages.email]);
    const tooMany = await anna.request('POST', `/api/staff/leads/${id}/report`, {
      to: Array.from({ length: 6 }, (_, n) => `a${n}@example.dk`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(await written(id)).toEqual([0, 0, 0, 0]);
  });

  it('answers 409 when there is nobody to send it to, and writes nothing', async () => {
    // Codan has no claims address recorded.
    const { id } = await lead(reportBody());
    const response = await anna.request('POST', `/api/staff/leads/${id}/report`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(reportMessages.noRecipient);
    expect(response.json().message).toMatch(/^Der er ingen modtager/);
    expect(await written(id)).toEqual([0, 0, 0, 0]);
    expect((await anna.request('GET', `/api/staff/leads/${id}/reports`)).json().defaultRecipients).toEqual(
      [],
    );
  });

  it('deletes the kept PDFs with the lead, on erasure and by retention', async () => {
    const kim = await loggedInNewStaff(t.app, {
      email: 'kim@example.dk',
      name: 'Kim Berg',
      role: 'koordinator',
    });
    const sendFor = async (email: string) => {
      const { id } = await lead({ ...emergencyBody(), email });
      const sentReport = await anna.request('POST', `/api/staff/leads/${id}/report`, {});
      const [row] = await db()
        .select()
        .from(leadReports)
        .where(eq(leadReports.id, sentReport.json().report.id));
      expect(await t.app.deps.storage.get(row!.objectKey)).not.toBeNull();
      return row!;
    };
    const erased = await sendFor('slet.mig@example.dk');
    const erasure = await kim.request('POST', '/api/staff/personal-data/erase', {
      email: 'slet.mig@example.dk',
      confirm: 'slet.mig@example.dk',
    });
    expect(erasure.statusCode).toBe(200);
    expect(await t.app.deps.storage.get(erased.objectKey)).toBeNull();
    expect(await db().select().from(leadReports).where(eq(leadReports.id, erased.id))).toEqual([]);

    const old = await sendFor('gammel@example.dk');
    await runRetention(
      { db: db(), storage: t.app.deps.storage, mailDir: join(t.dataDir, 'mail') },
      yearsBefore(new Date(), -3),
    );
    expect(await t.app.deps.storage.get(old.objectKey)).toBeNull();
    expect(await db().select().from(leadReports).where(eq(leadReports.id, old.id))).toEqual([]);
  });

  it('answers 404 for an unknown lead or report, and 401 without a session', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', `/api/staff/leads/${unknown}/report.pdf`],
      ['POST', `/api/staff/leads/${unknown}/report`],
      ['GET', `/api/staff/leads/${unknown}/reports`],
    ] as const) {
      const response = await anna.request(method, url, method === 'POST' ? {} : undefined);
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
    const { id } = await lead(emergencyBody());
    const report = await anna.request('GET', `/api/staff/leads/${id}/reports/${unknown}.pdf`);
    expect(report.statusCode).toBe(404);
    expect(report.json().message).toBe(reportMessages.unknownReport);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/staff/leads/${id}/report.pdf` });
    expect(anonymous.statusCode).toBe(401);
  });
});
