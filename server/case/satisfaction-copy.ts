/**
 * The Danish words of the satisfaction question on the case page, of the page that thanks the
 * customer for answering, and of the e-mail that tells staff about an unhappy answer. The scale's
 * labels are in domain/satisfaction.ts.
 */
import { company } from '../../domain/company.ts';
import { satisfactionChangeDays } from '../../domain/satisfaction-scale.ts';
import { formatDanishDateTime } from '../mail/html.ts';

export const satisfactionPageText = {
  heading: 'Hvor tilfreds er du med vores hjælp?',
  intro: 'Vælg et svar. Du kan også skrive en kommentar, før du sender.',
  answered: (label: string, at: Date) => `Du svarede “${label}” ${formatDanishDateTime(at)}.`,
  changeHint: `Du kan ændre dit svar i ${satisfactionChangeDays} dage efter, at du svarede første gang.`,
  closedHint: 'Tak for dit svar. Det kan ikke ændres længere.',
  chosenTitle: 'Bekræft dit svar',
  chosen: (label: string) => `Du har valgt “${label}”. Send dit svar for at bekræfte det.`,
  scoreLegend: 'Dit svar',
  commentLabel: 'Kommentar (frivillig)',
  commentHint: 'Fortæl gerne, hvad vi gjorde godt, eller hvad vi kan gøre bedre.',
  send: 'Send mit svar',
  back: 'Tilbage til din sag',
  thanksTitle: 'Tak for dit svar',
  thanks: 'Tak, fordi du tog dig tid til at svare. Vi bruger dit svar til at blive bedre.',
  thanksChanged: 'Tak, vi har ændret dit svar.',
  thanksUnhappy: `Vi er kede af, at du ikke er tilfreds. En koordinator ser på dit svar og kontakter dig, hvis der er noget, vi kan gøre. Du er også velkommen til at ringe til os på ${company.phoneDisplay}.`,
  reviewHeading: 'Vil du fortælle andre om os?',
  review: `Hvis du vil, kan du skrive en anmeldelse af ${company.name}. Det hjælper andre, der står med en skade.`,
  reviewLink: 'Skriv en anmeldelse',
  reviewNewWindow: '(åbner en anden side)',
} as const;

/** The e-mail to the koordinators and the assignee when a customer or an adjuster answers 1 or 2. */
export const unhappyMailText = {
  kunde: {
    subject: (reference: string, score: number) => `Utilfreds kunde (${score}/5): ${reference}`,
    intro: (reference: string, score: number, label: string) =>
      `Kunden på ${reference} har svaret ${score} af 5 (“${label}”) på spørgsmålet om, hvor tilfreds de er med vores hjælp.`,
    comment: (text: string) => `Kundens kommentar:\n${text}`,
    noComment: 'Kunden skrev ingen kommentar.',
    followUp: 'Tag kontakt til kunden, og markér svaret som fulgt op i indbakken:',
    open: 'Åbn henvendelsen i indbakken',
  },
  taksator: {
    subject: (reference: string, score: number) => `Utilfreds taksator (${score}/5): ${reference}`,
    intro: (reference: string, score: number, label: string, adjusterName: string) =>
      `Taksatoren ${adjusterName} har på sin side for ${reference} svaret ${score} af 5 (“${label}”) på spørgsmålet om, hvor tilfreds de er med vores hjælp.`,
    comment: (text: string) => `Taksatorens kommentar:\n${text}`,
    noComment: 'Taksatoren skrev ingen kommentar.',
    followUp: 'Tag kontakt til taksatoren. Sagen i indbakken:',
    open: 'Åbn henvendelsen i indbakken',
  },
} as const;

/** The question's e-mail to the customer, threaded on their receipt. */
export const questionMailText = {
  intro: 'Tak, fordi du lod os hjælpe. Vi vil gerne høre, hvor tilfreds du er med vores hjælp.',
  pick: 'Vælg et svar herunder. Du ser dit valg på din sag og bekræfter det dér.',
  fallback: 'Svar på din sag:',
} as const;
