/**
 * The weekly test page (docs/decisions/callback-reminder.md): on Tuesdays between 10 and 11
 * (Copenhagen time: a working hour, so nobody is woken by a test) the person on call gets
 * "Test af vagttelefonen: svar ikke. Alt virker." as an oncall_sms row of purpose 'test', sent by
 * the paging worker like any page: the same gateway, retries, refusals and delivery reports. So
 * the whole path to the phone is proven once a week, not first on a night it is needed. When it
 * fails (refused, failing for two minutes, reported undelivered) or nobody can be paged, the
 * company inbox (MAIL_TO) gets an e-mail.
 *
 * A periodic job checks every hour (one server copy at a time); a test SMS written in the last six
 * days means this week's is done, so a restart or a second copy never sends two.
 */
import { z } from 'zod';
import { and, eq, gt } from 'drizzle-orm';
import { localParts, weekdayOf } from '../../../domain/zoned-time.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { oncallSms, users } from '../../db/schema.ts';
import { companyNotice, mailKind } from '../../mail/compose.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { formatPhone } from '../../../domain/phone.ts';
import { wakeAfterCommit } from '../../queue/jobs.ts';
import type { PeriodicJob } from '../../queue/periodic.ts';
import { displayName, pageableChain } from '../rota/rota-store.ts';
import { testPageSmsText } from './sms-text.ts';

/** Tuesday (0 = Monday), 10:00–10:59 in Copenhagen. */
export const testPageWeekday = 1;
export const testPageHour = 10;
const sixDaysMs = 6 * 24 * 60 * 60_000;

const testPageFailure = z.object({
  leadId: z.null(),
  /** Null: nobody could be paged. */
  person: z.object({ name: z.string(), phone: z.string() }).nullable(),
  detail: z.string(),
});

export interface TestPageDeps {
  db: Db;
}

export type TestPageOutcome = 'not-now' | 'done-this-week' | 'queued' | 'nobody';

export function isTestPageTime(now: Date): boolean {
  const local = localParts(now);
  return weekdayOf(local.year, local.month, local.day) === testPageWeekday && local.hour === testPageHour;
}

/** Writes this week's test SMS to the person on call, when it is time and not yet done. */
export async function sendTestPage(deps: TestPageDeps, now: Date): Promise<TestPageOutcome> {
  if (!isTestPageTime(now)) return 'not-now';
  return deps.db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ id: oncallSms.id })
      .from(oncallSms)
      .where(and(eq(oncallSms.purpose, 'test'), gt(oncallSms.createdAt, new Date(now.getTime() - sixDaysMs))))
      .limit(1);
    if (recent) return 'done-this-week' as const;
    const [first] = await pageableChain(tx, now);
    const [person] = first
      ? await tx.select({ id: users.id, phone: users.phone }).from(users).where(eq(users.id, first))
      : [];
    if (!person?.phone) {
      // The job runs once in the hour of the test: one e-mail.
      await enqueueMail(tx, testPageMailComposer, {
        leadId: null,
        person: null,
        detail: 'ingen med mobilnummer er på vagt',
      });
      return 'nobody' as const;
    }
    await tx.insert(oncallSms).values({
      userId: person.id,
      purpose: 'test',
      step: 0,
      phone: person.phone,
      body: testPageSmsText,
      runAt: now,
      createdAt: now,
    });
    wakeAfterCommit(tx, 'oncall.sms');
    return 'queued' as const;
  });
}

/** Every hour, on one server copy at a time (server/queue/periodic.ts). */
export function testPageJob(deps: TestPageDeps): PeriodicJob {
  return {
    id: 'oncall-test-page',
    name: 'weekly test page: an SMS to the person on call',
    intervalMs: 60 * 60_000,
    firstRunAfterMs: 90_000,
    run: (now) => sendTestPage(deps, now),
  };
}

/** The e-mail to MAIL_TO when the test SMS fails (the worker and the delivery reports call it). */
export async function queueTestPageFailure(
  tx: DbOrTx,
  sms: { userId: string | null; phone: string },
  detail: string,
): Promise<void> {
  const [person] = sms.userId
    ? await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, sms.userId))
    : [];
  await enqueueMail(tx, testPageMailComposer, {
    leadId: null,
    person: { name: person ? displayName(person) : sms.phone, phone: sms.phone },
    detail,
  });
}

export const testPageMailComposer = mailKind('oncall-test-failed', testPageFailure, (deps, job) => {
  const { person, detail } = job.payload;
  const subject = 'Test af vagttelefonen fejlede';
  const intro = person
    ? `Den ugentlige test-SMS til ${person.name} (${formatPhone(person.phone)}) kom ikke frem: ${detail}. Vagttelefonen får måske heller ikke SMS om akutte skader: tjek SMS-opsætningen og nummeret.`
    : `Den ugentlige test af vagttelefonen kunne ikke sendes: ${detail}. Akutte skader bliver ikke sidet: sæt vagtkæden i indbakken.`;
  return companyNotice(deps, job, subject, intro);
});
