/**
 * The case page as the customer meets it: the conversation with us, a closed case that offers
 * no forms and refuses posts (409, Danish) and says to call, a message e-mailed to the person
 * handling the case as well as the company inbox, and a refused post that lands on its error.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { company } from '../../domain/company.ts';
import { makePng } from '../../tests/support/images.ts';
import { casePhotos, leadMessages } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import { companyInbox, postLeadWithCaseToken } from '../test/post-lead.ts';
import { loggedInNewStaff, staffIdOf, type StaffClient } from '../test/staff-client.ts';
import { staffTestAppOfBlock } from '../test/staff-test-app.ts';
import { caseMessages } from './copy.ts';
import { multipartBody } from '../test/multipart-body.ts';

const multipart = (name: string, body: Buffer) =>
  multipartBody('billeder', [{ name, type: 'image/png', body }]);

describeEachDatabase('the case page from the customer side', (target) => {
  const t = staffTestAppOfBlock(target, { keepMail: true });
  const db = () => t.app.deps.db;
  let anna: StaffClient;
  let annaId: string;

  beforeAll(async () => {
    anna = await loggedInNewStaff(t.app, { email: 'anna@example.dk', name: 'Anna Holm' });
    annaId = await staffIdOf(t.app, 'anna@example.dk');
  });

  const deliver = () => t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));

  async function lead(): Promise<{ id: string; reference: string; token: string }> {
    const created = await postLeadWithCaseToken(t.app, t.sent, emergencyBody());
    t.sent.length = 0;
    return created;
  }
  const page = async (token: string) => (await t.app.inject({ method: 'GET', url: `/sag/${token}` })).body;
  const postMessage = (token: string, besked: string) =>
    t.app.inject({
      method: 'POST',
      url: `/sag/${token}/besked`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ besked, website: '' }).toString(),
    });
  const postPhoto = (token: string) =>
    t.app.inject({ method: 'POST', url: `/sag/${token}/billeder`, ...multipart('stue.png', makePng(8, 8)) });

  it('shows the conversation oldest first, ours by first name only, everything as text', async () => {
    const { id, token } = await lead();
    expect(await page(token)).not.toContain('id="thread-h"');
    expect((await postMessage(token, 'Første besked <b>fed</b>')).statusCode).toBe(303);
    await db()
      .insert(leadMessages)
      .values([
        {
          leadId: id,
          direction: 'out',
          channel: 'case-page',
          body: 'Vi kommer <i>i morgen</i>.',
          authorId: annaId,
          authorName: 'Anna Holm',
          createdAt: new Date(Date.now() + 1_000),
        },
        // An account without a name is stored by its address: the page shows no address.
        {
          leadId: id,
          direction: 'out',
          channel: 'case-page',
          body: 'Husk at lukke for vandet.',
          authorName: 'vagt@example.dk',
          createdAt: new Date(Date.now() + 2_000),
        },
      ]);
    expect((await postMessage(token, 'Anden besked\nmed to linjer')).statusCode).toBe(303);
    // Written after ours (the page stamps it with the clock; ours were dated ahead of it).
    await db()
      .update(leadMessages)
      .set({ createdAt: new Date(Date.now() + 3_000) })
      .where(eq(leadMessages.body, 'Anden besked\nmed to linjer'));
    const html = await page(token);
    const section = html.slice(
      html.indexOf('<h2 id="thread-h">'),
      html.indexOf('</section>', html.indexOf('id="thread-h"')),
    );
    expect(section).toContain('<h2 id="thread-h">Beskeder</h2>');
    const order = [
      'Første besked &lt;b&gt;fed&lt;/b&gt;',
      'Vi kommer &lt;i&gt;i morgen&lt;/i&gt;.',
      'Husk at lukke',
      'Anden besked',
    ];
    const positions = order.map((text) => section.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(section).toContain(`<strong>Anna fra ${company.name}</strong>`);
    expect(section).toContain('<strong>Besked fra os</strong>');
    expect(section.match(/<strong>Du skrev<\/strong>/g)).toHaveLength(2);
    expect(section).not.toContain('Holm');
    expect(section).not.toContain('vagt@example.dk');
    expect(section).not.toContain('<b>');
    expect(section).toContain('<a href="#besked">');
  });

  it('e-mails a message to the person handling the case as well as the company inbox', async () => {
    const { id, reference, token } = await lead();
    expect(
      (await anna.request('PUT', `/api/staff/leads/${id}/assignee`, { assignee: annaId })).statusCode,
    ).toBe(200);
    await postMessage(token, 'Hvornår kommer I?');
    await deliver();
    const mails = t.sent.filter((mail) => mail.subject === `Besked fra kunden til ${reference}`);
    expect(mails.map((mail) => mail.to)).toEqual(
      expect.arrayContaining([companyInbox, { name: 'Anna Holm', address: 'anna@example.dk' }]),
    );
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.text).toContain('Hvornår kommer I?');
  });

  it('offers no uploads or messages on a closed case, says to call, and refuses posts with 409', async () => {
    const { id, token } = await lead();
    expect((await anna.request('PATCH', `/api/staff/leads/${id}`, { status: 'done' })).statusCode).toBe(200);
    const html = await page(token);
    // The only form left is the satisfaction question the close asked (server/case/satisfaction.test.ts).
    expect(html.match(/<form[^>]*action="[^"]*"/g)).toEqual([
      `<form method="post" action="/sag/${token}/tilfredshed#tilfredshed-error"`,
    ]);
    expect(html).toContain('<h2 id="closed-h">Sagen er afsluttet</h2>');
    expect(html).toContain(`ring til os på ${company.phoneDisplay}`);
    expect(html).not.toContain('sende flere billeder og skrive til os');

    const message = await postMessage(token, 'Er der nyt?');
    expect(message.statusCode).toBe(409);
    expect(message.body).toContain(caseMessages.closed);
    const photo = await postPhoto(token);
    expect(photo.statusCode).toBe(409);
    expect(photo.body).toContain(caseMessages.closed);
    expect(photo.body).toContain('id="photos-error"');
    expect(await db().select().from(casePhotos).where(eq(casePhotos.leadId, id))).toEqual([]);
    await deliver();
    // Nothing reached staff (the customer may be told of the closing itself; that is ours).
    expect(
      t.sent.filter(
        (mail) => mail.to === companyInbox || /^(Besked fra kunden|Nye billeder)/.test(mail.subject),
      ),
    ).toEqual([]);

    // Opened again, the page takes photos and messages again.
    await anna.request('PATCH', `/api/staff/leads/${id}`, { status: 'in-progress' });
    expect(await page(token)).toContain(`action="/sag/${token}/besked#message-error"`);
    expect((await postPhoto(token)).statusCode).toBe(303);
  });

  it('sends a refused post to its error on the page, and a successful one to the confirmation', async () => {
    const { token } = await lead();
    const html = await page(token);
    expect(html).toContain(`action="/sag/${token}/billeder#photos-error"`);
    expect(html).toContain(`action="/sag/${token}/besked#message-error"`);
    const refused = await postMessage(token, '');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<p class="err" role="alert" id="message-error" tabindex="-1">');
    const sentPhoto = await postPhoto(token);
    expect(sentPhoto.headers.location).toMatch(/\?sendt=billeder&antal=1#bekraeftelse$/);
    const confirmed = await t.app.inject({ method: 'GET', url: sentPhoto.headers.location!.split('#')[0]! });
    expect(confirmed.body).toContain('<p class="ok" role="status" id="bekraeftelse">');
  });
});
