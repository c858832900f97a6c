/**
 * A private person's receipt carries what the law asks for an agreement made outside our premises
 * (docs/decisions/urgent-work-request.md): who we are, the service, the price basis, the 14-day
 * right of withdrawal with the standard withdrawal form attached, and, when they asked us to start
 * the urgent work at once, that the right does not cover that work. A business gets none of it.
 * The express request is stored with the wording's version and its time, and staff read it.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../domain/company.ts';
import { urgentWorkRequestText } from '../../domain/urgent-work-request.ts';
import { leads } from '../db/schema.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody, reportBody } from '../test/lead-bodies.ts';
import { emergencyForMail } from '../test/lead-for-mail.ts';
import { addressOf, companyInbox, postLead } from '../test/post-lead.ts';
import { loggedInNewStaff, type StaffClient, testStaff } from '../test/staff-client.ts';
import { staffTestAppOfBlock } from '../test/staff-test-app.ts';
import { withdrawalFormFilename } from './consumer-information.ts';
import type { LeadForMail } from './lead-templates.ts';
import { renderLeadReceipt } from './receipt.ts';

const publicUrl = 'https://skadekompagniet.example';
const priceInfo = 'Timepris 695 kr. inkl. moms';
const identity = `${company.legalName}, CVR ${company.cvr}, ${company.address.street}, ${company.address.postalCode} ${company.address.city}, telefon ${company.phoneDisplay}, e-mail ${company.email}`;
const exception = 'Fortrydelsesretten gælder ikke for det arbejde';

const emergency: LeadForMail = {
  ...emergencyForMail,
  details: { ...emergencyForMail.details, personType: 'privatperson' },
};
const requested = {
  ...emergency,
  details: {
    ...emergency.details,
    udtrykkeligAnmodning: 'ja',
    udtrykkeligAnmodningTekst: 'akut-1',
    udtrykkeligAnmodningTid: '2026-11-22T02:55:00.000Z',
  },
};

describe('the receipt to a private person', () => {
  it('names us, the service, the price and the 14 days, and attaches the standard withdrawal form', () => {
    const mail = renderLeadReceipt(emergency, 0, { publicUrl, priceInfo });
    for (const part of [mail.text, mail.html]) expect(part).toContain('Dine rettigheder som forbruger');
    expect(mail.text).toContain(`Aftalen er med ${identity}.`);
    expect(mail.text).toContain('Ydelsen: Akut skadeservice hos dig');
    expect(mail.text).toContain(`Pris: ${priceInfo}.`);
    expect(mail.text).toContain('Du kan fortryde aftalen inden for 14 dage');
    expect(mail.text).not.toContain(exception);
    expect(mail.attachments).toHaveLength(1);
    const [form] = mail.attachments;
    expect(form!.filename).toBe(withdrawalFormFilename);
    expect(form!.contentType).toBe('text/plain; charset=utf-8');
    const text = form!.content.toString('utf8');
    expect(text).toMatch(/^Standardfortrydelsesformular\r\n/);
    expect(text).toContain(
      `– Til ${company.legalName}, ${company.address.street}, ${company.address.postalCode} ${company.address.city}, e-mail ${company.email}:`,
    );
    expect(text).toContain('ønsker at gøre fortrydelsesretten gældende');
    expect(text).toContain('(*) Det ikke relevante udstreges.');
  });

  it('says, when they asked us to start at once, that the right does not cover the urgent work and they pay for it', () => {
    const mail = renderLeadReceipt(requested, 0, { publicUrl, priceInfo });
    expect(mail.text).toContain(
      'Du bad udtrykkeligt om, at vi straks går i gang med det akutte arbejde for at stoppe skaden (22. november 2026 kl. 03.55.00).',
    );
    expect(mail.text).toContain(`${exception} (forbrugeraftalelovens § 18, stk. 2, nr. 8)`);
    expect(mail.text).toContain('du betaler for det akutte arbejde, vi udfører');
    expect(mail.html).toContain('du betaler for det akutte arbejde, vi udfører');
    // The right still covers any further work, so the form still comes.
    expect(mail.attachments.map((file) => file.filename)).toEqual([withdrawalFormFilename]);
  });

  it('gives a business, a loss adjuster and a contact none of it', () => {
    const business = { ...requested, details: { ...requested.details, personType: 'virksomhed' } };
    const report = { ...business, kind: 'anmeldelse' as const };
    const adjuster = { ...report, details: { ...report.details, personType: 'taksator' } };
    const contact = { ...emergency, kind: 'kontakt' as const, details: { service: 'akut' } };
    for (const lead of [business, report, adjuster, contact]) {
      const mail = renderLeadReceipt(lead, 0, { publicUrl, priceInfo });
      expect(mail.text, lead.kind).not.toContain('forbruger');
      expect(mail.text).not.toContain(priceInfo);
      expect(mail.text).not.toContain('fortryde');
      expect(mail.attachments).toEqual([]);
    }
  });
});

describeEachDatabase('the express request stored and the consumer receipt sent', (target) => {
  const t = staffTestAppOfBlock(target, {
    keepMail: true,
    env: { PRICE_INFO: priceInfo },
  });
  let anna: StaffClient;
  beforeAll(async () => {
    anna = await loggedInNewStaff(t.app, testStaff.anna);
  });

  const storedDetails = async (id: string) =>
    (await t.app.deps.db.select().from(leads).where(eq(leads.id, id)))[0]!.details as Record<string, string>;
  /** The e-mails then due, and the receipt among them (the one not to the company's inbox). */
  async function receiptOf(reference: string): Promise<OutgoingMail> {
    await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
    const receipts = t.sent.filter(
      (mail) => mail.subject.includes(reference) && addressOf(mail.to) !== companyInbox,
    );
    expect(receipts).toHaveLength(1);
    return receipts[0]!;
  }
  const staffRows = async (id: string) =>
    (await anna.request('GET', `/api/staff/leads/${id}`)).json().lead.rows as {
      label: string;
      value: string;
    }[];

  it('stores a private person’s request (udtrykkeligAnmodning: true) with the wording’s version and time, and tells them', async () => {
    const before = Date.now();
    const posted = await postLead(t.app, { ...emergencyBody(), udtrykkeligAnmodning: true });
    const details = await storedDetails(posted.id);
    expect(details).toMatchObject({
      personType: 'privatperson',
      udtrykkeligAnmodning: 'ja',
      udtrykkeligAnmodningTekst: 'akut-1',
    });
    const at = Date.parse(details.udtrykkeligAnmodningTid!);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());

    const receipt = await receiptOf(posted.reference);
    expect(receipt.text).toContain(`Aftalen er med ${identity}.`);
    expect(receipt.text).toContain(`Pris: ${priceInfo}.`);
    expect(receipt.text).toContain(exception);
    expect(receipt.attachments?.map((file) => file.filename)).toEqual([withdrawalFormFilename]);

    const rows = await staffRows(posted.id);
    expect(rows).toContainEqual({ label: 'Udtrykkelig anmodning om akut arbejde', value: 'Ja' });
    expect(rows).toContainEqual({
      label: 'Tekst vist ved anmodningen',
      value: `»${urgentWorkRequestText}« (version akut-1)`,
    });
    expect(rows.map((row) => row.label)).toContain('Svaret afgivet');
  });

  it('stores "nej" for a private person who did not tick, who gets the form and no exception', async () => {
    const posted = await postLead(t.app, {
      ...reportBody(),
      personType: 'privatperson',
      udtrykkeligAnmodning: false,
    });
    expect((await storedDetails(posted.id)).udtrykkeligAnmodning).toBe('nej');
    const receipt = await receiptOf(posted.reference);
    expect(receipt.text).toContain('Du kan fortryde aftalen inden for 14 dage');
    expect(receipt.text).not.toContain(exception);
    expect(receipt.attachments?.map((file) => file.filename)).toEqual([withdrawalFormFilename]);
    expect(await staffRows(posted.id)).toContainEqual({
      label: 'Udtrykkelig anmodning om akut arbejde',
      value: 'Nej',
    });
  });

  it('ignores the box from a business, whose receipt has no consumer information', async () => {
    for (const body of [
      { ...emergencyBody(), personType: 'virksomhed', udtrykkeligAnmodning: true },
      { ...reportBody(), udtrykkeligAnmodning: true },
    ]) {
      const posted = await postLead(t.app, body);
      expect(
        Object.keys(await storedDetails(posted.id)).filter((key) => key.startsWith('udtrykkelig')),
      ).toEqual([]);
      const receipt = await receiptOf(posted.reference);
      expect(receipt.text).not.toContain('forbruger');
      expect(receipt.text).not.toContain(priceInfo);
      expect(receipt.attachments ?? []).toEqual([]);
      expect((await staffRows(posted.id)).map((row) => row.label)).not.toContain(
        'Udtrykkelig anmodning om akut arbejde',
      );
    }
  });
});
