/**
 * The receipt to whoever handed a case over on the customer's behalf (an insurer's loss adjuster,
 * the kind's `requester` in domain/lead-kinds.ts): the reference, the insurer and claim number,
 * the damage type and urgency, and by when we call the policyholder (the lead's stored deadline,
 * surge mode included).
 *
 * Like the customer's receipt it goes to an address anyone could have typed, so it carries no free
 * text from the form: no name of the policyholder, no address, no description and never the access
 * details; the adjuster's own name only when it is plainly a name. It answers to the company's
 * address, never to the customer's reply mailbox.
 */
import { company } from '../../domain/company.ts';
import { deadlineText, firstResponseDue } from '../../domain/first-response.ts';
import { leadFields, leadKindLabels, leadValues, type LeadRow as FieldRow } from '../../domain/lead.ts';
import { leadKindRegistry, type LeadKindEntry } from '../../domain/lead-kinds.ts';
import {
  aboutLead,
  leadOfJob,
  mailComposersOf,
  mailKind,
  messageBase,
  type LeadRow,
} from '../mail/compose.ts';
import { formatDanishDateTime } from '../mail/html.ts';
import { greeting, greetingName } from '../mail/layout.ts';
import type { RenderedMail } from '../mail/layout.ts';
import { leadForMail, mailParts } from './lead-mails.ts';
import { receiptBody } from './receipt-body.ts';
import { deadlineFactsOf, mailLeadPagesOnCall, type LeadForMail } from './lead-templates.ts';

/** The fields the receipt repeats: chosen from fixed lists or a claim number, never typed prose. */
const repeatedFields = ['forsikringsselskab', 'skadeNr', 'policeNr', 'skadetype', 'hastegrad'];

function receiptRows(lead: LeadForMail, photoCount: number): FieldRow[] {
  const values = leadValues(
    lead.kind,
    { name: lead.name, email: lead.email, phone: lead.phone ?? undefined },
    lead.details,
  );
  const rows: FieldRow[] = [
    { label: 'Henvendelse', value: leadKindLabels[lead.kind] },
    { label: 'Modtaget', value: formatDanishDateTime(lead.createdAt) },
  ];
  for (const field of leadFields[lead.kind]) {
    const raw = values[field.key];
    if (!repeatedFields.includes(field.key) || !raw) continue;
    rows.push({ label: field.label, value: field.format ? field.format(raw) : raw });
  }
  if (leadKindRegistry[lead.kind].maxPhotos > 0)
    rows.push({ label: 'Billeder', value: photoCount === 1 ? '1 billede' : `${photoCount} billeder` });
  return rows;
}

/** "Rekvisition modtaget: Tryg, skadenr. 123 – RK-…". */
export function requesterReceiptSubject(lead: Pick<LeadForMail, 'kind' | 'reference' | 'details'>): string {
  const { label, subjectFields } = leadKindRegistry[lead.kind] as LeadKindEntry;
  const named = subjectFields.flatMap(({ key, prefix = '' }) =>
    lead.details[key] ? [`${prefix}${lead.details[key]}`] : [],
  );
  return `${label} modtaget${named.length > 0 ? `: ${named.join(', ')}` : ''} – ${lead.reference}`;
}

export function renderRequesterReceipt(
  lead: LeadForMail,
  requesterName: string,
  photoCount: number,
  options: { publicUrl: string },
): RenderedMail {
  const due = lead.firstResponseDueAt ?? firstResponseDue(deadlineFactsOf(lead), lead.createdAt);
  const hello = greeting(requesterName);
  const received = `Vi har modtaget rekvisitionen den ${formatDanishDateTime(lead.createdAt)}.`;
  // An urgent one has paged our on-call staff: its deadline is their callback.
  const urgent = mailLeadPagesOnCall(lead) ? 'Den behandles som akut: vores vagt er kaldt ud. ' : '';
  const steps = [
    due
      ? `${urgent}Vi kontakter forsikringstageren og ringer senest ${deadlineText(due)}.`
      : `${urgent}Vi kontakter forsikringstageren.`,
    'Forsikringstageren får besked fra os med det samme, når vi har et telefonnummer eller en e-mail.',
    `Haster det, eller er der noget, vi skal vide, så ring til os på ${company.phoneDisplay} – døgnet rundt ved akutte skader.`,
  ];
  const rows = receiptRows(lead, photoCount);
  const signature = ['Venlig hilsen', company.name];
  const notice = `Du får denne e-mail, fordi din e-mailadresse blev skrevet i rekvisitionsformularen på ${new URL(options.publicUrl).host}. Har du ikke selv sendt den, så skriv til os, så sletter vi oplysningerne.`;
  return {
    subject: requesterReceiptSubject(lead),
    ...receiptBody({
      title: `${leadKindLabels[lead.kind]} modtaget`,
      hello,
      received,
      reference: {
        before: 'Referencenummeret er ',
        value: lead.reference,
        after: '. Oplys det, hvis du kontakter os om sagen.',
      },
      steps,
      rowsHeading: 'Om rekvisitionen',
      rows,
      signature,
      notice,
    }),
    attachments: [],
  };
}

/** The requester's address from the lead's details, with their name only when it is plainly a name. */
function requesterAddress(lead: LeadRow): { name: string; address: string } | string {
  const fields = leadKindRegistry[lead.kind].requester;
  const address = fields ? lead.details[fields.email] : undefined;
  if (!fields || !address) throw new Error(`lead ${lead.id} names no requester to send a receipt to`);
  const name = greetingName(lead.details[fields.name] ?? '');
  return name ? { name, address } : address;
}

/** The requester's receipt (queued with the lead, ./create-lead.ts). */
const requesterReceiptMail = mailKind(
  'requester-receipt',
  aboutLead,
  (deps, job, rows) => {
    const lead = leadOfJob(job, rows);
    const to = requesterAddress(lead);
    const rendered = renderRequesterReceipt(
      leadForMail(lead),
      typeof to === 'string' ? '' : to.name,
      rows.images.get(lead.id)?.length ?? 0,
      { publicUrl: deps.publicUrl },
    );
    return { ...messageBase(deps, job), ...mailParts(rendered), to, replyTo: deps.mail.to };
  },
  // For the photo count only.
  { withPhotos: true },
);

export const requesterMailComposers = mailComposersOf(requesterReceiptMail);
