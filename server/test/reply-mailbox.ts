/**
 * What the tests of the reply mailbox share: a real IMAP server (Dovecot) whose INBOX is the
 * mailbox, and per database a test app whose e-mails are kept in `sent` instead of sent.
 */
import { eq } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { leadMessages, leads } from '../db/schema.ts';
import {
  readReplyMailbox,
  type InboundLog,
  type MailboxLimits,
} from '../messages/incoming/answer-mailbox.ts';
import { describeEachDatabase, type TestDatabaseTarget } from './databases.ts';
import { dovecotAvailable, startDovecot, type Dovecot } from './dovecot.ts';
import { reportBody } from './lead-bodies.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from './test-app.ts';
import { keptMail } from './kept-mail.ts';

export const publicUrl = 'https://skade.example.dk';
/** The company inbox (MAIL_TO). */
export const companyInbox = 'kontor@skade.example.dk';
/** The reply mailbox the customers' and staff's answers arrive in. */
export const replyMailbox = 'svar@skade.example.dk';

/** An e-mail as it arrives in the mailbox, dated now. */
export async function rawMail(options: Mail.Options): Promise<Buffer> {
  return new MailComposer({ date: new Date(), ...options }).compile().build();
}

/** `describeEachDatabase` where Dovecot is installed; elsewhere one skipped test says it is missing. */
export function describeWithDovecot(name: string, fn: (target: TestDatabaseTarget) => void): void {
  if (dovecotAvailable()) describeEachDatabase(name, fn);
  else describe(name, () => it.skip('needs dovecot-imapd', () => {}));
}

export interface ReplyMailboxRigOptions {
  /** More environment for the app. */
  env?: Record<string, string>;
  /** Where a round logs; by default nowhere. */
  log?: InboundLog;
  /** Rows the tests need, written once the app is up. */
  seed?: (db: Db) => Promise<void>;
}

/**
 * Starts Dovecot and the app before the block's tests and stops them after; before each test
 * the mailbox is emptied, the e-mails the last test queued are delivered and `sent` is cleared.
 * Call it in a `describeWithDovecot` block.
 */
export function replyMailboxRig(target: TestDatabaseTarget, options: ReplyMailboxRigOptions = {}) {
  let imap: Dovecot | undefined;
  let t: TestApp | undefined;
  const { sent, transport } = keptMail();
  const running = () => {
    if (!t || !imap) throw new Error('The reply mailbox rig is not running');
    return { app: t.app, imap };
  };
  const db = () => running().app.deps.db;
  const deps = () => ({
    db: db(),
    storage: running().app.deps.storage,
    signingSecret: TEST_SIGNING_SECRET,
    publicUrl,
    clock: () => new Date(),
    log: options.log ?? { info: () => {}, warn: () => {}, error: () => {} },
  });
  const deliver = () => running().app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));

  beforeAll(async () => {
    imap = await startDovecot();
    t = await createTestApp({
      database: target,
      env: {
        PUBLIC_URL: publicUrl,
        MAIL_TO: companyInbox,
        SPAM_CHECKS: 'off',
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
        ...options.env,
      },
      mail: { startWorker: false, transport },
    });
    await options.seed?.(db());
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await imap?.stop();
  });
  beforeEach(async () => {
    await running().imap.clear('INBOX');
    await deliver();
    sent.length = 0;
  });

  return {
    get app() {
      return running().app;
    },
    get imap() {
      return running().imap;
    },
    /** The e-mails the app sent since this test began (after `deliver()`). */
    sent,
    db,
    /** What readReplyMailbox is given. */
    deps,
    /** Delivers the e-mails queued so far. */
    deliver,
    /** One round of reading the mailbox. */
    round: (limits?: MailboxLimits) => readReplyMailbox(deps(), running().imap.url, limits),
    /** A damage report sent through POST /api/leads. */
    async newLead(): Promise<{ id: string; reference: string; receiptJobId: string | null }> {
      const response = await running().app.inject({
        method: 'POST',
        url: '/api/leads',
        payload: reportBody(),
      });
      expect(response.statusCode).toBe(201);
      const { reference } = response.json<{ reference: string }>();
      const [row] = await db().select().from(leads).where(eq(leads.reference, reference));
      return { id: row!.id, reference, receiptJobId: row!.receiptMailJobId };
    },
    /** A lead's thread, oldest first. */
    thread: (leadId: string) =>
      db().select().from(leadMessages).where(eq(leadMessages.leadId, leadId)).orderBy(leadMessages.createdAt),
  };
}
