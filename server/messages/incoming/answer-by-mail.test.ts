/**
 * Customers' e-mail answers read from a real IMAP server (Dovecot, started by the test), on PGlite
 * and PostgreSQL: an answer lands in its lead's thread with the quote cut, found by the tagged
 * reply address or by In-Reply-To; a second round does not store it again; a photo becomes a lead
 * photo and a forged one is refused; a mail matching no lead reaches the company inbox; the person
 * the lead is assigned to is told.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../../tests/support/images.ts';
import { casePhotos, leadImages, leadMessages, leads, mailJobs, users } from '../../db/schema.ts';
import {
  companyInbox,
  describeWithDovecot,
  publicUrl,
  rawMail,
  replyMailbox,
  replyMailboxRig,
} from '../../test/reply-mailbox.ts';
import { TEST_SIGNING_SECRET } from '../../test/test-app.ts';
import { imapTarget, inboundMailJob, mailboxLimits, readReplyMailbox } from './answer-mailbox.ts';
import { replyAddressOf } from './answer-address.ts';

const customer = { name: 'Karen Holm', address: 'karen@holm.dk' };

const quoted = [
  '',
  'Den man. 3. jun. 2024 kl. 10.12 skrev Skadekompagniet <svar@skade.example.dk>:',
  '> Hej Karen,',
  '> Vi kommer i morgen kl. 9.',
].join('\n');

describe('imapTarget', () => {
  it('reads the server, the account and the mailbox from INBOUND_IMAP_URL', () => {
    expect(imapTarget('imaps://svar%40firma.dk:p%C3%A5ssord@imap.firma.dk/Svar%2FKunder')).toEqual({
      host: 'imap.firma.dk',
      port: 993,
      secure: true,
      user: 'svar@firma.dk',
      pass: 'påssord',
      mailbox: 'Svar/Kunder',
    });
    expect(imapTarget('imap://u:p@127.0.0.1:1143')).toMatchObject({
      port: 1143,
      secure: false,
      mailbox: 'INBOX',
    });
  });
});

describeWithDovecot('customer answers over IMAP', (target) => {
  const rig = replyMailboxRig(target);
  const { sent, db, deps, round, deliver, newLead, thread } = rig;

  it('files an answer to the tagged reply address under its lead, the quote cut, once', async () => {
    const lead = await newLead();
    await rig.imap.append(
      'INBOX',
      await rawMail({
        from: customer,
        to: replyAddressOf(TEST_SIGNING_SECRET, replyMailbox, lead.id),
        subject: `Re: Din skadeanmeldelse ${lead.reference}`,
        messageId: `<${randomUUID()}@holm.dk>`,
        text: `Det passer fint, jeg er hjemme fra 8.\n\nMvh Karen${quoted}`,
      }),
    );
    expect(await round()).toMatchObject({ stored: 1, failed: 0 });
    const messages = await thread(lead.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      direction: 'in',
      channel: 'email',
      body: 'Det passer fint, jeg er hjemme fra 8.\n\nMvh Karen',
    });
    expect((await rig.imap.list('INBOX'))[0]!.flags).toContain('\\Seen');

    // Read again (as after a crash before it was marked read): stored once.
    await rig.imap.clear('INBOX');
    await rig.imap.append(
      'INBOX',
      await rawMail({
        from: customer,
        to: replyAddressOf(TEST_SIGNING_SECRET, replyMailbox, lead.id),
        subject: 'Re: igen',
        messageId: messages[0]!.incomingId!,
        text: 'Det passer fint, jeg er hjemme fra 8.',
      }),
    );
    expect(await round()).toMatchObject({ stored: 0, duplicate: 1 });
    expect(await thread(lead.id)).toHaveLength(1);
  });

  it('files an answer by In-Reply-To naming our message, also after its mail job row is gone', async () => {
    const lead = await newLead();
    const jobId = randomUUID();
    await db().insert(leadMessages).values({
      leadId: lead.id,
      direction: 'out',
      channel: 'case-page',
      body: 'Vi kommer kl. 9',
      mailJobId: jobId,
    });
    await rig.imap.append(
      'INBOX',
      await rawMail({
        from: customer,
        to: replyMailbox,
        subject: `Re: Nyt om din henvendelse ${lead.reference}`,
        inReplyTo: `<${jobId}@skade.example.dk>`,
        references: [
          `<${lead.receiptJobId ?? randomUUID()}@skade.example.dk>`,
          `<${jobId}@skade.example.dk>`,
        ],
        text: `> Vi kommer kl. 9\nKan I komme kl. 10 i stedet?\n\n-- \nKaren Holm\nHolm ApS`,
      }),
    );
    expect(await round()).toMatchObject({ stored: 1 });
    const answers = (await thread(lead.id)).filter((message) => message.direction === 'in');
    expect(answers.map((message) => message.body)).toEqual(['Kan I komme kl. 10 i stedet?']);
  });

  it('keeps a photo as a lead photo and refuses a forged one', async () => {
    const lead = await newLead();
    await rig.imap.append(
      'INBOX',
      await rawMail({
        from: customer,
        to: replyAddressOf(TEST_SIGNING_SECRET, replyMailbox, lead.id),
        subject: 'Billeder',
        text: 'Her er billederne.',
        attachments: [
          { filename: 'loft.png', content: makePng(64, 48), contentType: 'image/png' },
          {
            filename: 'virus.jpg',
            content: Buffer.from('<script>alert(1)</script>'),
            contentType: 'image/jpeg',
          },
        ],
      }),
    );
    expect(await round()).toMatchObject({ stored: 1 });
    const images = await db().select().from(leadImages).where(eq(leadImages.leadId, lead.id));
    expect(images.map((image) => [image.originalName, image.contentType])).toEqual([
      ['loft.png', 'image/png'],
    ]);
    expect(await rig.app.deps.storage.get(images[0]!.objectKey)).not.toBeNull();
    expect(await db().select().from(casePhotos).where(eq(casePhotos.leadId, lead.id))).toHaveLength(1);
    const [message] = await thread(lead.id);
    expect(message!.body).toBe('Her er billederne.\n\nIkke gemt: virus.jpg (ikke et billede)');
  });

  it('leaves an answer unread when it cannot be stored, and stores it at the next round', async () => {
    const lead = await newLead();
    await rig.imap.append(
      'INBOX',
      await rawMail({
        from: customer,
        to: replyAddressOf(TEST_SIGNING_SECRET, replyMailbox, lead.id),
        subject: 'Billede',
        text: 'Her er loftet.',
        attachments: [{ filename: 'loft.png', content: makePng(32, 32), contentType: 'image/png' }],
      }),
    );
    const broken = {
      ...deps(),
      storage: {
        put: async () => {
          throw new Error('the object store is down');
        },
      },
    };
    expect(await readReplyMailbox(broken, rig.imap.url)).toMatchObject({ stored: 0, failed: 1 });
    expect((await rig.imap.list('INBOX'))[0]!.flags).not.toContain('\\Seen');
    expect(await thread(lead.id)).toEqual([]);
    expect(await round()).toMatchObject({ stored: 1, failed: 0 });
    expect((await thread(lead.id)).map((message) => message.body)).toEqual(['Her er loftet.']);
    expect((await rig.imap.list('INBOX'))[0]!.flags).toContain('\\Seen');
  });

  it('tells the company inbox of an answer that fails round after round, and marks it read', async () => {
    const lead = await newLead();
    await deliver();
    sent.length = 0;
    await rig.imap.append(
      'INBOX',
      await rawMail({
        from: customer,
        to: replyAddressOf(TEST_SIGNING_SECRET, replyMailbox, lead.id),
        subject: 'Billede af loftet',
        text: 'Her er loftet.',
        attachments: [{ filename: 'loft.png', content: makePng(32, 32), contentType: 'image/png' }],
      }),
    );
    const broken = {
      ...deps(),
      storage: {
        put: async () => {
          throw new Error('the object store is down');
        },
      },
    };
    const limits = { ...mailboxLimits, failedRoundsMax: 2 };
    expect(await readReplyMailbox(broken, rig.imap.url, limits)).toMatchObject({ failed: 1, 'given-up': 0 });
    expect((await rig.imap.list('INBOX'))[0]!.flags).not.toContain('\\Seen');
    expect(await readReplyMailbox(broken, rig.imap.url, limits)).toMatchObject({ failed: 0, 'given-up': 1 });
    expect((await rig.imap.list('INBOX'))[0]!.flags).toContain('\\Seen');
    expect(await thread(lead.id)).toEqual([]);
    await deliver();
    const told = sent.filter((mail) => mail.to === companyInbox && mail.text?.includes('Billede af loftet'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('heller ikke efter flere forsøg');
  });

  it('forwards a mail that matches no lead to the company inbox, once', async () => {
    const forged = replyAddressOf('another-secret-0123456789abcdefghij', replyMailbox, randomUUID());
    await rig.imap.append(
      'INBOX',
      await rawMail({
        from: { name: 'Ukendt', address: 'ukendt@example.com' },
        to: forged,
        subject: 'Hvornår kommer I?',
        messageId: '<unmatched-1@example.com>',
        text: 'Jeg har ikke hørt noget.',
      }),
    );
    expect(await round()).toMatchObject({ forwarded: 1 });
    await rig.imap.append(
      'INBOX',
      await rawMail({
        from: 'ukendt@example.com',
        to: replyMailbox,
        subject: 'x',
        messageId: '<unmatched-1@example.com>',
        text: 'igen',
      }),
    );
    expect(await round()).toMatchObject({ forwarded: 0, 'forwarded-before': 1 });
    await deliver();
    const forwarded = sent.filter((mail) => mail.subject === 'Svar uden sag: Hvornår kommer I?');
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]).toMatchObject({ to: companyInbox, replyTo: 'ukendt@example.com' });
    expect(forwarded[0]!.text).toContain('Jeg har ikke hørt noget.');
    expect(forwarded[0]!.text).toContain('Fra: "Ukendt" <ukendt@example.com>');
  });

  it('tells the assigned person, with the answer as text and the link to the lead; the company inbox when nobody is', async () => {
    const [bo] = await db()
      .insert(users)
      .values({ email: 'bo@skade.example.dk', name: 'Bo Jensen', passwordHash: 'not-used' })
      .returning();
    const assigned = await newLead();
    await db().update(leads).set({ assignedTo: bo!.id }).where(eq(leads.id, assigned.id));
    const unassigned = await newLead();
    await deliver();
    sent.length = 0;
    for (const lead of [assigned, unassigned]) {
      await rig.imap.append(
        'INBOX',
        await rawMail({
          from: customer,
          to: replyAddressOf(TEST_SIGNING_SECRET, replyMailbox, lead.id),
          subject: 'Re: sagen',
          text: 'Se <b>her</b> & tak',
        }),
      );
    }
    // Through the periodic job, as the app runs it: it wakes the mail outbox too.
    const job = inboundMailJob(deps(), { imapUrl: rig.imap.url, pollSeconds: 60 });
    await job.run(new Date());
    await deliver();
    const toBo = sent.find((mail) => mail.subject === `Svar fra kunden på ${assigned.reference}`);
    expect(toBo?.to).toEqual({ name: 'Bo Jensen', address: 'bo@skade.example.dk' });
    expect(toBo!.text).toContain('Se <b>her</b> & tak');
    expect(toBo!.html).toContain('Se &lt;b&gt;her&lt;/b&gt; &amp; tak');
    expect(toBo!.text).toContain(`${publicUrl}/indbakke/henvendelse/${assigned.id}`);
    const toOffice = sent.find((mail) => mail.subject === `Svar fra kunden på ${unassigned.reference}`);
    expect(toOffice?.to).toBe(companyInbox);
    const jobs = await db().select().from(mailJobs).where(eq(mailJobs.kind, 'customer-answer'));
    expect(jobs.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps an out-of-office reply in the thread, marked, without telling anyone', async () => {
    const lead = await newLead();
    await deliver();
    sent.length = 0;
    await rig.imap.append(
      'INBOX',
      await rawMail({
        from: customer,
        to: replyAddressOf(TEST_SIGNING_SECRET, replyMailbox, lead.id),
        subject: 'Automatisk svar: Din skadeanmeldelse',
        headers: { 'Auto-Submitted': 'auto-replied' },
        text: 'Jeg er på ferie til og med 3. december.',
      }),
    );
    expect(await round()).toMatchObject({ stored: 1, failed: 0 });
    expect((await thread(lead.id)).map((message) => message.body)).toEqual([
      '(Automatisk svar)\nJeg er på ferie til og med 3. december.',
    ]);
    await deliver();
    expect(sent.filter((mail) => mail.subject.startsWith('Svar fra kunden'))).toEqual([]);
  });
});
