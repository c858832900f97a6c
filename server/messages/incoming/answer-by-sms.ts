/**
 * A customer's SMS answer (docs/decisions/incoming-answers.md), from the webhook for received
 * messages of an SMS provider that can sign them (its module's `incoming`, server/sms/providers.ts):
 * the message is read from the verified signature only, so an unsigned or forged call stores
 * nothing. With a provider that cannot, answers come by e-mail or the case page.
 *
 * An answer goes to the lead whose message we texted to the sender's number: anyone can type
 * someone else's number into a form, so the lead's phone alone says nothing about who reads its
 * case page. When we texted that number about no lead in the last `answerWindowDays`, or about
 * several, the SMS goes to the company inbox only, saying why, and each of those leads gets a
 * note for staff that it went there: never to a case page.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadMessageSms, leads } from '../../db/schema.ts';
import { addSystemNote } from '../../leads/system-notes.ts';
import type { IncomingSms } from '../../sms/provider.ts';
import { forwardUnmatched, storeAnswer } from './answer-store.ts';
import { maxAnswerLength } from './answer-text.ts';

/** The SMS as kept: a text longer than an answer may be is cut, marked with '…'. */
export function keptSms(sms: IncomingSms): IncomingSms {
  const { text } = sms;
  return text.length > maxAnswerLength ? { ...sms, text: `${text.slice(0, maxAnswerLength - 1)}…` } : sms;
}

/** How long after our SMS an answer from that number is taken as an answer to it. */
export const answerWindowDays = 30;

export type SmsRoute =
  | { to: 'lead'; leadId: string }
  | { to: 'staff'; why: 'not-texted' }
  | { to: 'staff'; why: 'several-leads'; leads: { id: string; reference: string }[] };

/** The most leads a note names; more than two is already the odd case. */
const namedLeadsMax = 10;

/**
 * Where an SMS from `phone` belongs: the one lead whose message we texted to that number within
 * `answerWindowDays` before `now`, or staff only (none, or several: we cannot know which).
 */
export async function routeOfSms(db: Db, phone: string, now: Date): Promise<SmsRoute> {
  const since = new Date(now.getTime() - answerWindowDays * 24 * 60 * 60_000);
  const texted = await db
    .selectDistinct({ id: leads.id, reference: leads.reference })
    .from(leadMessageSms)
    .innerJoin(leads, eq(leads.id, leadMessageSms.leadId))
    .where(
      and(
        eq(leadMessageSms.phone, phone),
        eq(leadMessageSms.status, 'sent'),
        gt(leadMessageSms.sentAt, since),
      ),
    )
    .orderBy(leads.reference)
    .limit(namedLeadsMax);
  if (texted.length === 0) return { to: 'staff', why: 'not-texted' };
  if (texted.length === 1) return { to: 'lead', leadId: texted[0]!.id };
  return { to: 'staff', why: 'several-leads', leads: texted };
}

const kept = 'Den er ikke lagt på nogen sag, så ingen kunde kan se den på en sagsside.';

/** What staff read about an SMS that went to them only: in the forwarded e-mail and on each lead. */
export const staffOnlySmsCopy = {
  notTexted: `Vi har ikke sendt SMS til dette nummer de seneste ${answerWindowDays} dage. ${kept} Her er den, som den kom.`,
  severalLeads: (references: string[]) =>
    `Vi har sendt SMS til dette nummer om flere sager (${references.join(', ')}), så vi ved ikke, hvilken sag den hører til. ${kept} Her er den, som den kom.`,
  leadGone: `Sagen, vi sendte SMS om til dette nummer, er slettet. ${kept} Her er den, som den kom.`,
  leadNote: (from: string, references: string[]) =>
    `En SMS fra ${from} er sendt til firmaets indbakke i stedet for at blive lagt på sagen: vi har sendt SMS til nummeret om flere sager (${references.join(', ')}). Kunden kan ikke se den på sagssiden.`,
};

export type SmsOutcome = 'stored' | 'duplicate' | 'forwarded' | 'forwarded-before';

/** Takes one SMS answer into the thread, or forwards it; the caller wakes the mail worker. */
export async function takeSms(deps: { db: Db }, sms: IncomingSms, now: Date): Promise<SmsOutcome> {
  const route: SmsRoute = sms.from.startsWith('+')
    ? await routeOfSms(deps.db, sms.from, now)
    : { to: 'staff', why: 'not-texted' };
  if (route.to === 'lead') {
    const outcome = await storeAnswer(deps.db, {
      leadId: route.leadId,
      channel: 'sms',
      body: sms.text.trim() || '(Tom SMS)',
      incomingId: sms.incomingId,
      at: now,
      photos: [],
    });
    if (outcome !== 'lead-gone') return outcome;
  }
  const references = route.to === 'staff' && route.why === 'several-leads' ? route.leads : [];
  const forwarded = await forwardUnmatched(deps.db, {
    channel: 'sms',
    incomingId: sms.incomingId,
    from: sms.from,
    replyTo: null,
    subject: null,
    receivedAt: (sms.sentAt ?? now).toISOString(),
    text: sms.text,
    attachments: [],
    whyNoCase:
      route.to === 'lead'
        ? staffOnlySmsCopy.leadGone
        : route.why === 'several-leads'
          ? staffOnlySmsCopy.severalLeads(references.map((lead) => lead.reference))
          : staffOnlySmsCopy.notTexted,
  });
  // Only the first time: the same SMS sent again by the gateway notes nothing more.
  if (forwarded) {
    const note = staffOnlySmsCopy.leadNote(
      sms.from,
      references.map((lead) => lead.reference),
    );
    for (const lead of references) await addSystemNote(deps.db, lead.id, note, now);
  }
  return forwarded ? 'forwarded' : 'forwarded-before';
}
