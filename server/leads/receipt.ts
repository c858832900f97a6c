/**
 * The receipt to the sender of a contact lead, damage report or emergency: the reference, what
 * kind of enquiry it was and the choices made in the form (service or damage type, how many
 * photos), when it arrived, what happens next and when, and how to reach us. Resource requests get
 * their PDF instead.
 *
 * The receipt goes to an address anyone could have typed, so it carries no free text from the
 * form: never the message, the address or the company name, and the name only when it is plainly
 * a name (greetingName); otherwise it greets with "Hej" alone. That way nobody can make our mail
 * server carry their words to someone else. The staff notification keeps everything.
 */
import { company } from '../../domain/company.ts';
import { promises } from '../../domain/constants.ts';
import { leadFields, leadKindLabels, type LeadRow } from '../../domain/lead.ts';
import { hasReceipt, leadKindRegistry, type ReceiptLeadKind } from '../../domain/lead-kinds.ts';
import { formatPhone } from '../../domain/phone.ts';
import { announcedCallbackText, surgeWaterAdvice, waterDamageTypes } from '../../domain/surge.ts';
import { duplicateNotice } from '../../domain/duplicate-leads.ts';
import { firstResponseDue } from '../../domain/first-response.ts';
import { assignmentNotice } from './assignment-notice.ts';
import { formatDanishDateTime } from '../mail/html.ts';
import { announcedOf, deadlineFactsOf, mailLeadPagesOnCall, type LeadForMail } from './lead-templates.ts';
import { receiptBody } from './receipt-body.ts';
import { consumerInformation } from './consumer-information.ts';
import { greeting as greetingFor, type RenderedMail } from '../mail/layout.ts';

export { hasReceipt };

const phone = company.phoneDisplay;
const replyText = `inden for ${promises.replyHours} timer på hverdage`;

const copy: Record<
  ReceiptLeadKind,
  { what: string; title: string; nextSteps: (lead: LeadForMail) => string[] }
> = {
  kontakt: {
    what: 'din henvendelse',
    title: 'Tak for din henvendelse',
    nextSteps: () => [
      `Vi vender tilbage ${replyText}.`,
      `Haster det, så ring til os på ${phone}. Ved akutte skader er vi klar døgnet rundt.`,
    ],
  },
  anmeldelse: {
    what: 'din skadeanmeldelse',
    title: 'Tak for din skadeanmeldelse',
    nextSteps: () => [
      `En skadeekspert kigger på din sag og vender tilbage ${replyText}.`,
      'Vi tager gerne kontakten til dit forsikringsselskab for dig.',
      `Er situationen blevet akut i mellemtiden? Ring til os med det samme på ${phone} – døgnet rundt.`,
    ],
  },
  'akut-skade': {
    what: 'din akutte henvendelse',
    title: 'Vi har modtaget din akutte henvendelse',
    nextSteps: (lead) => [
      // What the emergency was told when it came in (surge mode), not what we would say now.
      announcedCallbackText(announcedOf(lead), lead.phone ? formatPhone(lead.phone) : undefined),
      ...(lead.announcedInSurge && waterDamageTypes.includes(String(lead.details.skadetype))
        ? [`${surgeWaterAdvice.title}: ${surgeWaterAdvice.items.join(' ')}`]
        : []),
      `Hører du ikke fra os inden da, eller bliver det værre, så ring til vores akutberedskab på ${phone} – døgnet rundt.`,
      'Er der fare for liv eller helbred, så ring 112.',
    ],
  },
  rekvisition: {
    what: 'din skadesag',
    title: 'Vi hjælper med din skade',
    nextSteps: (lead) => [
      // What the SMS named too: an urgent one's callback as told, any other's stored deadline
      // (surge mode included).
      assignmentNotice(lead.details, {
        due: lead.firstResponseDueAt ?? firstResponseDue(deadlineFactsOf(lead), lead.createdAt),
        announced: mailLeadPagesOnCall(lead) ? announcedOf(lead) : null,
      }),
      `Har du spørgsmål inden da, så ring til os på ${phone}. Ved akutte skader er vi klar døgnet rundt.`,
    ],
  },
};

function photoRow(count: number): LeadRow {
  return {
    label: 'Billeder',
    value: count === 0 ? 'Ingen' : count === 1 ? '1 billede' : `${count} billeder`,
  };
}

/** What the receipt repeats of the lead: its kind, the choices made from fixed lists, the time and photo count. */
function receiptRows(lead: LeadForMail, photoCount: number): LeadRow[] {
  const rows: LeadRow[] = [
    { label: 'Henvendelse', value: leadKindLabels[lead.kind] },
    { label: 'Modtaget', value: formatDanishDateTime(lead.createdAt) },
  ];
  // The choice made in the form (the service, the damage type) when it is one of the form's
  // options: only its label, never text the sender typed.
  const { topicField, maxPhotos } = leadKindRegistry[lead.kind];
  const topic = leadFields[lead.kind].find((field) => field.key === topicField);
  const raw = lead.details[topicField];
  const label = raw && topic?.format ? topic.format(raw) : undefined;
  if (topic && label && label !== raw) rows.push({ label: topic.label, value: label });
  if (maxPhotos > 0) rows.push(photoRow(photoCount));
  return rows;
}

/** The receipt's subject; the customer thread's e-mails answer it ("Re: …"). */
export function receiptSubject(kind: ReceiptLeadKind, reference: string): string {
  return `Vi har modtaget ${copy[kind].what} – ${reference}`;
}

/** The receipt of a stored lead; `photoCount` is how many photos came with it (0 for a contact lead). */
export function renderLeadReceipt(
  lead: LeadForMail,
  photoCount: number,
  /**
   * caseUrl: the customer's own case page (server/case/links.ts); null when the lead's links are
   * closed. priceInfo: the price basis a private customer is told (PRICE_INFO).
   */
  options: { publicUrl: string; caseUrl?: string | null; priceInfo?: string },
): RenderedMail {
  if (!hasReceipt(lead.kind)) throw new Error(`a ${lead.kind} lead gets no receipt`);
  const { what, title, nextSteps } = copy[lead.kind];
  const rows = receiptRows(lead, photoCount);
  const greeting = greetingFor(lead.name);
  const received = `Vi har modtaget ${what} den ${formatDanishDateTime(lead.createdAt)}.`;
  const steps = nextSteps(lead);
  // A repeat of an open emergency is told so (never which one), in place of the callback promise.
  if (mailLeadPagesOnCall(lead) && lead.duplicateOf) steps[0] = duplicateNotice();
  const follow = options.caseUrl
    ? {
        heading: 'Følg din sag',
        line: 'På din sagsside kan du se, hvor langt vi er, sende flere billeder og skrive til os. Linket er personligt: del det kun med dem, der skal kunne se sagen.',
        url: options.caseUrl,
      }
    : null;
  const correction = 'Vil du rette eller tilføje noget, så svar blot på denne e-mail.';
  const signature = [
    'Venlig hilsen',
    company.name,
    `${company.address.street}, ${company.address.postalCode} ${company.address.city}`,
    `Telefon ${phone} (akut døgnet rundt)`,
    company.email,
  ];
  const notice = `Du får denne e-mail, fordi din e-mailadresse blev skrevet i en formular på ${new URL(options.publicUrl).host}. Har du ikke selv sendt den, kan du se bort fra den – eller skrive til os, så sletter vi oplysningerne.`;

  // A private person gets the consumer information and the withdrawal form; a business neither.
  const consumer = consumerInformation(lead.kind, lead.details, options.priceInfo ?? company.priceInfo);

  const { text, html } = receiptBody({
    title,
    hello: greeting,
    received,
    reference: {
      before: 'Dit referencenummer er ',
      value: lead.reference,
      after: '. Oplys nummeret, hvis du kontakter os om sagen.',
    },
    steps,
    follow,
    rowsHeading: 'Om din henvendelse',
    rows,
    consumer,
    correction,
    signature,
    notice,
  });

  return {
    subject: receiptSubject(lead.kind, lead.reference),
    text,
    html,
    attachments: consumer ? [consumer.attachment] : [],
  };
}
