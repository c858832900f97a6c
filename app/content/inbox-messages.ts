/**
 * The Danish words of messages to customers in the inbox: the batch update to the waiting on the
 * list page, its ready-made texts, and the "Beskeder" section of a lead.
 */
import { leadMessages } from '../../domain/constants';
import { customerSmsMaxParts } from '../../domain/sms-parts';
import type { DeliveryState } from '../../domain/staff-api/messages';

/** Ready-made texts for a batch update; {reference} and {navn} are filled per customer. */
export const batchTemplates = [
  {
    id: 'skybrud',
    label: 'Mange henvendelser (skybrud)',
    text: 'Vi har mange henvendelser på grund af skybruddet. Vi har din sag {reference} og ringer til dig, så snart vi kan. Er der fare for personer, så ring 112.',
  },
  {
    id: 'i-omraadet',
    label: 'Vi er i dit område i aften',
    text: 'Vi er i dit område i aften. Vi har din sag {reference} og ringer til dig, før vi kommer. Er der fare for personer, så ring 112.',
  },
] as const;

const number = new Intl.NumberFormat('da-DK');
const smsCount = (sms: number) => (sms === 1 ? 'én SMS' : `${number.format(sms)} SMS`);

export const batchUpdateText = {
  open: 'Send opdatering til ventende',
  close: 'Luk opdatering',
  heading: 'Send opdatering til ventende',
  intro:
    'Skriv til de kunder, der venter på et opkald: åbne akutte skader, som ingen har ringet op, og som ikke er spam. Beskeden vises på kundens sagsside og sendes på e-mail – og på SMS, når kunden har opgivet et dansk mobilnummer.',
  cost: `E-mail og SMS koster penge: en SMS på op til 160 tegn er én SMS-del, og linket til sagen tæller med. Et nummer får én SMS, selv om det har flere sager. Der sendes højst til ${number.format(leadMessages.batchMaxLeads)} ad gangen, og den samme tekst kan ikke sendes igen inden for ${leadMessages.batchRepeatMinutes} minutter.`,
  postcode: 'Postnummer begynder med',
  postcodeHint: 'Fx 40 for 4000–4099 eller 4000 for Roskilde. Tomt: alle postnumre.',
  priorities: 'Prioritet',
  prioritiesHint: 'Ingen valgt: alle prioriteter.',
  count: 'Opdater antal',
  counting: 'Tæller …',
  reach: (count: number, sms: number) =>
    count === 0
      ? 'Valget rammer ingen ventende.'
      : `Valget rammer ${number.format(count)} ventende: ${count === 1 ? 'én e-mail' : `${number.format(count)} e-mails`} og ${sms === 1 ? 'én SMS' : `${number.format(sms)} SMS`}.`,
  tooMany: (max: number) => `Det er flere end ${number.format(max)}: vælg et postnummer eller en prioritet.`,
  template: 'Skabelon',
  templateNone: 'Vælg en skabelon',
  message: 'Besked',
  messageHint: `Højst ${leadMessages.maxChars} tegn. {reference} bliver til kundens sagsnummer og {navn} til kundens navn. Linket til sagssiden sættes på af sig selv.`,
  messageMissing: 'Skriv en besked.',
  characters: (used: number) => `${number.format(used)} af ${number.format(leadMessages.maxChars)} tegn`,
  send: 'Vis forhåndsvisning',
  previewing: 'Henter forhåndsvisning …',
  previewHeading: 'Forhåndsvisning',
  previewSummary: (count: number, sms: number, parts: number, longest: number) =>
    `Går til ${number.format(count)} ventende: ${count === 1 ? 'én e-mail' : `${number.format(count)} e-mails`} og ${smsCount(sms)}${sms > 0 ? ` – ${number.format(parts)} SMS-dele i alt, højst ${number.format(longest)} pr. SMS` : ''}.`,
  recipients: 'Modtagere',
  recipientSms: 'e-mail og SMS',
  recipientEmailOnly: 'e-mail',
  moreRecipients: (more: number) => `… og ${number.format(more)} flere.`,
  sample: 'Den første SMS, som den sendes (linket er et eksempel: hver kunde får sit eget):',
  confirm: (count: number, sms: number, parts: number) =>
    `Send nu til ${number.format(count)} (${smsCount(sms)}, ${number.format(parts)} dele)`,
  confirmHint: 'Tjek teksten: den kan ikke kaldes tilbage, når den er sendt.',
  cancel: 'Fortryd',
  sending: 'Sender …',
  sent: (count: number, sms: number) =>
    `Opdateringen er sendt til ${number.format(count)} ventende (${sms === 1 ? 'én SMS' : `${number.format(sms)} SMS`}). Den står nu på deres sagssider.`,
} as const;

/** The priorities a batch may be limited to, most urgent first (domain/triage.ts). */
export const batchPriorities = [
  { value: 'kritisk', label: 'Kritisk' },
  { value: 'hoej', label: 'Høj' },
  { value: 'normal', label: 'Normal' },
] as const;

export const deliveryStateLabels: Record<DeliveryState, string> = {
  pending: 'Venter',
  retrying: 'Sendes igen',
  sent: 'Sendt',
  failed: 'Fejlet',
};

export const leadMessagesText = {
  heading: 'Beskeder',
  intro: 'Samtalen med kunden, ældste først. Kunden ser den på sin sagsside, med dit fornavn.',
  empty: 'Ingen beskeder endnu.',
  readFailed: 'Beskederne kunne ikke hentes. Genindlæs siden for at prøve igen.',
  fromUs: (author: string | null) => (author ? `Fra os (${author})` : 'Fra os'),
  fromCustomer: 'Fra kunden',
  photos: (count: number) => (count === 1 ? 'Med 1 billede:' : `Med ${count} billeder:`),
  photo: (name: string | null, index: number) => `Åbn billede ${index + 1}${name ? ` (${name})` : ''}`,
  batch: 'fælles opdatering',
  casePage: 'Sagsside: vist',
  copies: 'Levering',
  email: (state: DeliveryState) => `E-mail: ${deliveryStateLabels[state]}`,
  sms: (state: DeliveryState) => `SMS: ${deliveryStateLabels[state]}`,
  channelIn: { email: 'på e-mail', sms: 'på SMS', 'case-page': 'på sagssiden', taksator: 'på taksatorsiden' },
} as const;

/** The form under a lead's "Beskeder": one message to the customer, by e-mail or SMS. */
export const leadMessageComposeText = {
  heading: 'Skriv til kunden',
  canned: 'Standardsvar',
  cannedNone: 'Vælg et standardsvar',
  cannedHint:
    'Svaret fyldes ud med kundens fornavn, sagens reference og tidspunktet for besigtigelsen. Ret teksten, før du sender.',
  message: 'Besked',
  messageHint:
    'Vises på kundens sagsside og sendes som e-mail eller SMS med linket til sagen. Skriv ikke CPR-nummer eller helbredsoplysninger.',
  characters: (used: number) =>
    `${number.format(used)} af ${number.format(leadMessages.threadMaxChars)} tegn`,
  channel: 'Send som',
  email: 'E-mail',
  sms: 'SMS',
  emailHint: (address: string) => `E-mail til ${address}.`,
  greetingAdded: (line: string) =>
    `E-mailen begynder med »${line}« før din tekst og slutter med »Venlig hilsen«, dit navn og firmaets navn.`,
  greetingOwn:
    'Din tekst har sin egen hilsen, så e-mailen sætter ingen foran. Den slutter med »Venlig hilsen«, dit navn og firmaets navn.',
  smsHint: (phone: string) => `SMS til ${phone}. En SMS på op til 160 tegn er én SMS; længere koster flere.`,
  noMobile: 'SMS kan ikke vælges: kunden har ikke opgivet et dansk mobilnummer.',
  smsParts: (parts: number) =>
    `Som SMS: ${parts === 1 ? 'én SMS-del' : `${number.format(parts)} SMS-dele`} med linket til sagen (højst ${customerSmsMaxParts}).`,
  send: 'Send besked',
  sending: 'Sender …',
  missing: 'Skriv en besked.',
  unfilled: (names: readonly string[]) =>
    `Skriv det, der mangler, i stedet for ${names.map((name) => `{${name}}`).join(' og ')}.`,
  sent: (channel: 'email' | 'sms') =>
    channel === 'sms'
      ? 'Beskeden er gemt på sagssiden og sendes som SMS.'
      : 'Beskeden er gemt på sagssiden og sendes som e-mail.',
} as const;
