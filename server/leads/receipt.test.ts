import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { company } from '../../domain/company.ts';
import { promises } from '../../domain/constants.ts';
import type { LeadInput } from '../../domain/lead.ts';
import { buildResourcePdfs } from '../../scripts/build-pdfs.mjs';
import { makePng } from '../../tests/support/images.ts';
import { startTestSmtp, type TestSmtp } from '../../tests/support/smtp.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { contactBody, emergencyBody, reportBody, resourceRequestBody } from '../test/lead-bodies.ts';
import { emergencyForMail } from '../test/lead-for-mail.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { renderLeadReceipt } from './receipt.ts';
import type { LeadForMail } from './lead-templates.ts';

/** HTML escaping written out here, not taken from the code under test. */
function escaped(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const createdAt = new Date('2026-11-22T02:55:00Z');
const publicUrl = 'https://skadekompagniet.example';
const contactDetails = [
  company.name,
  `${company.address.street}, ${company.address.postalCode} ${company.address.city}`,
  `Telefon ${company.phoneDisplay} (akut døgnet rundt)`,
  company.email,
];

const contact: LeadForMail = {
  kind: 'kontakt',
  reference: 'SK-7F3K2Q',
  name: 'Anne <script>alert("x")</script> Hansen',
  email: 'anne@example.dk',
  phone: null,
  details: { service: 'genhusning', message: 'Linje 1\nLinje 2 & <b>fed</b>' },
  createdAt,
};
const report: LeadForMail = {
  kind: 'anmeldelse',
  reference: 'SK-ABCDEF',
  name: 'Karen "K" Holm',
  email: 'karen@holm.dk',
  phone: '+4587654321',
  details: {
    personType: 'virksomhed',
    virksomhedsnavn: 'Holm & Søn ApS',
    cvr: '12345674',
    adresse: 'Algade 3, 4000 Roskilde',
    forsikringsselskab: 'Codan',
    skadetype: 'brandskade',
    policeNr: 'POL-778',
    besked: 'Sod på <lofterne>.',
  },
  createdAt,
};
const emergency: LeadForMail = {
  ...emergencyForMail,
  details: { ...emergencyForMail.details, besked: "Vand i kælderen > 10 cm, naboens 'pumpe' kører" },
  createdAt,
};

describe('the receipt to the sender', () => {
  it('of a contact lead: reference, kind, service and time, a reply within 24 hours on weekdays, our phone', () => {
    const mail = renderLeadReceipt({ ...contact, name: 'Anne Hansen' }, 0, { publicUrl });
    expect(mail.subject).toBe('Vi har modtaget din henvendelse – SK-7F3K2Q');
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('Hej Anne Hansen,\n');
    expect(mail.text).toContain('Vi har modtaget din henvendelse den 22. november 2026 kl. 03.55.');
    expect(mail.text).toContain(
      'Dit referencenummer er SK-7F3K2Q. Oplys nummeret, hvis du kontakter os om sagen.',
    );
    expect(mail.text).toContain(`- Vi vender tilbage inden for ${promises.replyHours} timer på hverdage.\n`);
    expect(mail.text).toContain(`ring til os på ${company.phoneDisplay}`);
    expect(mail.text).toContain(
      [
        'Om din henvendelse',
        'Henvendelse: Kontaktformular',
        'Modtaget: 22. november 2026 kl. 03.55',
        'Ønsket ydelse: Genhusning',
      ].join('\n'),
    );
    expect(mail.text).not.toContain('Billeder');
    expect(mail.text).toContain(contactDetails.join('\n'));
    expect(mail.text).toContain('formular på skadekompagniet.example');
    expect(mail.html).toContain(escaped('Hej Anne Hansen'));
    expect(mail.html).toContain('<strong>SK-7F3K2Q</strong>');
    expect(mail.html).toContain(contactDetails.map(escaped).join('<br>'));
  });

  it('repeats nothing the visitor wrote: no message, no name unless it is plainly a name', () => {
    const relay = 'Dit kodeord er udløbet. Log ind på https://phish.example/login inden kl. 12';
    for (const lead of [
      {
        ...contact,
        name: 'Anne <script>alert("x")</script> Hansen',
        details: { ...contact.details, message: relay },
      },
      {
        ...report,
        name: 'Besøg www.phish.example',
        details: { ...report.details, besked: relay, virksomhedsnavn: relay },
      },
      {
        ...emergency,
        name: 'Ring 90 90 90 90 nu',
        details: { ...emergency.details, besked: relay, adresse: relay },
      },
    ]) {
      const mail = renderLeadReceipt(lead, 1, { publicUrl });
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('phish');
        expect(part).not.toContain('kodeord');
        expect(part).not.toContain(lead.name);
        expect(part).not.toContain(escaped(lead.name));
      }
      expect(mail.text).toMatch(/^Hej,\n/);
    }
  });

  it('of a damage report: kind, damage type and the number of photos, the expert’s reply within 24 hours', () => {
    const mail = renderLeadReceipt(report, 3, { publicUrl });
    expect(mail.subject).toBe('Vi har modtaget din skadeanmeldelse – SK-ABCDEF');
    expect(mail.text).toContain(
      `- En skadeekspert kigger på din sag og vender tilbage inden for ${promises.replyHours} timer på hverdage.\n`,
    );
    expect(mail.text).toContain(
      `Er situationen blevet akut i mellemtiden? Ring til os med det samme på ${company.phoneDisplay}`,
    );
    expect(mail.text).toContain('\nHenvendelse: Skadeanmeldelse\n');
    expect(mail.text).toContain('\nSkadetype: Brandskade\n');
    expect(mail.text).toContain('\nBilleder: 3 billeder\n');
    for (const free of ['Holm & Søn', 'Algade', 'POL-778', 'lofterne', 'Codan']) {
      expect(mail.text).not.toContain(free);
      expect(mail.html).not.toContain(escaped(free));
    }
    // A quotation mark is not part of a name: greeted without it.
    expect(mail.text).toMatch(/^Hej,\n/);
    expect(renderLeadReceipt(report, 1, { publicUrl }).text).toContain('\nBilleder: 1 billede\n');
    expect(renderLeadReceipt(report, 0, { publicUrl }).text).toContain('\nBilleder: Ingen\n');
  });

  it('of an emergency: we call within the promised minutes on their number, 112 when lives are at risk', () => {
    const mail = renderLeadReceipt(emergency, 0, { publicUrl });
    expect(mail.subject).toBe('Vi har modtaget din akutte henvendelse – SK-XYZ234');
    expect(mail.text).toContain('Hej Per Jensen,\n');
    expect(mail.text).toContain(
      `- Vi ringer til dig inden for ${promises.emergencyCallbackMinutes} minutter på 22 34 56 78.\n`,
    );
    expect(mail.text).toContain(`ring til vores akutberedskab på ${company.phoneDisplay} – døgnet rundt.`);
    expect(mail.text).toContain('- Er der fare for liv eller helbred, så ring 112.');
    expect(mail.text).toContain('\nSkadetype: Vandskade\n');
    expect(mail.text).toContain('\nBilleder: Ingen\n');
    expect(mail.text).not.toContain('kælderen');
    expect(mail.html).toContain(
      `<li>${escaped(`Vi ringer til dig inden for ${promises.emergencyCallbackMinutes} minutter på 22 34 56 78.`)}</li>`,
    );
  });

  it('is not written for a resource request, which gets its PDF', () => {
    expect(() => renderLeadReceipt({ ...contact, kind: 'ressource', details: {} }, 0, { publicUrl })).toThrow(
      /no receipt/,
    );
  });
});

const MAIL_TO = 'leads@skade.test';

describeEachDatabase('receipts sent through the outbox', (target) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let pdfDir: string;
  beforeAll(async () => {
    pdfDir = mkdtempSync(join(tmpdir(), 'receipt-pdfs-'));
    await buildResourcePdfs({ outDir: pdfDir });
    smtp = await startTestSmtp();
    t = await createTestApp({
      database: target,
      env: { SMTP_URL: smtp.url, MAIL_TO, RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { startWorker: false, pdfDir },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    rmSync(pdfDir, { recursive: true, force: true });
  });
  beforeEach(() => smtp.clear());
  afterEach(() => {
    vi.useRealTimers();
  });

  let clock = Date.now();
  /** Sends a lead as a person does: token when the form hydrates, the lead half a minute later. */
  async function send(body: LeadInput & Record<string, unknown>): Promise<string> {
    clock += 10 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: clock });
    const token = await t.app.inject({ method: 'GET', url: '/api/leads/token' });
    clock += 30_000;
    vi.setSystemTime(clock);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ formToken: token.json<{ token: string }>().token, ...body }),
    });
    expect(response.statusCode).toBe(201);
    vi.useRealTimers();
    return response.json<{ reference: string }>().reference;
  }
  async function upload(): Promise<string> {
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'application/json' },
      payload: '{"contentType":"image/png"}',
    });
    const url = new URL(issued.json<{ uploadURL: string }>().uploadURL);
    await t.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: makePng(4, 4) });
    return `${url.origin}${url.pathname}`;
  }
  // PGlite's now() follows the process clock, which send() moved ahead.
  const runDueJobs = () => t.app.deps.mail.worker.runDueJobs(new Date(clock + 60_000));
  const addresses = (field: ParsedMail['to'] | ParsedMail['replyTo']) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((entry) =>
      entry.value.map((value) => value.address),
    );

  it('sends each contact, damage report and emergency exactly one receipt to the sender, replying to us', async () => {
    const references = [
      await send(contactBody),
      await send(reportBody([await upload(), await upload()])),
      await send(emergencyBody()),
    ];
    expect(await runDueJobs()).toEqual({ sent: 6, retried: 0, failed: 0 });
    // Nothing is left to send: a second round sends no receipt again.
    expect(await runDueJobs()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const mails = await smtp.waitForCount(6);
    expect(mails).toHaveLength(6);
    const senders = ['anne@example.dk', 'karen@holm.dk', 'per@example.dk'];
    for (const [index, reference] of references.entries()) {
      const receipts = mails.filter((mail) => mail.envelope.to.includes(senders[index]!));
      expect(receipts, reference).toHaveLength(1);
      const receipt = receipts[0]!.parsed;
      expect(receipt.subject).toMatch(new RegExp(`^Vi har modtaget din .+ – ${reference}$`));
      expect(addresses(receipt.to)).toEqual([senders[index]]);
      expect(addresses(receipt.replyTo)).toEqual([MAIL_TO]);
      // The emergency, from a private person, carries the standard withdrawal form; the others nothing.
      expect(receipt.attachments.map((file) => file.filename)).toEqual(
        senders[index] === 'per@example.dk' ? ['standardfortrydelsesformular.txt'] : [],
      );
      expect(
        mails.filter(
          (mail) => mail.envelope.to.includes(MAIL_TO) && mail.parsed.subject?.includes(reference),
        ),
      ).toHaveLength(1);
    }
    const reportReceipt = mails.find((mail) => mail.envelope.to.includes('karen@holm.dk'))!.parsed;
    expect(reportReceipt.text).toContain('\nBilleder: 2 billeder\n');
  });

  it('sends no receipt for a lead stored as spam, nor any other e-mail', async () => {
    await send({ ...contactBody, website: 'https://seo.example' });
    await send({ ...emergencyBody(), formToken: undefined });
    expect(await runDueJobs()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends a resource request its PDF and no receipt', async () => {
    const reference = await send(resourceRequestBody);
    expect(await runDueJobs()).toEqual({ sent: 2, retried: 0, failed: 0 });
    const mails = await smtp.waitForCount(2);
    const toSender = mails.filter((mail) => mail.envelope.to.includes('lars@example.dk'));
    expect(toSender).toHaveLength(1);
    expect(toSender[0]!.parsed.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);
    expect(toSender[0]!.parsed.subject).not.toContain('Vi har modtaget');
    expect(mails.filter((mail) => mail.parsed.subject?.includes(reference))).toHaveLength(1);
  });
});
