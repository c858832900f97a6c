import { surgeWaterAdvice } from '../../../domain/surge';

/**
 * What a sender reads right after sending: the emergency form's lasting confirmation (it takes the
 * form's place once sent) and the note on photos not sent. /tak's words per kind are in thank-you.ts.
 */
export const emergencySent = {
  title: 'Tak – vi har modtaget din akutte henvendelse',
  referenceLabel: 'Dit referencenummer',
  referenceNote: 'Oplys nummeret, hvis du kontakter os om sagen.',
  /** The JSON answer carries no case link: the receipt e-mail does. */
  caseLink: 'Du får et link til din sag på e-mail. Der kan du følge sagen og sende flere billeder.',
  nowTitle: 'Det kan du gøre nu',
  /** For water damage in surge these come first (the wait is long; the water will not wait). */
  waterAdvice: surgeWaterAdvice.items,
  advice: [
    'Hold telefonen i nærheden, så du kan tage den, når vi ringer.',
    'Tag billeder og gerne video af skaden, før noget bliver flyttet eller kasseret.',
    'Luk for vandet, og hold afstand til nedstyrtningsfare, sod og røg.',
  ],
  danger: 'Er der fare for personer, så ring 112.',
  toast: 'Akut henvendelse sendt!',
} as const;

/** Photos chosen in a form but not sent with it (yet): said before the form goes. */
export const unsentPhotos = {
  /** The send button while the form waits for photos still uploading. */
  waiting: 'Venter på billeder...',
  /** Under the send button meanwhile ('Anmeldelsen', 'Henvendelsen'): a slow photo need not hold it up. */
  waitingNote: (what: string) =>
    `${what} sendes, så snart billederne er uploadet. Et billede, der tager for lang tid, kan du fjerne.`,
  /** Tried when the form was sent, and failed. */
  failed: (count: number) =>
    count === 1
      ? '1 billede kunne ikke sendes med. Prøv igen, eller send uden det.'
      : `${count} billeder kunne ikke sendes med. Prøv igen, eller send uden dem.`,
  retry: 'Prøv igen',
  sendWithout: 'Send uden billederne',
} as const;
