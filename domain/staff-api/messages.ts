import { z } from 'zod';
import { leadMessages } from '../constants.ts';
import { plainText } from '../fields.ts';
import { unknownPlaceholders } from '../lead-message-text.ts';
import { customerSmsMaxParts } from '../sms-parts.ts';
import { leadPriorities } from '../triage.ts';
import { instant } from './shared.ts';

const number = new Intl.NumberFormat('da-DK');

export const leadMessageApiMessages = {
  textMissing: 'Skriv en besked.',
  textTooLong: `Beskeden er for lang. Skriv højst ${leadMessages.maxChars} tegn.`,
  threadTextTooLong: `Beskeden er for lang. Skriv højst ${leadMessages.threadMaxChars} tegn.`,
  channelInvalid: 'Vælg, om beskeden skal sendes som e-mail eller sms.',
  noMobile: 'Kunden har ikke et gyldigt mobilnummer. Send beskeden som e-mail.',
  noEmail: 'Kunden har ingen e-mailadresse. Send beskeden som sms.',
  textInvalid: 'Beskeden indeholder tegn, der ikke kan bruges.',
  unknownPlaceholder: (names: string[]) =>
    `Ukendt felt i beskeden: ${names.map((name) => `{${name}}`).join(', ')}. Brug {reference} eller {navn}.`,
  postcodeInvalid: 'Skriv 1–4 cifre af postnummeret, f.eks. 40 eller 4000.',
  noRecipients: 'Ingen ventende akutte henvendelser passer til valget. Ret valget, og prøv igen.',
  tooMany: (count: number) =>
    `Valget rammer ${count} ventende. Du kan højst sende til ${leadMessages.batchMaxLeads} ad gangen: vælg et postnummer eller en prioritet.`,
  smsTooLong: (parts: number) =>
    `Som SMS bliver beskeden ${parts} sms-dele med linket til sagen. Højst ${customerSmsMaxParts} dele: gør den kortere, eller send den som e-mail.`,
  batchSmsTooLong: (parts: number, reference: string) =>
    `Som SMS bliver beskeden ${parts} sms-dele til ${reference} (med navn og linket til sagen). Højst ${customerSmsMaxParts} dele: gør den kortere.`,
  smsBudgetSpent: (used: number, max: number, needed: number) =>
    `Dagens SMS-budget rækker ikke: ${number.format(used)} af ${number.format(max)} sms-dele er brugt i dag, og dette skal bruge ${number.format(needed)}. Intet er sendt. Send som e-mail, eller vent til i morgen.`,
  batchPreviewMissing: 'Se forhåndsvisningen, før du sender.',
  batchPreviewStale:
    'Modtagerne eller teksten har ændret sig siden forhåndsvisningen. Intet er sendt. Se forhåndsvisningen igen, og send derefter.',
  batchRepeated: `Den samme tekst er sendt til ventende inden for de sidste ${leadMessages.batchRepeatMinutes} minutter. Intet er sendt igen.`,
} as const;

// ── A batch update to the waiting emergencies ─────────────────────────────────────────────────
/**
 * Which waiting emergencies (open, not spam, not yet called back): by the start of the postcode in
 * their address and/or by priority. Nothing chosen: every waiting emergency.
 */
export const batchSelection = z.object({
  postcodePrefix: z
    .string()
    .trim()
    .regex(/^\d{0,4}$/, { error: leadMessageApiMessages.postcodeInvalid })
    .optional(),
  priorities: z.array(z.enum(leadPriorities)).max(leadPriorities.length).optional(),
});

export const messageText = plainText({
  multiline: true,
  message: leadMessageApiMessages.textMissing,
  invalid: leadMessageApiMessages.textInvalid,
})
  .min(1, { error: leadMessageApiMessages.textMissing })
  .max(leadMessages.maxChars, { error: leadMessageApiMessages.textTooLong })
  .superRefine((value, context) => {
    const unknown = unknownPlaceholders(value);
    if (unknown.length > 0) {
      context.addIssue({ code: 'custom', message: leadMessageApiMessages.unknownPlaceholder(unknown) });
    }
  });

/**
 * POST /api/staff/messages/batch/preview: how many the selection reaches; with a text, also the
 * SMS exactly as they would go (per phone, filled and with the case link) and the preview's id,
 * which the send must name.
 */
export const batchPreviewBody = z.object({ selection: batchSelection, text: messageText.optional() });
export const batchRecipient = z.object({ reference: z.string(), name: z.string(), sms: z.boolean() });
export const batchPreviewAnswer = z.object({
  /** Waiting emergencies the selection reaches (each gets the message on its case page and by e-mail). */
  count: z.number().int(),
  /** SMS it sends: one per Danish mobile number, however many of the number's leads are chosen. */
  sms: z.number().int(),
  /** The most one batch may reach. */
  max: z.number().int(),
  /** The first recipients, oldest first (all of them up to batchPreviewListed). */
  recipients: z.array(batchRecipient),
  /** With a text: the billed SMS parts of the whole batch, and of its longest SMS. */
  parts: z.number().int().nullable(),
  longestParts: z.number().int().nullable(),
  /** With a text: the first SMS exactly as sent, its case link included. */
  sample: z.string().nullable(),
  /** With a text: names this preview; the send is refused when recipients or text differ. */
  previewId: z.string().nullable(),
});

/** POST /api/staff/messages/batch: the previewed message to every lead of the selection. */
export const batchSendBody = z.object({
  selection: batchSelection,
  text: messageText,
  previewId: z.string({ error: leadMessageApiMessages.batchPreviewMissing }).max(100),
});
export const batchSendAnswer = z.object({
  batchId: z.string(),
  count: z.number().int(),
  sms: z.number().int(),
  /** The SMS parts it was billed as. */
  parts: z.number().int(),
});

// ── One lead's messages ───────────────────────────────────────────────────────────────────────
/** Where a copy of the message is: waiting, being retried, sent, or given up. */
export const deliveryState = z.enum(['pending', 'retrying', 'sent', 'failed']);
export const leadMessage = z.object({
  id: z.string(),
  direction: z.enum(['out', 'in']),
  channel: z.enum(['email', 'sms', 'case-page', 'taksator']),
  body: z.string(),
  authorName: z.string().nullable(),
  createdAt: instant,
  batchId: z.string().nullable(),
  /** Ours only: the e-mail's and the SMS's state (null: none sent, e.g. no mobile number). */
  email: deliveryState.nullable(),
  sms: deliveryState.nullable(),
  /** The lead photos (their ids among the lead's images) a customer's answer came with. */
  photoIds: z.array(z.string()).optional(),
});
export const leadMessagesAnswer = z.object({ messages: z.array(leadMessage) });

/**
 * POST /api/staff/leads/:id/messages: staff write to the customer from the lead. The message
 * stands on the case page and goes out by the chosen channel; canned replies are filled in by
 * the page before it is sent, so the text goes as written.
 */
export const leadMessageSendBody = z.object({
  text: plainText({
    multiline: true,
    message: leadMessageApiMessages.textMissing,
    invalid: leadMessageApiMessages.textInvalid,
  })
    .min(1, { error: leadMessageApiMessages.textMissing })
    .max(leadMessages.threadMaxChars, { error: leadMessageApiMessages.threadTextTooLong }),
  channel: z.enum(['email', 'sms'], { error: leadMessageApiMessages.channelInvalid }),
});
export const leadMessageSendAnswer = z.object({ message: leadMessage });

// ── Types for both sides ──────────────────────────────────────────────────────────────────────
export type BatchSelection = z.infer<typeof batchSelection>;
export type BatchPreviewAnswer = z.infer<typeof batchPreviewAnswer>;
export type BatchSendAnswer = z.infer<typeof batchSendAnswer>;
export type DeliveryState = z.infer<typeof deliveryState>;
export type LeadMessage = z.infer<typeof leadMessage>;
export type LeadMessagesAnswer = z.infer<typeof leadMessagesAnswer>;
export type LeadMessageSendBody = z.infer<typeof leadMessageSendBody>;
export type LeadMessageSendAnswer = z.infer<typeof leadMessageSendAnswer>;
