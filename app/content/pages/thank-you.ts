import type { IconListItem } from '~/components/sections/icon-list';
import type { Action } from '~/components/sections/types';
import { company, telHref } from '../../../domain/company';
import { figureText } from '~/content/figures';
import type { CustomerCopy } from '../../../domain/lead-kinds';
import { duplicateNotice } from '../../../domain/duplicate-leads';

/** A reference from the damage-report API looks like 'SK-7F3K2'; anything else is not shown. */
export const referencePattern = /^[A-Z0-9][A-Z0-9-]{2,31}$/i;

/**
 * The top of /tak. Apart from `thankYouPage` so the browser's code for the top (thank-you-message)
 * does not carry the tips and links, which reach the page as its loader data.
 */
export const thankYouHero = {
  icon: 'circle-check-big',
  title: 'Tak – vi har modtaget din anmeldelse',
  intro: `En skadeekspert kigger på din sag og vender tilbage inden for ${figureText.reply} på hverdage.`,
  referenceLabel: 'Dit referencenummer',
  referenceNote: 'Oplys nummeret, hvis du kontakter os om sagen.',
  /** In place of the callback promise when the emergency repeats an open one: "Vi har allerede …". */
  duplicateNotice,
} as const;

export const thankYouUrgent = {
  text: 'Er situationen blevet akut i mellemtiden? Ring til os med det samme på',
  phoneDisplay: company.phoneDisplay,
  href: telHref,
} as const;

/**
 * The top of the page for each kind of enquiry that arrives with its reference (/tak?ref=…&type=
 * <kind>, where a form posted without JavaScript lands): its heading and what happens next. Keyed
 * by the kinds' customer texts (domain/lead-kinds.ts, `customerCopy`), and `urgent` for a lead that
 * paged although its kind does not always (/tak?…&akut=1); the damage report's is the page's own
 * default.
 */
export const thankYouByCopy = {
  'damage-report': { title: thankYouHero.title, nextStep: thankYouHero.intro },
  emergency: {
    title: 'Tak – vi har modtaget din akutte henvendelse',
    nextStep: `Vi ringer til dig inden for ${figureText.callback} – også om natten og i weekenden.`,
  },
  contact: {
    title: 'Tak for din besked',
    nextStep: `Vi læser din besked og svarer dig inden for ${figureText.reply}.`,
  },
  assignment: {
    title: 'Tak – rekvisitionen er modtaget',
    nextStep: 'Vi kontakter forsikringstageren. Du får en kvittering på e-mail.',
  },
  /** A lead its sender marked urgent (an insurer's assignment): it paged our on-call staff. */
  urgent: {
    title: 'Tak – rekvisitionen behandles som akut',
    nextStep:
      'Vores vagt er kaldt, og vi ringer til forsikringstageren hurtigst muligt. Du får en kvittering på e-mail.',
  },
  resource: {
    title: 'Tak – materialet er på vej',
    nextStep:
      'Tjek din e-mail: vi sender materialet til dig som PDF. Kig også i spam-mappen, hvis det ikke er kommet.',
  },
} as const satisfies Record<CustomerCopy | 'urgent', { title: string; nextStep: string }>;
export type ThankYouByCopy = typeof thankYouByCopy;

/** The "Hvad vil du nu?" links of a resource request's /tak: no "Anmeld en skade mere". */
export const resourceThankYouLinks = {
  title: 'Hvad vil du nu?',
  actions: [
    { label: 'Til forsiden', to: '/', variant: 'primary', icon: 'house' },
    { label: 'Se flere ressourcer', to: '/resources', variant: 'outline', icon: 'file-text' },
  ] satisfies Action[],
} as const;

/** The page's copy, as its loader hands it to the page (data, not code). */
export const thankYouPage = {
  metaTitle: 'Tak for din skadeanmeldelse',
  metaDescription: `Vi har modtaget din skadeanmeldelse og vender tilbage inden for ${figureText.reply} på hverdage. Se, hvad du kan gøre i mellemtiden.`,
  hero: thankYouHero,
  byCopy: thankYouByCopy,
  resourceLinks: resourceThankYouLinks,
  urgent: thankYouUrgent,
  tips: {
    eyebrow: 'Mens du venter',
    title: 'Det kan du gøre nu',
    intro: 'Et par enkle ting gør det lettere at begrænse skaden og få din erstatning på plads.',
    items: [
      {
        icon: 'shield-check',
        title: 'Sørg for din sikkerhed',
        text: 'Slå strømmen fra i våde rum, hold afstand til nedstyrtningsfare og sod, og luft ud, hvis der lugter af røg.',
      },
      {
        icon: 'camera',
        title: 'Dokumentér skaden',
        text: 'Tag billeder og gerne video af skaden, både oversigt og detaljer – før noget bliver flyttet, gjort rent eller kasseret.',
      },
      {
        icon: 'droplets',
        title: 'Begræns yderligere skade',
        text: 'Luk for vandet, tør op, løft ting væk fra gulvet, og dæk utætheder til, hvis det kan gøres uden risiko.',
      },
      {
        icon: 'trash',
        title: 'Smid ikke noget ud',
        text: 'Gem beskadigede genstande, til skaden er vurderet. Forsikringen kan have brug for at se dem.',
      },
      {
        icon: 'receipt-text',
        title: 'Gem alle kvitteringer',
        text: 'Udgifter til fx affugtning, overnatning, transport og nødvendige indkøb kan ofte dækkes – men kun med kvittering.',
      },
      {
        icon: 'file-text',
        title: 'Find dine papirer frem',
        text: 'Hav policenummer, skadenummer og eventuelle kvitteringer for beskadigede ting klar, når vi ringer.',
      },
    ] satisfies IconListItem[],
  },
  links: {
    title: 'Hvad vil du nu?',
    actions: [
      { label: 'Til forsiden', to: '/', variant: 'primary', icon: 'house' },
      { label: 'Anmeld en skade mere', to: '/anmeldelse', variant: 'outline', icon: 'file-text' },
    ] satisfies Action[],
  },
} as const;
