import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { company } from '../../domain/company.ts';
import { leadFields, referencePrefix, type LeadDetails, type LeadKind } from '../../domain/lead.ts';
import { triageQuestions } from '../../domain/triage.ts';
import { urgentWorkRequestText } from '../../domain/urgent-work-request.ts';
import { buildResourcePdfs } from '../../scripts/build-pdfs.mjs';
import { makeJpegLike, makePng } from '../../tests/support/images.ts';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../../tests/support/smtp.ts';
import { leadImages, leads, mailJobs } from '../db/schema.ts';
import { contactBody } from '../test/lead-bodies.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { mailSizeLimits } from '../mail/photo-mail.ts';
import type { LeadMailKind } from './create-lead.ts';

const MAIL_TO = 'leads@skade.test';
const MAIL_FROM = '"Skadekompagniet" <no-reply@skade.test>';
const MiB = 1024 * 1024;

let pdfDir: string;
beforeAll(async () => {
  pdfDir = mkdtempSync(join(tmpdir(), 'resource-pdfs-'));
  await buildResourcePdfs({ outDir: pdfDir });
});
afterAll(() => rmSync(pdfDir, { recursive: true, force: true }));

function text(mail: ParsedMail): string {
  return mail.text ?? '';
}
function html(mail: ParsedMail): string {
  return typeof mail.html === 'string' ? mail.html : '';
}
function addresses(field: ParsedMail['to'] | ParsedMail['replyTo']): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((entry) => entry.value.map((value) => value.address ?? ''));
}
/** HTML escaping written out here, not taken from the code under test. */
function escaped(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
/** The rows of the HTML table: label → cell content. */
function htmlRows(mail: ParsedMail): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of html(mail).matchAll(/<tr><th[^>]*>(.*?)<\/th><td[^>]*>(.*?)<\/td><\/tr>/g)) {
    rows.set(match[1]!, match[2]!);
  }
  return rows;
}
/** The signed photo links in the text part. */
function photoLinks(mail: ParsedMail): string[] {
  return text(mail).match(/https?:\/\/\S+\/api\/objects\/\S+/g) ?? [];
}

interface Photo {
  body: Buffer;
  contentType: string;
  originalName?: string | null;
  /** What lead_images.bytes says (default: the body's length). */
  bytes?: number;
}

interface LeadInput {
  kind: LeadKind;
  name: string;
  email: string;
  phone: string | null;
  details: LeadDetails;
  /** When it came in (default: now) and, for an emergency, what it was told. */
  createdAt?: Date;
  announcedCallbackMinutes?: number;
  announcedInSurge?: boolean;
}

/** One expected row: label, the value as staff read it, and its link target. */
type Expected = [label: string, value: string, href?: string];

/**
 * A lead of each kind with every one of its fields filled (the conditional fields of the damage
 * report too), with characters that HTML must escape, and the rows the e-mail must show.
 */
const everyField: { lead: LeadInput; rows: Expected[] }[] = [
  {
    lead: {
      kind: 'kontakt',
      name: 'Anne <script>alert("x")</script> Hansen',
      email: 'anne@example.dk',
      phone: '+4522345678',
      details: { service: 'genhusning', message: 'Linje 1\nLinje 2 & <b>fed</b>' },
    },
    rows: [
      ['Navn', 'Anne <script>alert("x")</script> Hansen'],
      ['E-mail', 'anne@example.dk', 'mailto:anne@example.dk'],
      ['Telefon', '22 34 56 78', 'tel:+4522345678'],
      ['Ønsket ydelse', 'Genhusning'],
      ['Besked', 'Linje 1\nLinje 2 & <b>fed</b>'],
    ],
  },
  {
    lead: {
      kind: 'anmeldelse',
      name: 'Karen "K" Holm',
      email: 'karen@holm.dk',
      phone: '+4587654321',
      details: {
        personType: 'taksator',
        virksomhedsnavn: 'Holm & Søn ApS',
        cvr: '12345674',
        rekvirentNavn: "Rita O'Neil",
        rekvirentTelefon: '+4522334455',
        rekvirentEmail: 'rita@forsikring.dk',
        adresse: 'Algade 3, 4000 Roskilde',
        forsikringsselskab: 'Codan',
        skadetype: 'brandskade',
        policeNr: 'POL-778',
        skadeNr: 'S-<9>',
        besked: 'Røgskade i køkken.\nSod på <lofterne>.',
        udtrykkeligAnmodning: 'ja',
        udtrykkeligAnmodningTekst: 'akut-1',
        udtrykkeligAnmodningTid: '2026-11-29T12:02:07.000Z',
      },
    },
    rows: [
      ['Hvem er du', 'Taksator'],
      ['Navn', 'Karen "K" Holm'],
      ['E-mail', 'karen@holm.dk', 'mailto:karen@holm.dk'],
      ['Telefon', '87 65 43 21', 'tel:+4587654321'],
      ['Virksomhedsnavn', 'Holm & Søn ApS'],
      ['CVR', '12345674'],
      ['Rekvirent', "Rita O'Neil"],
      ['Rekvirentens telefon', '22 33 44 55', 'tel:+4522334455'],
      ['Rekvirentens e-mail', 'rita@forsikring.dk', 'mailto:rita@forsikring.dk'],
      ['Adresse', 'Algade 3, 4000 Roskilde'],
      ['Forsikringsselskab', 'Codan'],
      ['Skadetype', 'Brandskade'],
      ['Policenummer', 'POL-778'],
      ['Skadenummer', 'S-<9>'],
      ['Beskrivelse', 'Røgskade i køkken.\nSod på <lofterne>.'],
      ['Udtrykkelig anmodning om akut arbejde', 'Ja'],
      ['Tekst vist ved anmodningen', `»${urgentWorkRequestText}« (version akut-1)`],
      ['Svaret afgivet', '29. november 2026 kl. 13.02.07'],
    ],
  },
  {
    lead: {
      kind: 'akut-skade',
      name: 'Per Jensen',
      email: 'per@example.dk',
      phone: '+4522345678',
      details: {
        personType: 'privatperson',
        adresse: 'Strandvejen 1, 2900 Hellerup',
        forsikringsselskab: 'Tryg',
        skadetype: 'vandskade',
        policeNr: 'P-1',
        skadeNr: 'S-1',
        besked: 'Vand i kælderen > 10 cm',
        personfare: 'nej',
        kloakvand: 'ja',
        ubeboelig: 'nej',
        saarbare: 'ja',
        udtrykkeligAnmodning: 'nej',
        udtrykkeligAnmodningTekst: 'akut-1',
        udtrykkeligAnmodningTid: '2026-11-29T12:02:07.000Z',
      },
    },
    rows: [
      ['Hvem er du', 'Privatperson'],
      ['Navn', 'Per Jensen'],
      ['E-mail', 'per@example.dk', 'mailto:per@example.dk'],
      ['Telefon', '22 34 56 78', 'tel:+4522345678'],
      ['Adresse', 'Strandvejen 1, 2900 Hellerup'],
      ['Forsikringsselskab', 'Tryg'],
      ['Skadetype', 'Vandskade'],
      ['Policenummer', 'P-1'],
      ['Skadenummer', 'S-1'],
      ['Beskrivelse', 'Vand i kælderen > 10 cm'],
      [triageQuestions.personfare, 'Nej'],
      [triageQuestions.kloakvand, 'Ja'],
      [triageQuestions.ubeboelig, 'Nej'],
      [triageQuestions.saarbare, 'Ja'],
      ['Udtrykkelig anmodning om akut arbejde', 'Nej'],
      ['Tekst vist ved anmodningen', `»${urgentWorkRequestText}« (version akut-1)`],
      ['Svaret afgivet', '29. november 2026 kl. 13.02.07'],
    ],
  },
  {
    lead: {
      kind: 'ressource',
      name: 'Lars Berg',
      email: 'lars@example.dk',
      phone: '+4522345678',
      details: {
        resourceTitle: 'Er du klar til skybrud?',
        resourceType: 'Tjekliste',
        companyName: 'Berg & Co',
      },
    },
    rows: [
      ['Ressource', 'Er du klar til skybrud?'],
      ['Type', 'Tjekliste'],
      ['Navn', 'Lars Berg'],
      ['E-mail', 'lars@example.dk', 'mailto:lars@example.dk'],
      ['Telefon', '22 34 56 78', 'tel:+4522345678'],
      ['Virksomhed', 'Berg & Co'],
    ],
  },
  {
    lead: {
      kind: 'rekvisition',
      name: 'Per "P" Jensen',
      email: 'per@example.dk',
      phone: '+4522345678',
      details: {
        forsikringsselskab: 'Tryg',
        skadeNr: 'TRY-2026-1234',
        policeNr: 'P-<1>',
        hastegrad: 'akut',
        taksatorNavn: 'Tina Taksator',
        taksatorEmail: 'tina@tryg.dk',
        taksatorTelefon: '+4587654321',
        adresse: 'Strandvejen 1, 2900 Hellerup',
        skadetype: 'vandskade',
        skadedato: '2026-01-15',
        besked: 'Vand i kælderen > 10 cm',
        adgang: 'Nøgle hos naboen.\nKode <1234>',
      },
    },
    rows: [
      ['Forsikringsselskab', 'Tryg'],
      ['Skadenummer', 'TRY-2026-1234'],
      ['Policenummer', 'P-<1>'],
      ['Hastegrad', 'Akut'],
      ['Taksator', 'Tina Taksator'],
      ['Taksators e-mail', 'tina@tryg.dk', 'mailto:tina@tryg.dk'],
      ['Taksators telefon', '87 65 43 21', 'tel:+4587654321'],
      ['Forsikringstager', 'Per "P" Jensen'],
      ['E-mail', 'per@example.dk', 'mailto:per@example.dk'],
      ['Telefon', '22 34 56 78', 'tel:+4522345678'],
      ['Skadeadresse', 'Strandvejen 1, 2900 Hellerup'],
      ['Skadetype', 'Vandskade'],
      ['Skadedato', '2026-01-15'],
      ['Beskrivelse', 'Vand i kælderen > 10 cm'],
      ['Adgang', 'Nøgle hos naboen.\nKode <1234>'],
    ],
  },
];

const subjects: Record<LeadKind, (reference: string) => string> = {
  kontakt: (reference) => `Kontaktformular: Genhusning – ${reference}`,
  anmeldelse: (reference) => `Skadeanmeldelse: Brandskade – ${reference}`,
  'akut-skade': (reference) => `Akut skade: Vandskade – ${reference}`,
  ressource: (reference) => `Ressource anmodet: Er du klar til skybrud? – ${reference}`,
  rekvisition: (reference) => `Rekvisition: Tryg, skadenr. TRY-2026-1234: Vandskade – ${reference}`,
};

describeEachDatabase('mail delivery over SMTP', (target) => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({
      database: target,
      env: {
        SMTP_URL: smtp.url,
        MAIL_TO,
        MAIL_FROM,
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
        PUBLIC_URL: 'http://127.0.0.1:3999',
      },
      mail: { startWorker: false, pdfDir },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  beforeEach(() => {
    smtp.clear();
    vi.restoreAllMocks();
  });

  const worker = () => t.app.deps.mail.worker;

  /** Stores a lead as the write path does: its row, its photos (objects and rows) and its mail jobs. */
  async function insertLead(
    lead: LeadInput,
    { photos = [], jobs = ['lead-notification'] }: { photos?: Photo[]; jobs?: LeadMailKind[] } = {},
  ): Promise<{ id: string; reference: string }> {
    const { db, storage } = t.app.deps;
    const reference = `${referencePrefix(lead.kind)}-${randomBytes(3).toString('hex').toUpperCase()}`;
    const [row] = await db
      .insert(leads)
      .values({ ...lead, pagesOnCall: lead.kind === 'akut-skade', reference })
      .returning({ id: leads.id });
    const id = row!.id;
    for (const [position, photo] of photos.entries()) {
      const objectKey = `uploads/${randomUUID()}`;
      await storage.put(objectKey, photo.body, photo.contentType);
      await db.insert(leadImages).values({
        leadId: id,
        position,
        objectKey,
        contentType: photo.contentType,
        bytes: photo.bytes ?? photo.body.length,
        originalName: photo.originalName ?? null,
      });
    }
    if (jobs.length > 0) {
      await db.insert(mailJobs).values(jobs.map((kind) => ({ kind, payload: { leadId: id }, leadId: id })));
    }
    return { id, reference };
  }

  /** Runs the due jobs and returns the mails that arrived for them. */
  async function deliver(count: number): Promise<readonly ReceivedMail[]> {
    expect(await worker().runDueJobs()).toEqual({ sent: count, retried: 0, failed: 0 });
    return smtp.waitForCount(count);
  }

  it('shows every field of each kind in its own labelled row, in the text and the escaped HTML', async () => {
    const stored = [];
    for (const { lead } of everyField) stored.push(await insertLead(lead));
    const mails = await deliver(everyField.length);

    for (const [index, { lead, rows }] of everyField.entries()) {
      // Every field the kind has is among the expected rows: a new field needs its row here too.
      expect(rows.map(([label]) => label)).toEqual(leadFields[lead.kind].map((field) => field.label));
      const { reference } = stored[index]!;
      const mail = mails.find((received) => received.parsed.subject?.includes(reference))?.parsed;
      expect(mail?.subject, lead.kind).toBe(subjects[lead.kind](reference));
      const body = text(mail!);
      const cells = htmlRows(mail!);
      for (const [label, value, href] of rows) {
        expect(body, `${lead.kind}: ${label}`).toContain(`\n${label}: ${value.replace(/\n/g, '\n  ')}\n`);
        const content = escaped(value).replace(/\n/g, '<br>');
        expect(cells.get(escaped(label)), `${lead.kind}: ${label}`).toBe(
          href ? `<a href="${escaped(href)}" style="color:#0f766e">${content}</a>` : content,
        );
      }
      expect(body).toContain(`\nReference: ${reference}\n`);
      expect(cells.get('Reference')).toBe(reference);
      expect(html(mail!)).not.toContain('<script>');
      expect(html(mail!)).not.toContain('<b>fed');
    }
  });

  it('shows a field as its own row as soon as a lead has it in its details', async () => {
    // A private person's report has no CVR row; the same report with a CVR in its details has
    // one, without any change to the e-mail code (adding a field = schema + its row in leadFields).
    const report = everyField.find(({ lead }) => lead.kind === 'anmeldelse')!.lead;
    const { cvr: _cvr, ...withoutCvr } = report.details;
    const without = await insertLead({ ...report, details: { ...withoutCvr, personType: 'privatperson' } });
    const withCvr = await insertLead({ ...report, details: { ...withoutCvr, cvr: '87654321' } });
    const mails = await deliver(2);
    const mailOf = (reference: string) =>
      mails.find((mail) => mail.parsed.subject?.includes(reference))!.parsed;

    expect(text(mailOf(without.reference))).not.toMatch(/^CVR:/m);
    expect(htmlRows(mailOf(without.reference)).has('CVR')).toBe(false);
    expect(text(mailOf(withCvr.reference))).toMatch(/^CVR: 87654321$/m);
    expect(htmlRows(mailOf(withCvr.reference)).get('CVR')).toBe('87654321');
  });

  it('addresses the staff, replies to the sender, says how urgent it is and names empty fields', async () => {
    const emergency = everyField.find(({ lead }) => lead.kind === 'akut-skade')!.lead;
    const contact = everyField.find(({ lead }) => lead.kind === 'kontakt')!.lead;
    // Saturday 21.20 in Denmark, told a wait of 310 minutes in surge.
    const urgent = await insertLead({
      ...emergency,
      details: { ...emergency.details, policeNr: '', skadeNr: '' },
      createdAt: new Date('2026-11-28T20:20:00Z'),
      announcedCallbackMinutes: 310,
      announcedInSurge: true,
    });
    // Saturday 10.00: 24 weekday hours run out at the end of Monday.
    const normal = await insertLead({ ...contact, createdAt: new Date('2026-11-28T09:00:00Z') });
    const mails = await deliver(2);
    const [akut, kontakt] = [urgent, normal].map(({ reference }) =>
      mails.find((mail) => mail.parsed.subject?.includes(reference))!,
    );

    expect(akut!.envelope.to).toEqual([MAIL_TO]);
    expect(addresses(akut!.parsed.to)).toEqual([MAIL_TO]);
    expect(akut!.parsed.from?.text).toContain('no-reply@skade.test');
    // No Reply-To to the customer: the answer is written in the lead's thread, linked below.
    expect(akut!.parsed.replyTo).toBeUndefined();
    expect(text(akut!.parsed)).toContain(
      'Svar kunden i sagens tråd: http://127.0.0.1:3999/indbakke/henvendelse/',
    );
    // The time the customer was told and the deadline it makes, not the normal 15 minutes.
    expect(text(akut!.parsed)).toContain(
      'Akut: ring til kunden inden for 310 minutter, senest søndag 29.11. kl. 02.30.',
    );
    expect(html(akut!.parsed)).toContain(
      'Akut: ring til kunden inden for 310 minutter, senest søndag 29.11. kl. 02.30.',
    );
    expect(text(akut!.parsed)).toContain('\nPolicenummer: Ikke angivet\n');
    expect(text(akut!.parsed)).toContain('\nSkadenummer: Ikke angivet\n');

    expect(kontakt!.parsed.replyTo).toBeUndefined();
    // The deadline the inbox shows, not "24 timer" from a Saturday.
    expect(text(kontakt!.parsed)).toContain(
      'Svar kunden senest mandag 30.11. kl. 24.00 (24 timer på hverdage).',
    );
    expect(text(kontakt!.parsed)).not.toContain('ring til kunden');
  });

  it('attaches a photo under its cleaned original name', async () => {
    const photo = makePng(6, 6, [255, 0, 0]);
    const emergency = everyField.find(({ lead }) => lead.kind === 'akut-skade')!.lead;
    await insertLead(emergency, {
      photos: [{ body: photo, contentType: 'image/png', originalName: '../Vand i køkken?.PNG' }],
    });
    const [mail] = await deliver(1);

    expect(mail!.parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['Vand i køkken.png', 'image/png'],
    ]);
    expect(Buffer.compare(mail!.parsed.attachments[0]!.content, photo)).toBe(0);
    expect(text(mail!.parsed)).toContain('Billeder (1), vedhæftet denne e-mail:\n- Vand i køkken.png\n');
    expect(photoLinks(mail!.parsed)).toEqual([]);
    expect(mail!.raw.length).toBeLessThan(64 * 1024);
  });

  it('attaches a photo of the largest size accepted, 10 MB, and stays under 20 MB', async () => {
    const photo = makeJpegLike(10 * MiB);
    const emergency = everyField.find(({ lead }) => lead.kind === 'akut-skade')!.lead;
    await insertLead(emergency, { photos: [{ body: photo, contentType: 'image/jpeg' }] });
    const [mail] = await deliver(1);
    expect(mail!.parsed.attachments.map((a) => [a.filename, a.content.length])).toEqual([
      ['billede-1.jpg', photo.length],
    ]);
    expect(photoLinks(mail!.parsed)).toEqual([]);
    expect(mail!.raw.length).toBeGreaterThan(photo.length);
    expect(mail!.raw.length).toBeLessThan(mailSizeLimits.messageBytes);
  });

  it('links ten 10 MB photos instead of attaching them, without reading them, in a small e-mail', async () => {
    const photo = makeJpegLike(10 * MiB);
    const report = everyField.find(({ lead }) => lead.kind === 'anmeldelse')!.lead;
    await insertLead(report, {
      photos: Array.from({ length: 10 }, (_, i) => ({
        body: photo,
        contentType: 'image/jpeg',
        originalName: i === 0 ? 'IMG_0001.jpeg' : null,
      })),
    });
    const get = vi.spyOn(t.app.deps.storage, 'get');
    const [mail] = await deliver(1);

    // lead_images.bytes said 100 MB: no object was read.
    expect(get).not.toHaveBeenCalled();
    expect(mail!.parsed.attachments).toHaveLength(0);
    expect(mail!.raw.length).toBeLessThan(100 * 1024);
    expect(mail!.raw.length).toBeLessThan(mailSizeLimits.messageBytes);
    const body = text(mail!.parsed);
    expect(body).toMatch(
      /Billeder \(10\) – for store til at vedhæfte \(100 MB i alt\)\. Linkene virker til \d/,
    );
    expect(body).toContain('- Billede 1 (IMG_0001.jpg): http://127.0.0.1:3999/api/objects/');
    expect(body).toContain('- Billede 10 (billede-10.jpg): http://127.0.0.1:3999/api/objects/');
    const links = photoLinks(mail!.parsed);
    expect(links).toHaveLength(10);
    expect(html(mail!.parsed).match(/>Åbn billede \d+<\/a>/g)).toHaveLength(10);

    const url = new URL(links[9]!);
    expect(url.searchParams.get('signature')).toBeTruthy();
    expect(Number(url.searchParams.get('expires'))).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);
    get.mockRestore();
    const download = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(photo.length);
    const unsigned = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('links photos within 15 MB when the finished e-mail would pass 20 MB, and when their sizes were unknown', async () => {
    // 2 × 7.4 MB fit the attachment limit, but base64 makes the message about 21 MB.
    const emergency = everyField.find(({ lead }) => lead.kind === 'akut-skade')!.lead;
    const nearLimit = makeJpegLike(Math.round(7.4 * MiB));
    const sized = await insertLead(emergency, {
      photos: [0, 1].map(() => ({ body: nearLimit, contentType: 'image/jpeg' })),
    });
    // Photos moved from the old tables may have no recorded size: what was read decides.
    const unknown = await insertLead(emergency, {
      photos: [0, 1].map(() => ({ body: makeJpegLike(8 * MiB), contentType: 'image/jpeg', bytes: 0 })),
    });
    const mails = await deliver(2);
    for (const { reference } of [sized, unknown]) {
      const mail = mails.find((received) => received.parsed.subject?.includes(reference))!;
      expect(mail.parsed.attachments).toHaveLength(0);
      expect(photoLinks(mail.parsed)).toHaveLength(2);
      expect(mail.raw.length).toBeLessThan(100 * 1024);
    }
    const unknownMail = mails.find((mail) => mail.parsed.subject?.includes(unknown.reference))!;
    expect(text(unknownMail.parsed)).toContain('(16 MB i alt)');
  });

  it('still sends the notification when a photo object is gone, saying so', async () => {
    const emergency = everyField.find(({ lead }) => lead.kind === 'akut-skade')!.lead;
    const { id } = await insertLead(emergency, {
      photos: [
        { body: makePng(3, 3), contentType: 'image/png', originalName: 'væk.png' },
        { body: makePng(4, 4), contentType: 'image/png' },
      ],
    });
    const [gone] = await t.app.deps.db.select().from(leadImages).where(eq(leadImages.leadId, id));
    await t.app.deps.storage.delete(gone!.objectKey);
    const [mail] = await deliver(1);
    expect(mail!.parsed.attachments.map((a) => a.filename)).toEqual(['billede-2.png']);
    expect(text(mail!.parsed)).toContain('- væk.png findes ikke længere i lageret');
  });

  it('e-mails the requested checklist as a valid PDF and notifies the staff', async () => {
    const request = everyField.find(({ lead }) => lead.kind === 'ressource')!.lead;
    const { reference } = await insertLead(request, { jobs: ['lead-notification', 'resource-delivery'] });
    const mails = await deliver(2);
    const delivery = mails.find((mail) => mail.envelope.to.includes('lars@example.dk'))!.parsed;
    const staff = mails.find((mail) => mail.envelope.to.includes(MAIL_TO))!.parsed;

    expect(delivery.subject).toBe('Din tjekliste: Er du klar til skybrud?');
    expect(delivery.to && addresses(delivery.to)).toEqual(['lars@example.dk']);
    expect(addresses(delivery.replyTo)).toEqual([MAIL_TO]);
    expect(text(delivery)).toContain('Hej Lars Berg');
    expect(text(delivery)).toContain(company.phoneDisplay);
    expect(delivery.attachments).toHaveLength(1);
    const pdf = delivery.attachments[0]!;
    expect(pdf.filename).toBe('skybrud-tjekliste.pdf');
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    const document = await PDFDocument.load(pdf.content);
    expect(document.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(document.getTitle()).toBe('Er du klar til skybrud?');

    expect(staff.subject).toBe(`Ressource anmodet: Er du klar til skybrud? – ${reference}`);
    expect(staff.replyTo).toBeUndefined();
    expect(text(staff)).toContain('Tjeklisten er sendt automatisk til lars@example.dk.');
    expect(text(delivery)).toContain('Her er tjeklisten «Er du klar til skybrud?» som PDF');
  });

  it('delivers every e-mail exactly once after an SMTP outage, each with its Message-ID', async () => {
    await smtp.stop();
    const contact = everyField.find(({ lead }) => lead.kind === 'kontakt')!.lead;
    const references: string[] = [];
    for (let i = 0; i < 3; i++)
      references.push((await insertLead({ ...contact, name: `Kunde ${i}` })).reference);
    expect(await worker().runDueJobs()).toEqual({ sent: 0, retried: 3, failed: 0 });
    const pending = await t.app.deps.db.select().from(mailJobs).where(eq(mailJobs.status, 'pending'));
    expect(pending).toHaveLength(3);
    // A server that cannot be reached is not the messages' fault: no attempt is counted.
    expect(
      pending.every((job) => job.attempts === 0 && job.lastError && job.runAt.getTime() > Date.now()),
    ).toBe(true);
    // Still down a little later: tried again, still kept.
    expect(await worker().runDueJobs(new Date(Date.now() + 10_000))).toEqual({
      sent: 0,
      retried: 3,
      failed: 0,
    });

    await smtp.start();
    // Not due yet: nothing is sent before the back-off has passed.
    expect(await worker().runDueJobs()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await worker().runDueJobs(new Date(Date.now() + 60_000))).toEqual({
      sent: 3,
      retried: 0,
      failed: 0,
    });
    expect(await worker().runDueJobs(new Date(Date.now() + 3_600_000))).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });

    const mails = await smtp.waitForCount(3);
    expect(mails).toHaveLength(3);
    expect(mails.map((mail) => /SK-\w{6}/.exec(mail.parsed.subject ?? '')?.[0]).sort()).toEqual(
      [...references].sort(),
    );
    // The third attempt carries the Message-ID every attempt had: the one of its job.
    expect(mails.map((mail) => mail.parsed.messageId).sort()).toEqual(
      pending.map((job) => `<${job.id}@127.0.0.1>`).sort(),
    );
  });
});

describe('the mail worker in the background', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_TO, RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0', SPAM_CHECKS: 'off' },
      // Its poll comes only every ten minutes: a mail sent within the test was woken by the lead.
      mail: { pdfDir, worker: { pollIntervalMs: 600_000 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('sends a new lead at once without being asked, woken by the lead itself', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/leads', payload: contactBody });
    expect(response.statusCode).toBe(201);
    const { reference } = response.json<{ reference: string }>();
    const mail = await smtp.waitForMail(
      (received) =>
        received.envelope.to.includes(MAIL_TO) && (received.parsed.subject?.includes(reference) ?? false),
      { timeout: 20_000 },
    );
    expect(mail.parsed.subject).toBe(`Kontaktformular: Genhusning – ${reference}`);
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { MAIL_TO, RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { startWorker: false, pdfDir },
    });
  });
  afterAll(() => t.close());

  it('writes each e-mail as an .eml file in DATA_DIR/mail', async () => {
    const [lead] = await t.app.deps.db
      .insert(leads)
      .values({
        kind: 'ressource',
        reference: 'RS-EML001',
        name: 'Lars Berg',
        email: 'lars@example.dk',
        phone: '+4522345678',
        details: { resourceTitle: 'Er du klar til skybrud?', resourceType: 'Tjekliste' },
      })
      .returning({ id: leads.id });
    await t.app.deps.db.insert(mailJobs).values(
      (['lead-notification', 'resource-delivery'] as const).map((kind) => ({
        kind,
        payload: { leadId: lead!.id },
        leadId: lead!.id,
      })),
    );
    expect(await t.app.deps.mail.worker.runDueJobs()).toMatchObject({ sent: 2 });
    const dir = join(t.dataDir, 'mail');
    const files = (await readdir(dir)).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const parsed = await Promise.all(
      files.map(async (file) => simpleParser(await readFile(join(dir, file)))),
    );
    const staff = parsed.find((mail) => mail.subject?.includes('RS-EML001'));
    expect(staff && addresses(staff.to)).toEqual([MAIL_TO]);
    const delivery = parsed.find((mail) => mail.attachments.length === 1);
    expect(delivery?.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
