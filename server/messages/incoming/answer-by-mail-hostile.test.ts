/**
 * Answers in the reply mailbox that are hostile or unlucky, read from a real IMAP server (Dovecot)
 * on PGlite and PostgreSQL: a message whose reading never ends is counted and set aside after its
 * last try instead of being read again forever; a NUL byte no longer keeps an answer out of its
 * thread; a photo is stored once however often the mail is read; photos by e-mail keep the case
 * page's limits; and the log never carries what the customer wrote.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { beforeEach, expect, it } from 'vitest';
import { casePage } from '../../../domain/constants.ts';
import { makePng } from '../../../tests/support/images.ts';
import { photoRoom } from '../../case/photo-room.ts';
import { casePhotos, uploads } from '../../db/schema.ts';
import {
  companyInbox,
  describeWithDovecot,
  rawMail,
  replyMailbox,
  replyMailboxRig,
} from '../../test/reply-mailbox.ts';
import { TEST_SIGNING_SECRET } from '../../test/test-app.ts';
import { answerPhotoUploadId } from './answer-photos.ts';
import { mailboxLimits, readReplyMailbox, type InboundLog } from './answer-mailbox.ts';
import { replyAddressOf } from './answer-address.ts';

const customer = { name: 'Karen Holm', address: 'karen@holm.dk' };

const png = (n: number) => ({
  filename: `foto-${n}.png`,
  content: makePng(40 + n, 30),
  contentType: 'image/png',
});

describeWithDovecot('hostile answers over IMAP', (target) => {
  const logged: { obj: object; msg: string }[] = [];
  const log: InboundLog = {
    info: (obj, msg) => void logged.push({ obj, msg }),
    warn: (obj, msg) => void logged.push({ obj, msg }),
    error: (obj, msg) => void logged.push({ obj, msg }),
  };
  const rig = replyMailboxRig(target, { log });
  const { sent, db, deps, round, deliver, thread } = rig;
  const newLead = async () => (await rig.newLead()).id;
  beforeEach(() => {
    logged.length = 0;
  });

  const answer = async (leadId: string, options: Mail.Options) =>
    rig.imap.append(
      'INBOX',
      await rawMail({
        from: customer,
        to: replyAddressOf(TEST_SIGNING_SECRET, replyMailbox, leadId),
        ...options,
      }),
    );

  it('sets a message aside after its last try when reading it never ended, without reading it again', async () => {
    const leadId = await newLead();
    await answer(leadId, {
      subject: 'Billede af loftet',
      text: 'Her er loftet.',
      attachments: [png(1)],
    });
    const limits = { ...mailboxLimits, failedRoundsMax: 2 };
    let reads = 0;
    // A try that never ends, as when the process stops (or is stopped) while it reads the message.
    const stuck = async () => {
      let reached: () => void = () => {};
      const reachedPut = new Promise<void>((resolve) => (reached = resolve));
      const storage = {
        put: () => {
          reads += 1;
          reached();
          return new Promise<void>(() => {});
        },
      };
      readReplyMailbox({ ...deps(), storage }, rig.imap.url, limits).catch(() => undefined);
      await reachedPut;
    };
    await stuck();
    await stuck();
    expect(reads).toBe(2);
    const counting = {
      ...deps(),
      storage: {
        put: async (...args: Parameters<typeof rig.app.deps.storage.put>) => {
          reads += 1;
          return rig.app.deps.storage.put(...args);
        },
      },
    };
    expect(await readReplyMailbox(counting, rig.imap.url, limits)).toMatchObject({
      stored: 0,
      'given-up': 1,
    });
    expect(reads).toBe(2);
    expect((await rig.imap.list('INBOX'))[0]!.flags).toContain('\\Seen');
    expect(await thread(leadId)).toEqual([]);
    await deliver();
    const told = sent.filter((mail) => mail.to === companyInbox && mail.text?.includes('Billede af loftet'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('heller ikke efter flere forsøg');
  });

  it('sends a mail the parser refuses to the company inbox at once, without trying it round after round', async () => {
    const leadId = await newLead();
    await answer(leadId, {
      subject: 'Stort felt',
      text: 'Tekst.',
      headers: { 'X-Stort': 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(await round()).toMatchObject({ failed: 0, 'given-up': 1 });
    expect((await rig.imap.list('INBOX'))[0]!.flags).toContain('\\Seen');
    await deliver();
    expect(sent.filter((mail) => mail.to === companyInbox && mail.text?.includes('Stort felt'))).toHaveLength(
      1,
    );
  });

  it('stores an answer with a NUL byte and other control characters in its thread, without them', async () => {
    const leadId = await newLead();
    await answer(leadId, {
      subject: 'Re: skaden\u0000',
      messageId: `<${randomUUID()}@holm.dk>`,
      text: 'Vandet\u0000 er væk\u001b[31m.\nMvh\tKaren\u0007',
      attachments: [png(1)],
    });
    expect(await round()).toMatchObject({ stored: 1, failed: 0 });
    expect((await thread(leadId)).map((message) => message.body)).toEqual(['Vandet er væk[31m.\nMvh\tKaren']);
    expect(await db().select().from(casePhotos).where(eq(casePhotos.leadId, leadId))).toHaveLength(1);
  });

  it('stores a photo once when the mail is read again after a failed try, and logs no customer text', async () => {
    const leadId = await newLead();
    const messageId = `<${randomUUID()}@holm.dk>`;
    await answer(leadId, { subject: 'Billede', messageId, text: 'Koden er 4321.', attachments: [png(1)] });
    // The row is written, then the store fails, as a failed insert did before a round ended.
    const failing = {
      ...deps(),
      storage: {
        put: async () => {
          throw new Error('Failed query: insert into "lead_messages" params: Koden er 4321.,' + messageId);
        },
      },
    };
    expect(await readReplyMailbox(failing, rig.imap.url)).toMatchObject({ failed: 1 });
    expect(await round()).toMatchObject({ stored: 1, failed: 0 });
    const ids = [0, 1].map((index) => answerPhotoUploadId(leadId, messageId, index));
    const rows = await db().select().from(uploads).where(inArray(uploads.id, ids));
    expect(rows.map((row) => [row.id, row.status, row.leadId])).toEqual([[ids[0], 'attached', leadId]]);
    expect(await db().select().from(uploads).where(eq(uploads.leadId, leadId))).toHaveLength(1);
    expect(await rig.app.deps.storage.get(rows[0]!.objectKey)).not.toBeNull();
    // As the server's logger writes an error: its message, stack and cause.
    const logText = JSON.stringify(logged, (_key, value: unknown) =>
      value instanceof Error ? { message: value.message, stack: value.stack, cause: value.cause } : value,
    );
    expect(logged.some((line) => line.msg.includes('could not be taken'))).toBe(true);
    expect(logText).not.toContain('4321');
    expect(logText).not.toContain('holm.dk');
  });

  it("keeps the case page's photo limits for photos by e-mail: 6 a day, and says which were not kept", async () => {
    const leadId = await newLead();
    await answer(leadId, {
      subject: 'Billeder 1',
      text: 'Første omgang.',
      attachments: [1, 2, 3, 4].map(png),
    });
    await answer(leadId, {
      subject: 'Billeder 2',
      text: 'Anden omgang.',
      attachments: [5, 6, 7, 8].map(png),
    });
    expect(await round()).toMatchObject({ stored: 2 });
    const photos = await db().select().from(casePhotos).where(eq(casePhotos.leadId, leadId));
    expect(photos).toHaveLength(casePage.maxExtraPhotosPerDay);
    const bodies = (await thread(leadId)).map((message) => message.body).toSorted();
    expect(bodies).toEqual([
      'Anden omgang.\n\nIkke gemt: foto-7.png (højst 6 billeder pr. dag), foto-8.png (højst 6 billeder pr. dag)',
      'Første omgang.',
    ]);
    // The case page offers no more today, and the photos left out were never stored.
    expect(await photoRoom(db(), leadId, new Date())).toMatchObject({ remainingToday: 0 });
    expect(await db().select().from(uploads).where(eq(uploads.leadId, leadId))).toHaveLength(6);
  });

  it('keeps the limit of 10 photos per case across days for photos by e-mail', async () => {
    const leadId = await newLead();
    const yesterday = new Date(Date.now() - 36 * 3_600_000);
    await answer(leadId, {
      subject: 'I går',
      text: 'Fra i går.',
      attachments: [1, 2, 3, 4, 5, 6].map(png),
    });
    expect(await readReplyMailbox({ ...deps(), clock: () => yesterday }, rig.imap.url)).toMatchObject({
      stored: 1,
    });
    await answer(leadId, {
      subject: 'I dag',
      text: 'Fra i dag.',
      attachments: [7, 8, 9, 10, 11, 12].map(png),
    });
    expect(await round()).toMatchObject({ stored: 1 });
    expect(await db().select().from(casePhotos).where(eq(casePhotos.leadId, leadId))).toHaveLength(
      casePage.maxExtraPhotos,
    );
    const [, today] = await thread(leadId);
    expect(today!.body).toBe(
      'Fra i dag.\n\nIkke gemt: foto-11.png (højst 10 billeder pr. sag), foto-12.png (højst 10 billeder pr. sag)',
    );
  });
});
