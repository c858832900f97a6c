/**
 * A staff member's message as the customer's mail program shows it, through a real SMTP server on
 * PGlite and PostgreSQL: one greeting (none added when the text greets), signed with the writer's
 * name and the company, from them at the reply mailbox rather than no-reply, and not marked
 * Auto-Submitted; a status message stays the company's, marked automatic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../../../tests/support/smtp.ts';
import { buildMessage } from '../../mail/transport.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { postLead } from '../../test/post-lead.ts';
import { reportBody } from '../../test/lead-bodies.ts';
import type { StaffClient } from '../../test/staff-client.ts';
import { loggedInNewStaff, publicUrl } from '../../test/staff-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { renderLeadMessageMail } from './message-mail.ts';

const MAIL_TO = 'sager@skade.test';
const REPLY_MAILBOX = 'svar@skade.test';

describeEachDatabase('a staff member’s message by e-mail', (target) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let anna: StaffClient;
  let leadId: string;
  const mailsTo = (address: string): ReceivedMail[] =>
    smtp.messages.filter((mail) => mail.envelope.to[0] === address);
  const sendMail = () => t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({
      database: target,
      env: {
        PUBLIC_URL: publicUrl,
        MAIL_TO,
        INBOUND_REPLY_ADDRESS: REPLY_MAILBOX,
        SMTP_URL: smtp.url,
        SPAM_CHECKS: 'off',
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
      },
      mail: { startWorker: false },
      messages: { startWorker: false },
    });
    anna = await loggedInNewStaff(t.app, {
      email: 'anna@skade.test',
      name: 'Anna Holm',
      role: 'koordinator',
    });
    ({ id: leadId } = await postLead(t.app, {
      ...reportBody(),
      fuldeNavn: 'Karin Vestergaard',
      email: 'karin@example.dk',
    }));
    await sendMail();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  async function write(text: string): Promise<ReceivedMail> {
    const response = await anna.request('POST', `/api/staff/leads/${leadId}/messages`, {
      text,
      channel: 'email',
    });
    expect(response.statusCode).toBe(201);
    await sendMail();
    return mailsTo('karin@example.dk').at(-1)!;
  }

  it('greets once, signs with the writer’s name, comes from them and is not automatic', async () => {
    const mail = await write('Hej Karin.\nVi kommer tirsdag kl. 9.');
    const text = mail.parsed.text!;
    expect(text.startsWith('Hej Karin.\nVi kommer tirsdag kl. 9.')).toBe(true);
    expect(text).not.toContain('Hej Karin Vestergaard,');
    expect(text).toContain('Venlig hilsen\nAnna Holm\nSkadekompagniet');
    expect(mail.parsed.from?.value).toEqual([{ name: 'Anna Holm, Skadekompagniet', address: REPLY_MAILBOX }]);
    expect(mail.parsed.headers.has('auto-submitted')).toBe(false);
  });

  it('puts the greeting before a text without one', async () => {
    const mail = await write('Vi kommer tirsdag kl. 9.');
    expect(mail.parsed.text!.startsWith('Hej Karin Vestergaard,\n\nVi kommer tirsdag kl. 9.')).toBe(true);
  });
});

describe('the e-mail of a message', () => {
  const lead = { name: 'Karin Vestergaard', reference: 'SK-7F3K2Q' };

  it('signs a status message (no author) with the company alone', () => {
    const rendered = renderLeadMessageMail(lead, 'Besigtigelsen er aftalt.', null);
    expect(rendered.text).toMatch(/^Hej Karin Vestergaard,\n\nBesigtigelsen er aftalt\./);
    expect(rendered.text).toContain('Venlig hilsen\nSkadekompagniet');
  });

  it('marks every e-mail but a person’s Auto-Submitted', async () => {
    const mail = {
      messageId: '<x@skade.test>',
      from: 'a@skade.test',
      to: 'b@example.dk',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
    };
    expect((await buildMessage(mail)).toString()).toContain('Auto-Submitted: auto-generated');
    expect((await buildMessage({ ...mail, personal: true })).toString()).not.toContain('Auto-Submitted');
  });
});
