import type { CheckListColumn } from '~/components/sections/check-list-columns';
import type { FaqItem } from '~/components/sections/faq-accordion';
import type { FeatureCardData } from '~/components/sections/feature-card';
import type { Step } from '~/components/sections/step-list';
import type { Action } from '~/components/sections/types';
import { figureText, termsText } from '~/content/figures';
import { images } from '~/content/images';
import { withCallAction } from './call-action';

/** The services page links here, so the page exists (no broken links). */
export const damageServiceAgreementPage = {
  metaTitle: 'Skadeserviceaftale for virksomheder og kommuner',
  metaDescription: `Skadeserviceaftale med prioriteret udrykning, opkald ${figureText.callbackWithin}, værdiredningsplan, fast kontaktperson og årlig gennemgang.`,
  hero: {
    badge: 'For virksomheder, kommuner og institutioner',
    title: 'Skadeserviceaftale – jeres beredskab er på plads, før skaden sker',
    intro:
      'Med en skadeserviceaftale kender vi jeres bygninger, værdier og kontaktpersoner, før uheldet er ude. Når det sker, går I forrest i køen, og holdet ved præcis, hvad der skal reddes først.',
    actions: withCallAction({ label: 'Få et tilbud', to: '/contact', variant: 'light', icon: 'arrow-right' }),
    image: images.sectionAfter,
  },
  included: {
    eyebrow: 'Det indeholder aftalen',
    title: 'Alt det, der gør forskellen i den første time',
    intro:
      'Aftalen samler forebyggelse og akut beredskab i én fast ordning. Indholdet tilpasses jeres adresser og risici.',
    cards: [
      {
        icon: 'siren',
        title: 'Prioriteret udrykning',
        description: `Aftalekunder går forrest – også når et skybrud rammer mange på én gang. Vi ringer tilbage ${figureText.callbackWithin} og er typisk fremme inden for ${figureText.arrival}.`,
      },
      {
        icon: 'clipboard-list',
        title: 'Værdiredningsplan',
        description:
          'Vi udarbejder en værdiredningsplan for hver adresse, så det er besluttet på forhånd, hvad der skal reddes først.',
        href: '/vaerdiredningsplan',
        linkLabel: 'Læs om værdiredningsplaner',
      },
      {
        icon: 'calendar-check',
        title: 'Årlig gennemgang',
        description:
          'Hvert år gennemgår vi planen, bygningerne og kontaktlisterne med jer og holder en kort øvelse med medarbejderne.',
      },
      {
        icon: 'user-round',
        title: 'Fast kontaktperson',
        description:
          'I får én fast kontaktperson, der kender jeres organisation og følger hver skade fra start til slut.',
      },
      {
        icon: 'key-round',
        title: 'Registrerede adgangsforhold',
        description:
          'Nøgler, alarmkoder, hovedhaner og kontaktpersoner er registreret hos os, så holdet kan gå i gang med det samme.',
      },
      {
        icon: 'scan-line',
        title: '3D-scanning af kritiske værdier',
        description:
          'Udstyr, lagre og samlinger dokumenteres med 3D-scanning, så en senere erstatningssag bliver enkel.',
        href: '/3d-scanning',
        linkLabel: 'Læs om 3D-scanning',
      },
    ] satisfies FeatureCardData[],
  },
  process: {
    eyebrow: 'Sådan kommer I i gang',
    title: 'Fra første samtale til aftale',
    steps: [
      {
        title: 'Behovsafklaring',
        text: 'Vi taler om jeres adresser, værdier, tidligere skader og hvad der er kritisk for driften.',
      },
      {
        title: 'Besigtigelse og tilbud',
        text: 'Vi besøger jer, vurderer risiciene og sender et skriftligt tilbud med fast pris og indhold.',
      },
      {
        title: 'Aftale og plan',
        text: 'Når aftalen er indgået, laver vi værdiredningsplanen og registrerer adgangsforhold og kontaktpersoner.',
      },
      {
        title: 'Årlig opfølgning',
        text: 'Vi gennemgår planen og aftalen med jer hvert år og tilpasser den til ændringer i jeres organisation.',
        time: 'Hvert år',
      },
    ] satisfies Step[],
  },
  terms: {
    eyebrow: 'Priser og vilkår',
    title: 'Gennemskuelige priser – ingen overraskelser',
    intro: 'Aftalen følger vores almindelige handelsbetingelser. Her er de vigtigste punkter samlet.',
    lists: [
      {
        icon: 'receipt-text',
        title: 'Priser',
        items: [
          'Fast årligt beløb efter antal adresser og risikoprofil',
          'Arbejde ved skader afregnes efter en aftalt prisliste',
          `Akuttillæg uden for normal arbejdstid: aften og nat (${termsText.eveningNightHours}) ${termsText.surchargeEveningNight}, weekend ${termsText.surchargeWeekend}, helligdage ${termsText.surchargeHoliday}`,
          `Alle priser er ekskl. moms, betaling ${termsText.paymentNet}`,
        ],
      },
      {
        icon: 'file-text',
        title: 'Vilkår',
        items: [
          'Skriftligt tilbud med indhold og pris, før aftalen indgås',
          `Mundtlige aftaler under en akut skade bekræftes skriftligt inden for ${termsText.oralAgreementConfirmation}`,
          `Aftalen kan opsiges med ${termsText.terminationNotice}`,
          'Vi arbejder ofte direkte for jeres forsikringsselskab, når skaden er dækket',
        ],
      },
    ] satisfies CheckListColumn[],
    termsLink: {
      label: 'Læs handelsbetingelserne',
      to: '/terms-of-service',
      variant: 'outline',
      icon: 'file-text',
    } satisfies Action,
  },
  faq: {
    eyebrow: 'Spørgsmål og svar',
    title: 'Ofte stillede spørgsmål om skadeserviceaftalen',
    items: [
      {
        question: 'Hvad koster en skadeserviceaftale?',
        answer:
          'Prisen afhænger af antallet af adresser, bygningernes størrelse og jeres risikoprofil. Efter en besigtigelse får I et skriftligt tilbud med fast årlig pris og en prisliste for arbejde ved skader.',
      },
      {
        question: 'Erstatter aftalen vores forsikring?',
        answer:
          'Nej. Forsikringen dækker skaden – aftalen sikrer, at skaden bliver så lille som muligt, og at indsatsen er på plads fra første minut. Vi koordinerer med jeres forsikringsselskab, når skaden sker.',
      },
      {
        question: 'Kan aftalen dække flere adresser?',
        answer:
          'Ja. Mange kommuner, boligorganisationer og virksomheder samler alle deres adresser i én aftale med en værdiredningsplan for hver.',
      },
      {
        question: 'Hvordan opsiger vi aftalen?',
        answer: `Aftalen kan opsiges skriftligt med ${termsText.terminationNotice}, som det fremgår af vores handelsbetingelser.`,
      },
    ] satisfies FaqItem[],
  },
  cta: {
    title: 'Vil I have jeres beredskab på plads?',
    text: `Kontakt os for en uforpligtende snak og et tilbud. Vi svarer inden for ${figureText.reply}.`,
    actions: withCallAction({ label: 'Kontakt os', to: '/contact', variant: 'light' }),
  },
} as const;
