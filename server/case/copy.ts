/**
 * The Danish words of the customer's case page (/sag/<token>), in one place: the page's texts,
 * its confirmations and its refusals. The steps' names are in domain/case-steps.ts.
 */
import { company } from '../../domain/company.ts';
import { casePage, promises } from '../../domain/constants.ts';
import { formatVisitTime, type CaseStep, type EmergencyPromise } from '../../domain/case-steps.ts';
import { plainText } from '../../domain/fields.ts';
import { deadlineText } from '../../domain/first-response.ts';
import { acceptedImageFormatsText, maxImageMegabytes } from '../../domain/images.ts';
import { waitInWords } from '../../domain/surge.ts';
import type { LeadKind } from '../../domain/lead.ts';
import { leadKindRegistry } from '../../domain/lead-kinds.ts';

export const caseMessages = {
  messageMissing: 'Skriv en besked, før du sender.',
  messageTooLong: `Beskeden er for lang. Skriv højst ${casePage.messageMaxChars} tegn.`,
  messageInvalid: 'Beskeden indeholder tegn, der ikke kan bruges. Skriv teksten igen.',
  tooManyMessages: `Du har sendt ${casePage.messagesPerDay} beskeder i dag, som er det højeste antal. Ring til os på ${company.phoneDisplay}, hvis det haster.`,
  noPhotos: 'Vælg mindst ét billede, før du sender.',
  tooManyPhotos: (remaining: number, remainingToday: number) =>
    remaining === 0
      ? `Du har allerede sendt ${casePage.maxExtraPhotos} ekstra billeder, som er det højeste antal. Ring til os på ${company.phoneDisplay}, hvis du har flere.`
      : remainingToday === 0
        ? `Du har sendt det højeste antal billeder for i dag (${casePage.maxExtraPhotosPerDay}). Prøv igen i morgen, eller ring til os på ${company.phoneDisplay}.`
        : `Du kan sende højst ${remainingToday === 1 ? '1 billede' : `${remainingToday} billeder`} mere nu. Vælg færre, og prøv igen.`,
  tooManyRequests: 'Du har sendt meget på kort tid. Vent et øjeblik, og prøv igen.',
  formBroken: 'Formularen kunne ikke læses. Prøv igen.',
  closed: `Sagen er afsluttet, så der kan ikke sendes billeder eller beskeder her. Ring til os på ${company.phoneDisplay}.`,
} as const;

/** The message form's one field, by the rule every typed text follows (no control characters). */
export const caseMessageBody = plainText({
  multiline: true,
  message: caseMessages.messageMissing,
  invalid: caseMessages.messageInvalid,
})
  .min(1, { error: caseMessages.messageMissing })
  .max(casePage.messageMaxChars, { error: caseMessages.messageTooLong });

export const confirmations = {
  message: 'Tak for din besked. Vi har givet den videre til dem, der arbejder med din sag.',
  photos: (count: number) =>
    `Tak, vi har modtaget ${count === 1 ? '1 billede' : `${count} billeder`}. De ligger nu på din sag.`,
} as const;

const replyText = `inden for ${promises.replyHours} timer på hverdage`;

/** "1 minut", "16 minutter". */
function minutesText(minutes: number): string {
  return minutes === 1 ? '1 minut' : `${minutes} minutter`;
}

/** A damage report's or contact's first answer from us, as recorded (domain/first-response.ts). */
export interface ReplyFacts {
  /** Staff have written to the customer or called (leads.first_response_at). */
  answered: boolean;
  /** The computed deadline of the first answer (leads.first_response_due_at); null for older leads. */
  dueAt: Date | null;
  /** The deadline has passed without an answer. */
  overdue: boolean;
}

/** What the "Det sker nu" text is told of the case. */
export interface NextFacts {
  current: CaseStep;
  kind: LeadKind;
  /** It pages the on-call staff (leads.pages_on_call): an emergency or an urgent assignment. */
  pagesOnCall: boolean;
  /** An emergency's promise (null for other kinds and for a lead filed as spam). */
  promise: EmergencyPromise | null;
  visitAt: Date | null;
  /** The first answer (absent: the general promise of 24 weekday hours). */
  reply?: ReplyFacts;
}

/**
 * When a damage report or contact hears from us, by the recorded facts: nothing more to promise
 * once staff have written, the computed deadline (a Friday evening's is Monday's end) until then.
 */
function replyPromise(reply: ReplyFacts | undefined): string | null {
  if (reply?.answered)
    return `Vi har skrevet til dig – se beskederne på denne side. Svar os nederst på siden, eller ring til os på ${company.phoneDisplay}.`;
  if (reply?.overdue && reply.dueAt)
    return `Vi skulle have svaret dig senest ${deadlineText(reply.dueAt)}. Det beklager vi. Ring til os på ${company.phoneDisplay}, så hjælper vi dig med det samme.`;
  return null;
}

/**
 * What happens next, by where the case stands. An emergency not yet called says what its promise
 * says: before the deadline when we call, after it that we have not reached them and to call us.
 */
export function nextText(facts: NextFacts, clock: (date: Date) => string): string {
  switch (facts.current) {
    case 'received':
      if (facts.pagesOnCall) {
        if (facts.promise?.state === 'waiting' && facts.promise.estimate)
          return `Du står i køen, og vi ringer, så snart det er din tur. Bliver det værre, så ring til os på ${company.phoneDisplay} – døgnet rundt.`;
        if (facts.promise?.state === 'waiting')
          return `Vi ringer til dig senest kl. ${clock(facts.promise.deadline)}. Bliver det værre, så ring til os på ${company.phoneDisplay} – døgnet rundt.`;
        return `Har du ikke hørt fra os, så ring til os på ${company.phoneDisplay} – døgnet rundt – så tager vi din skade med det samme.`;
      }
      {
        const answer = replyPromise(facts.reply);
        if (answer) return answer;
        const by = facts.reply?.dueAt ? `senest ${deadlineText(facts.reply.dueAt)}` : replyText;
        if (leadKindRegistry[facts.kind].customerCopy === 'damage-report')
          return `En skadeekspert kigger på din sag og kontakter dig ${by}. Vi tager gerne kontakten til dit forsikringsselskab.`;
        if (leadKindRegistry[facts.kind].customerCopy === 'assignment')
          return `Dit forsikringsselskab har bedt os om at hjælpe med din skade. Vi ringer til dig ${by}.`;
        return `Vi vender tilbage ${by}.`;
      }
    case 'called':
      return 'Vi har talt med dig og planlægger det næste skridt. Vi kontakter dig igen, når en besigtigelse kan aftales.';
    case 'visit-agreed':
      return `Vi kommer ud og ser på skaden${facts.visitAt ? ` ${formatVisitTime(facts.visitAt)}` : ' som aftalt'}. Skal tidspunktet flyttes, så ring til os på ${company.phoneDisplay}.`;
    case 'in-progress':
      return 'Vi arbejder på din sag. Send gerne flere billeder her, hvis skaden ændrer sig.';
    case 'done':
      return `Sagen er afsluttet. Har du spørgsmål til forløbet, er du velkommen til at ringe på ${company.phoneDisplay}.`;
  }
}

export const pageText = {
  title: (reference: string) => `Din sag ${reference}`,
  intro:
    'Her kan du følge din sag, sende flere billeder og skrive til os. Siden viser kun det nødvendige om sagen.',
  statusHeading: 'Status',
  done: 'gennemført',
  current: 'nu',
  notDone: 'ikke sket',
  nextHeading: 'Det sker nu',
  milestonesHeading: 'Sagens forløb',
  detailsHeading: 'Om din sag',
  contact: (firstName: string) => `Din kontaktperson hos os er ${firstName}.`,
  /** A wait over 15 minutes was told as an expected wait, in the receipt's words: no promise. */
  promiseHeading: (promise: Pick<EmergencyPromise, 'minutes' | 'estimate'>) =>
    promise.estimate
      ? `Forventet ventetid på opkald: ${waitInWords(promise.minutes)}`
      : `Vores løfte: et opkald inden for ${minutesText(promise.minutes)}`,
  introClosed: 'Her kan du se, hvordan din sag forløb. Sagen er afsluttet.',
  closedHeading: 'Sagen er afsluttet',
  closed: `Der kan ikke længere sendes billeder eller beskeder her. Har du spørgsmål, eller har du brug for os igen, så ring til os på ${company.phoneDisplay}.`,
  threadHeading: 'Beskeder',
  /** Ours, by the first name of whoever wrote it ("Mette fra Skadekompagniet"). */
  ourMessage: (firstName: string | null) =>
    firstName ? `${firstName} fra ${company.name}` : 'Besked fra os',
  yourMessage: 'Du skrev',
  threadPhotos: (count: number) => (count === 1 ? 'Med 1 billede.' : `Med ${count} billeder.`),
  threadAnswer: 'Svar os nederst på siden',
  photosHeading: 'Send flere billeder',
  photosHint: (remainingToday: number, remaining: number) =>
    remaining === 0
      ? `Du har sendt de ${casePage.maxExtraPhotos} ekstra billeder, en sag kan få her. Har du flere, så ring til os.`
      : remainingToday === 0
        ? `Du har sendt det højeste antal billeder for i dag. Du kan sende flere i morgen.`
        : `Du kan sende ${remainingToday === 1 ? '1 billede' : `op til ${remainingToday} billeder`} mere nu (${acceptedImageFormatsText}, højst ${maxImageMegabytes} MB hver).`,
  photosLabel: 'Vælg billeder',
  photosButton: 'Send billeder',
  messageHeading: 'Tilføj en besked',
  messageLabel: 'Din besked',
  messageHint: `Højst ${casePage.messageMaxChars} tegn. Skriv ikke CPR-nummer eller andre følsomme oplysninger.`,
  messageButton: 'Send besked',
  honeypotLabel: 'Lad dette felt være tomt',
  questionsHeading: 'Spørgsmål?',
  questions: 'Ring til os – døgnet rundt ved akutte skader.',
  callButton: `Ring ${company.phoneDisplay}`,
  privacy:
    'Linket til denne side er personligt: alle, der har det, kan se sagens status. Vil du have linket lukket, så ring eller skriv til os. Siden lukker, når sagen slettes.',
  privacyLink: 'Læs vores privatlivspolitik',
  notFoundTitle: 'Siden findes ikke',
  notFound: `Linket virker ikke. Det kan være lukket, eller sagen kan være slettet. Ring til os på ${company.phoneDisplay}, så hjælper vi.`,
  frontPage: 'Gå til forsiden',
} as const;

/**
 * How the emergency promise stands, in words, from the stamped call only: the page never claims a
 * call nobody stamped, and never promises a call after its deadline has passed.
 */
export function promiseText(promise: EmergencyPromise, clock: (date: Date) => string): string {
  if (promise.estimate) return estimateText(promise, clock);
  switch (promise.state) {
    case 'waiting':
      return `Vi ringer til dig inden for ${minutesText(promise.minutes)} – senest kl. ${clock(promise.deadline)}.`;
    case 'kept':
      return `Løftet er holdt: vi ringede ${minutesText(promise.after)} efter, at du skrev (kl. ${clock(promise.at)}).`;
    case 'late':
      return `Vi ringede ${minutesText(promise.after)} efter, at du skrev – senere end lovet (kl. ${clock(promise.at)}). Det beklager vi.`;
    case 'missed':
      return `Vi har ikke ringet endnu. Du står i køen. Vi lovede at ringe inden for ${minutesText(promise.minutes)} – det beklager vi. Ring til os på ${company.phoneDisplay} – døgnet rundt.`;
  }
}

/**
 * The same for a wait told in surge: the receipt's words and rounding ("ca. 5½ timer"), counted
 * from when the customer wrote, never a promise or a minute-exact deadline.
 */
function estimateText(promise: EmergencyPromise, clock: (date: Date) => string): string {
  const wait = waitInWords(promise.minutes);
  switch (promise.state) {
    case 'waiting': {
      const wrote = new Date(promise.deadline.getTime() - promise.minutes * 60_000);
      return `Vi har mange akutte henvendelser. Du står i køen: forventet ventetid ${wait} fra kl. ${clock(wrote)}, da du skrev.`;
    }
    case 'kept':
      return `Vi ringede ${minutesText(promise.after)} efter, at du skrev (kl. ${clock(promise.at)}).`;
    case 'late':
      return `Vi ringede ${minutesText(promise.after)} efter, at du skrev – senere end de ${wait}, vi regnede med (kl. ${clock(promise.at)}). Det beklager vi.`;
    case 'missed':
      return `Vi har ikke ringet endnu. Du står i køen. Det tager længere end de ${wait}, vi regnede med – det beklager vi. Ring til os på ${company.phoneDisplay} – døgnet rundt.`;
  }
}
