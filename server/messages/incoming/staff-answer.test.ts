/**
 * Staff answering a notification by e-mail, read from a real IMAP server (Dovecot), on PGlite and
 * PostgreSQL: every notification links to the lead's thread and answers to the lead's staff tag;
 * an answer From an active account reaches the customer as a message of the thread (quote and
 * signature cut), once; a forged, disabled, unauthenticated or automatic one goes to the company
 * inbox with the reason and never to the customer. Every e-mail to the customer, the receipt
 * included, answers to the lead's own tag.
 */
import { randomUUID } from 'node:crypto';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { replyAddressOf, staffReplyAddressOf } from '../../mail/reply-tags.ts';
import type { OutgoingMail } from '../../mail/transport.ts';
import {
  companyInbox,
  describeWithDovecot,
  publicUrl,
  rawMail,
  replyMailbox,
  replyMailboxRig,
} from '../../test/reply-mailbox.ts';
import { reportBody } from '../../test/lead-bodies.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from '../../test/test-app.ts';
import { staffReplyRefusals } from './staff-answer.ts';

const customerAddress = 'karen@holm.dk';

const raw = (options: Mail.Options) =>
  rawMail({ messageId: `<${randomUUID()}@skade.example.dk>`, ...options });

const addressOf = (to: OutgoingMail['to']) => (typeof to === 'string' ? to : to.address);

describeWithDovecot('staff answers by e-mail', (target) => {
  const rig = replyMailboxRig(target, {
    env: { INBOUND_REPLY_ADDRESS: replyMailbox },
    seed: async (db) => {
      await db.insert(users).values([
        { email: 'bo@skade.example.dk', name: 'Bo Jensen', passwordHash: 'not-used' },
        { email: 'gone@skade.example.dk', name: 'Gone', passwordHash: 'x', disabledAt: new Date() },
      ]);
    },
  });
  const { sent, round, deliver, thread } = rig;
  const newLead = async () => (await rig.newLead()).id;
  const staffTag = (leadId: string) => staffReplyAddressOf(TEST_SIGNING_SECRET, replyMailbox, leadId);

  it('links the notification to the thread and answers the receipt to the lead', async () => {
    const leadId = await newLead();
    await deliver();
    const notification = sent.find((mail) => addressOf(mail.to) === companyInbox)!;
    expect(notification.replyTo).toBe(staffTag(leadId));
    expect(notification.text).toContain(`${publicUrl}/indbakke/henvendelse/${leadId}`);
    expect(notification.text).toContain('Du kan også svare på denne e-mail');
    expect(notification.text).not.toContain('direkte til');
    const receipt = sent.find((mail) => addressOf(mail.to) === customerAddress)!;
    expect(receipt.replyTo).toBe(replyAddressOf(TEST_SIGNING_SECRET, replyMailbox, leadId));
  });

  it('sends an active account’s answer to the customer through the thread, cut, once', async () => {
    const leadId = await newLead();
    await deliver();
    sent.length = 0;
    const answer = await raw({
      from: { name: 'Bo Jensen', address: 'Bo@skade.example.dk' },
      to: staffTag(leadId),
      subject: 'Re: Skadeanmeldelse',
      text: [
        'Hej Karen, vi kommer torsdag kl. 9.',
        '',
        '-- ',
        'Bo Jensen, Skadekompagniet',
        '',
        'Den tors. 26. nov. 2026 kl. 10.12 skrev Skadekompagniet <no-reply@skade.example.dk>:',
        '> Skadeanmeldelse',
      ].join('\n'),
    });
    await rig.imap.append('INBOX', answer);
    expect(await round()).toMatchObject({ stored: 1, failed: 0 });
    const messages = await thread(leadId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      direction: 'out',
      authorName: 'Bo Jensen',
      body: 'Hej Karen, vi kommer torsdag kl. 9.',
    });
    await deliver();
    const toCustomer = sent.filter((mail) => addressOf(mail.to) === customerAddress);
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]!.text).toContain('vi kommer torsdag kl. 9.');
    expect(toCustomer[0]!.replyTo).toBe(replyAddressOf(TEST_SIGNING_SECRET, replyMailbox, leadId));

    // Read again, as after a crash before it was marked read: sent once.
    await rig.imap.clear('INBOX');
    await rig.imap.append('INBOX', answer);
    expect(await round()).toMatchObject({ duplicate: 1, stored: 0 });
    expect(await thread(leadId)).toHaveLength(1);
  });

  it('never sends a forged, disabled, failed or automatic answer to the customer', async () => {
    const leadId = await newLead();
    await deliver();
    sent.length = 0;
    const cases = [
      { from: 'karen@holm.dk', reason: staffReplyRefusals.notStaff },
      { from: 'gone@skade.example.dk', reason: staffReplyRefusals.notStaff },
      {
        from: 'bo@skade.example.dk',
        headers: {
          'Authentication-Results': 'mx.skade.example.dk; dkim=none; dmarc=fail header.from=skade.example.dk',
        },
        reason: staffReplyRefusals.authentication,
      },
      {
        from: 'bo@skade.example.dk',
        headers: { 'Auto-Submitted': 'auto-replied' },
        reason: staffReplyRefusals.automatic,
      },
    ];
    for (const [index, entry] of cases.entries()) {
      await rig.imap.append(
        'INBOX',
        await raw({
          from: entry.from,
          to: staffTag(leadId),
          subject: `Forsøg ${index}`,
          text: 'Betal til konto 1234 5678901.',
          ...(entry.headers ? { headers: entry.headers } : {}),
        }),
      );
    }
    expect(await round()).toMatchObject({ forwarded: 4, stored: 0 });
    expect(await thread(leadId)).toHaveLength(0);
    await deliver();
    expect(sent.filter((mail) => addressOf(mail.to) === customerAddress)).toHaveLength(0);
    for (const [index, entry] of cases.entries()) {
      const forwarded = sent.find((mail) => mail.subject === `Svar uden sag: Forsøg ${index}`);
      expect(forwarded?.to).toBe(companyInbox);
      expect(forwarded?.text).toContain(entry.reason);
    }
  });

  it('takes no altered staff tag', async () => {
    const leadId = await newLead();
    await deliver();
    sent.length = 0;
    // An altered staff tag names no lead: the mail goes to the company inbox.
    const altered = staffTag(leadId).replace(/\+s(.)/, (_, c: string) => `+s${c === '0' ? '1' : '0'}`);
    await rig.imap.append(
      'INBOX',
      await raw({ from: 'bo@skade.example.dk', to: altered, subject: 'Ændret', text: 'Hej' }),
    );
    expect(await round()).toMatchObject({ forwarded: 1, stored: 0 });
    expect(await thread(leadId)).toHaveLength(0);
  });
});

describe('without a reply mailbox', () => {
  let t: TestApp;
  const sent: OutgoingMail[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: publicUrl,
        MAIL_TO: companyInbox,
        SPAM_CHECKS: 'off',
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
      },
      mail: {
        startWorker: false,
        transport: { kind: 'eml', send: async (mail) => void sent.push(mail), close: async () => {} },
      },
    });
  }, 60_000);
  afterAll(async () => t?.close());

  it('the notification links to the thread and invites no answer outside it', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/leads', payload: reportBody() });
    expect(response.statusCode).toBe(201);
    await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
    const notification = sent.find((mail) => addressOf(mail.to) === companyInbox)!;
    expect(notification.replyTo).toBeUndefined();
    expect(notification.text).toMatch(
      /Svar kunden i sagens tråd: https:\/\/skade\.example\.dk\/indbakke\/henvendelse\//,
    );
    expect(notification.text).not.toContain('svare på denne e-mail');
    const receipt = sent.find((mail) => addressOf(mail.to) === customerAddress)!;
    expect(receipt.replyTo).toBe(companyInbox);
  });
});
