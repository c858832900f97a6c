/**
 * An insurer's assignment (kind 'rekvisition') through POST /api/leads, on PGlite and PostgreSQL:
 * its RK- reference; the adjuster's receipt, the staff notification naming insurer and claim
 * number, and the policyholder's e-mail and SMS with the time we call, read from the lead's stored
 * deadline; the access details for staff only, never in the policyholder's mail, SMS or case page.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { company } from '../../domain/company.ts';
import { deadlineText } from '../../domain/first-response.ts';
import type { RekvisitionLeadInput } from '../../domain/rekvisition.ts';
import type { ReceivedMail } from '../../tests/support/smtp.ts';
import { leads } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { startMessagingApp, type MessagingApp } from '../test/messaging-app.ts';
import { postLead } from '../test/post-lead.ts';
import { password, publicUrl, StaffClient } from '../test/staff-client.ts';
import { addStaff } from '../staff/accounts.ts';
import { leadMessageApiMessages } from '../../domain/staff-api/messages.ts';

const MAIL_TO = 'sager@skade.test';
const access = 'Nøglen ligger hos naboen i nr. 3, kode 4711';

const assignment = {
  kind: 'rekvisition',
  forsikringsselskab: 'Tryg',
  taksatorNavn: 'Tina Taksator',
  taksatorEmail: 'tina@tryg.test',
  taksatorTelefon: '',
  skadeNr: 'TRY-2026-1234',
  policeNr: '',
  fuldeNavn: 'Per Jensen',
  telefon: '22 34 56 78',
  email: 'per@example.dk',
  adresse: 'Strandvejen 1, 2900 Hellerup',
  skadetype: 'vandskade',
  skadedato: '',
  besked: 'Vand i kælderen',
  hastegrad: 'normal',
  adgang: access,
} satisfies RekvisitionLeadInput;

const caseLink = new RegExp(`${publicUrl}/sag/([A-Za-z0-9_-]{43})`);

describeEachDatabase("an insurer's assignment", (target) => {
  let app: MessagingApp;
  const inject = () => app.t.app;
  const mailsTo = (address: string, reference: string): ReceivedMail[] =>
    app.smtp.messages.filter(
      (mail) => mail.envelope.to[0] === address && mail.parsed.subject?.includes(reference),
    );
  const deliver = async () => {
    await inject().deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
    await inject().deps.messages.worker.runDue(new Date(Date.now() + 1000));
  };
  const dueOf = async (id: string) => {
    const [row] = await inject().deps.db.select().from(leads).where(eq(leads.id, id));
    return row!.firstResponseDueAt!;
  };

  beforeAll(async () => {
    app = await startMessagingApp(target, { MAIL_TO });
  });
  afterAll(async () => {
    await app.close();
  });

  it('tells the adjuster, staff and the policyholder, each what is theirs, the access details to staff only', async () => {
    const { id, reference } = await postLead(inject(), assignment);
    expect(reference).toMatch(/^RK-[A-Z0-9]+$/);
    await deliver();
    const notice = `Tryg har bedt ${company.name} om at hjælpe med din skade (skadenr. TRY-2026-1234). Vi ringer til dig inden ${deadlineText(await dueOf(id))}.`;

    const [staff] = mailsTo(MAIL_TO, reference);
    expect(staff?.parsed.subject).toBe(`Rekvisition: Tryg, skadenr. TRY-2026-1234: Vandskade – ${reference}`);
    expect(staff?.parsed.text).toContain(access);

    const [receipt] = mailsTo('tina@tryg.test', reference);
    expect(receipt?.parsed.subject).toBe(`Rekvisition modtaget: Tryg, skadenr. TRY-2026-1234 – ${reference}`);
    expect(receipt?.parsed.text).toContain(`Referencenummeret er ${reference}.`);
    expect(receipt?.parsed.text).toContain(
      `Vi kontakter forsikringstageren og ringer senest ${deadlineText(await dueOf(id))}.`,
    );

    const [policyholder] = mailsTo('per@example.dk', reference);
    expect(policyholder?.parsed.text).toContain(notice);
    const token = caseLink.exec(policyholder?.parsed.text ?? '')?.[1];
    expect(token).toBeDefined();

    const sms = app.gateway.received.find((received) => received.text.startsWith(notice));
    expect(sms?.to).toBe('+4522345678');
    expect(sms?.text).toMatch(new RegExp(`\\nSvar og følg din sag: ${publicUrl}/sag/[A-Za-z0-9_-]{43}$`));

    const page = await inject().inject({ method: 'GET', url: `/sag/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Dit forsikringsselskab har bedt os om at hjælpe med din skade.');
    expect(page.body).toContain(notice);

    for (const text of [
      receipt?.parsed.text,
      receipt?.parsed.html,
      policyholder?.parsed.text,
      policyholder?.parsed.html,
      sms?.text,
      page.body,
    ]) {
      expect(text).not.toContain('Nøglen ligger hos naboen');
    }
    // The adjuster's receipt repeats nothing the form's sender typed as prose.
    expect(receipt?.parsed.text).not.toContain('Per Jensen');
    expect(receipt?.parsed.text).not.toContain('Strandvejen');
  });

  it('reaches a policyholder given by phone alone: no e-mail to them, the SMS still goes, staff write by SMS', async () => {
    const before = app.smtp.messages.length;
    const { id, reference } = await postLead(inject(), {
      ...assignment,
      email: '',
      telefon: '+45 31 23 45 67',
    });
    await deliver();
    const sent = app.smtp.messages.slice(before).filter((mail) => mail.parsed.subject?.includes(reference));
    expect(sent.map((mail) => mail.envelope.to[0]).sort()).toEqual([MAIL_TO, 'tina@tryg.test']);
    expect(app.gateway.received.some((sms) => sms.to === '+4531234567')).toBe(true);

    await addStaff(inject().deps.db, {
      email: 'anna@example.dk',
      name: 'Anna Holm',
      password,
      role: 'koordinator',
    });
    const anna = new StaffClient(inject());
    await anna.logIn('anna@example.dk');
    const write = (channel: string) =>
      anna.request('POST', `/api/staff/leads/${id}/messages`, { text: 'Vi kommer i morgen kl. 9.', channel });
    const byEmail = await write('email');
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.body).toContain(leadMessageApiMessages.noEmail);
    expect((await write('sms')).statusCode).toBe(201);
    const newLink = await anna.request('POST', `/api/staff/leads/${id}/case-link`);
    expect(newLink.statusCode).toBe(404);
    expect(newLink.body).toContain('Kunden har ingen e-mailadresse. Send en sms');
  });

  it('refuses an assignment without the policyholder’s phone and e-mail, in Danish', async () => {
    const response = await inject().inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...assignment, telefon: '', email: '' }),
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Angiv forsikringstagers telefonnummer eller e-mail');
  });
});
