/**
 * Where a customer SMS says to answer, through the API and a fake GatewayAPI on PGlite and
 * PostgreSQL: from a number, with incoming SMS set up, "Svar på denne sms"; from a name (which
 * cannot be answered) or without incoming SMS, the case page's link as the place to answer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { customerSmsText } from '../../../domain/sms-parts.ts';
import { addStaff } from '../../staff/accounts.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { reportBody } from '../../test/lead-bodies.ts';
import { password, publicUrl, StaffClient } from '../../test/staff-client.ts';
import { startMessagingApp, type MessagingApp } from '../../test/messaging-app.ts';
import { postLead } from '../../test/post-lead.ts';

const caseLink = `${publicUrl}/sag/[A-Za-z0-9_-]{43}`;

describeEachDatabase('where a customer SMS says to answer', (target) => {
  const apps: MessagingApp[] = [];

  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  /** One SMS from staff to a customer with a mobile, sent by an app with these SMS settings. */
  async function smsSentWith(sms: Record<string, string>): Promise<string> {
    const messaging = await startMessagingApp(target, { MAIL_TO: 'sager@skade.test', ...sms });
    apps.push(messaging);
    const { t, gateway } = messaging;
    await addStaff(t.app.deps.db, {
      email: 'anna@skade.test',
      name: 'Anna Holm',
      password,
      role: 'koordinator',
    });
    const anna = new StaffClient(t.app);
    await anna.logIn('anna@skade.test');
    const lead = await postLead(t.app, { ...reportBody(), telefon: '20 11 22 33' });
    const response = await anna.request('POST', `/api/staff/leads/${lead.id}/messages`, {
      text: 'Vi kommer i morgen kl. 9.',
      channel: 'sms',
    });
    expect(response.statusCode).toBe(201);
    expect(await t.app.deps.messages.worker.runDue(new Date(Date.now() + 1000))).toEqual({
      sent: 1,
      failed: 0,
    });
    return gateway.received.at(-1)!.text;
  }

  it('says "Svar på denne sms" from a number with incoming SMS set up', async () => {
    const text = await smsSentWith({
      SMS_SENDER: '4570203040',
      SMS_WEBHOOK_SECRET: 'a-webhook-secret-0123456789',
    });
    expect(text).toMatch(
      new RegExp(`^Vi kommer i morgen kl\\. 9\\.\\nSvar på denne sms\\. Følg din sag: ${caseLink}$`),
    );
  });

  it('points to the case page from a name, or from a number nobody reads answers to', async () => {
    const settings: Record<string, string>[] = [
      { SMS_WEBHOOK_SECRET: 'a-webhook-secret-0123456789' },
      { SMS_SENDER: '4570203040' },
    ];
    for (const sms of settings) {
      const text = await smsSentWith(sms);
      expect(text).toMatch(new RegExp(`^Vi kommer i morgen kl\\. 9\\.\\nSvar og følg din sag: ${caseLink}$`));
      expect(text).not.toContain('Svar på denne sms');
    }
  });
});

describe('a customer SMS without a case link', () => {
  it('still says how to answer', () => {
    expect(customerSmsText('Hej', null, 'sms')).toBe('Hej\nSvar på denne sms.');
    expect(customerSmsText('Hej', null, 'case-page')).toMatch(
      /^Hej\nDu kan ikke svare på denne sms\. Ring [\d ]+\.$/,
    );
  });
});
