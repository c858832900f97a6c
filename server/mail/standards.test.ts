import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../domain/company.ts';
import { resourceCatalogue } from '../../domain/resources.ts';
import { makePng } from '../../tests/support/images.ts';
import { startTestSmtp, type TestSmtp } from '../../tests/support/smtp.ts';
import { emergencyForMail } from '../test/lead-for-mail.ts';
import { renderLeadReceipt } from '../leads/receipt.ts';
import { renderLeadNotification, renderResourceDelivery, type LeadForMail } from '../leads/lead-templates.ts';
import { type RenderedMail } from './layout.ts';
import { staffNotice } from './staff-notice.ts';
import { buildMessage, createEmlTransport, createSmtpTransport, type OutgoingMail } from './transport.ts';

const createdAt = new Date('2026-11-22T02:55:00Z');
const publicUrl = 'https://skadekompagniet.example';
const notice = staffNotice(`${publicUrl}/indbakke/henvendelse/x`, true);

const leads: LeadForMail[] = [
  {
    kind: 'kontakt',
    reference: 'SK-7F3K2Q',
    name: 'Anne Hansen',
    email: 'anne@example.dk',
    phone: null,
    details: { service: 'genhusning', message: 'Hej' },
    createdAt,
  },
  {
    kind: 'anmeldelse',
    reference: 'SK-ABCDEF',
    name: 'Karen Holm',
    email: 'karen@holm.dk',
    phone: '+4587654321',
    details: {
      personType: 'taksator',
      rekvirentNavn: 'Rita Olsen',
      rekvirentTelefon: '+4522334455',
      rekvirentEmail: 'rita@forsikring.dk',
      adresse: 'Algade 3, 4000 Roskilde',
      forsikringsselskab: 'Codan',
      skadetype: 'brandskade',
      besked: 'Sod på lofterne.',
    },
    createdAt,
  },
  { ...emergencyForMail, createdAt },
  ...resourceCatalogue.map((resource): LeadForMail => ({
    kind: 'ressource',
    reference: 'RS-ABC123',
    name: 'Lars Berg',
    email: 'lars@example.dk',
    phone: '+4522345678',
    details: { resourceTitle: resource.title, resourceType: resource.type },
    createdAt,
  })),
];

const pdf = { filename: 'ressource.pdf', content: Buffer.from('%PDF-1.7\n'), contentType: 'application/pdf' };
const photo = { filename: 'loft.png', content: makePng(2, 2), contentType: 'image/png' };

/** Every e-mail the system writes: each notification (with and without photos), receipt and PDF. */
function everyMail(): { name: string; rendered: RenderedMail }[] {
  const mails: { name: string; rendered: RenderedMail }[] = [];
  for (const lead of leads) {
    mails.push({
      name: `notification of ${lead.kind}`,
      rendered: renderLeadNotification(lead, { kind: 'none' }, notice),
    });
    if (lead.kind !== 'ressource') {
      mails.push({ name: `receipt of ${lead.kind}`, rendered: renderLeadReceipt(lead, 1, { publicUrl }) });
    }
  }
  const emergency = leads.find((lead) => lead.kind === 'akut-skade')!;
  mails.push(
    {
      name: 'notification with attached photos',
      rendered: renderLeadNotification(
        emergency,
        { kind: 'attached', files: [photo], missing: ['væk.jpg'] },
        notice,
      ),
    },
    {
      name: 'notification with photo links',
      rendered: renderLeadNotification(
        emergency,
        {
          kind: 'links',
          links: [{ name: 'loft.png', url: 'https://skadekompagniet.example/api/objects/x?signature=y' }],
          totalBytes: 30 * 1024 * 1024,
          validUntil: createdAt,
        },
        notice,
      ),
    },
  );
  for (const resource of resourceCatalogue) {
    const lead = leads.find((entry) => entry.details.resourceTitle === resource.title)!;
    mails.push({ name: `${resource.type} delivery`, rendered: renderResourceDelivery(lead, resource, pdf) });
  }
  return mails;
}

function outgoing(rendered: RenderedMail, index = 0): OutgoingMail {
  return {
    messageId: `<job-${index}@skadekompagniet.example>`,
    from: '"Skadekompagniet" <no-reply@skadekompagniet.example>',
    to: { name: 'Modtager', address: 'modtager@example.dk' },
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: rendered.attachments,
  };
}

const html = (mail: ParsedMail) => (typeof mail.html === 'string' ? mail.html : '');

/** The company's details as the footer must show them, written out here. */
const footerParts = [
  company.legalName,
  `CVR ${company.cvr}`,
  `${company.address.street}, ${company.address.postalCode} ${company.address.city}`,
  `Telefon ${company.phoneDisplay}`,
];

describe('every e-mail, as a mail parser reads it', () => {
  const mails = everyMail();

  it.each(mails.map((mail, index) => [mail.name, index] as const))(
    '%s: its text part ends with the company footer its HTML part has',
    async (_name, index) => {
      const parsed = await simpleParser(await buildMessage(outgoing(mails[index]!.rendered, index)));
      const text = (parsed.text ?? '').replace(/\r\n/g, '\n').trimEnd();
      const footer = text.slice(text.lastIndexOf('\n-- \n') + '\n-- \n'.length);
      expect(text).toContain('\n-- \n');
      for (const part of footerParts) {
        expect(footer, part).toContain(part);
        expect(html(parsed), part).toContain(part.replace(/&/g, '&amp;'));
      }
    },
  );

  it.each(mails.map((mail, index) => [mail.name, index] as const))(
    '%s: says it was sent automatically (Auto-Submitted: auto-generated)',
    async (_name, index) => {
      const parsed = await simpleParser(await buildMessage(outgoing(mails[index]!.rendered, index)));
      expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    },
  );

  it.each(mails.map((mail, index) => [mail.name, index] as const))(
    '%s: no header cells in layout tables; a data table’s header cells have a scope',
    async (_name, index) => {
      const parsed = await simpleParser(await buildMessage(outgoing(mails[index]!.rendered, index)));
      const tables = html(parsed).match(/<table\b[^>]*>[\s\S]*?<\/table>/g) ?? [];
      for (const table of tables) {
        const start = /^<table\b[^>]*>/.exec(table)![0];
        if (/role="(presentation|none)"/.test(start)) expect(table).not.toMatch(/<th\b/);
        for (const cell of table.match(/<th\b[^>]*>/g) ?? []) expect(cell).toMatch(/\bscope="(row|col)"/);
      }
    },
  );

  it('names the resources in correct Danish', () => {
    for (const { rendered } of mails) {
      for (const part of [rendered.subject, rendered.text, rendered.html]) {
        expect(part).not.toMatch(/tjeklisteen|e-bogen?en/i);
      }
    }
    const checklist = mails.find((mail) => mail.name === 'Tjekliste delivery')!.rendered;
    expect(checklist.text).toContain('Her er tjeklisten «Er du klar til skybrud?» som PDF');
    const ebook = mails.find((mail) => mail.name === 'E-bog delivery')!.rendered;
    expect(ebook.text).toContain('Her er e-bogen «10 konkrete tips til en værdiredningsplan» som PDF');
    const staff = mails
      .filter((mail) => mail.name === 'notification of ressource')
      .map((mail) => mail.rendered.text);
    expect(staff[0]).toContain('E-bogen er sendt automatisk til lars@example.dk.');
    expect(staff[1]).toContain('Tjeklisten er sendt automatisk til lars@example.dk.');
  });
});

describe('the Auto-Submitted header on both ways out', () => {
  const rendered = renderLeadNotification(leads[0]!, { kind: 'none' }, notice);
  let smtp: TestSmtp;
  let dir: string;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    dir = mkdtempSync(join(tmpdir(), 'mail-standards-'));
  });
  afterAll(async () => {
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is in a message sent over SMTP', async () => {
    await createSmtpTransport(smtp.url).send(outgoing(rendered));
    const received = await smtp.waitForMail();
    expect(received.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(received.raw.toString('latin1')).toMatch(/(^|\r\n)Auto-Submitted: auto-generated\r\n/);
  });

  it('is in a message written as an .eml file', async () => {
    await createEmlTransport(dir).send(outgoing(rendered));
    const [file] = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
    const parsed = await simpleParser(await readFile(join(dir, file!)));
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
  });
});
