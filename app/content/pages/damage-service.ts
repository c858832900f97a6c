import type { FeatureCardData } from '~/components/sections/feature-card';
import { rekvisitionLink } from '~/content/navigation';
import type { ImageTextData } from '~/components/sections/image-text-section';
import type { Step } from '~/components/sections/step-list';
import type { Action } from '~/components/sections/types';
import { company, telHref } from '../../../domain/company';
import { figureText, standardStats } from '~/content/figures';
import { images } from '~/content/images';
import { withCallAction } from './call-action';

export const damageServicePage = {
  metaTitle: 'Skadeservice for indbo og løsøre',
  metaDescription: `Skadeservice efter brand, vand, storm og skybrud: akut indsats, nedpakning, rengøring, opmagasinering og tilbagelevering. ${figureText.years} års erfaring.`,
  hero: {
    badge: `${figureText.readiness} skadeservice i hele Danmark`,
    title: 'Skadeservice, der redder mere af det, der betyder noget',
    intro:
      'Efter en brand- eller vandskade er det indboet, lageret og udstyret, der skal reddes. Vi pakker ned, flytter, renser, registrerer og opbevarer – og leverer tingene tilbage, når bygningen er klar igen.',
    actions: withCallAction({ label: 'Kontakt os', to: '/contact', variant: 'light', icon: 'arrow-right' }),
    image: images.heroDamageService,
  },
  services: {
    eyebrow: 'Det gør vi',
    title: 'Skadeservice fra første time til tilbagelevering',
    cards: [
      {
        icon: 'siren',
        title: 'Akut indsats',
        description: `Vi rykker ud døgnet rundt, stopper skaden og sikrer værdierne. Ved akutte skader ringer vi tilbage ${figureText.callbackWithin}.`,
        features: [
          'Skadebegrænsning og nødsikring',
          'Udpumpning og affugtning',
          'Sikring mod tyveri og vejr',
        ],
      },
      {
        icon: 'truck',
        title: 'Nedpakning og flytning',
        description:
          'Erfarne flyttefolk pakker indbo, arkiver og udstyr forsvarligt ned og flytter det væk fra skadestedet.',
        features: [
          'Registrering af hver kasse og genstand',
          'Særlig emballage til skrøbelige ting',
          'Transport i egne biler',
        ],
      },
      {
        icon: 'sparkles',
        title: 'Rengøring og opbevaring',
        description:
          'Sod, røg og fugt fjernes med metoder, der passer til materialet, og tingene opbevares tørt og sikkert.',
        features: [
          'Sodrensning og lugtfjernelse',
          'Tørring og rensning af tekstiler',
          'Klimastyret, forsikret lager',
        ],
      },
    ] satisfies FeatureCardData[],
  },
  damageTypes: {
    eyebrow: 'Skadetyper',
    title: 'Skader, vi hjælper med hver dag',
    cards: [
      {
        icon: 'flame',
        title: 'Brandskade',
        description:
          'Sod og røg trænger ind i alt. Vi vurderer, hvad der kan renses, og hvad der skal erstattes, og dokumenterer begge dele.',
      },
      {
        icon: 'droplets',
        title: 'Vandskade',
        description:
          'Fra sprængte rør til oversvømmede kældre: hurtig udtørring og flytning forhindrer skimmel og følgeskader.',
      },
      {
        icon: 'wind',
        title: 'Storm- og skybrudsskade',
        description:
          'Når storm og skybrud rammer mange på én gang, har vi mandskab og materiel til at tage mange sager samtidig.',
      },
    ] satisfies FeatureCardData[],
  },
  process: {
    eyebrow: 'Forløbet',
    title: 'Seks trin fra skade til hverdag',
    steps: [
      {
        title: 'Akut fase',
        text: 'Vi stopper skaden, sikrer bygning og værdier og dokumenterer skadestedet, før noget flyttes.',
      },
      {
        title: 'Nedpakning',
        text: 'Indbo og løsøre pakkes ned, registreres og flyttes væk fra skadestedet.',
      },
      {
        title: 'Istandsættelse',
        text: 'Vi renser og istandsætter det, der kan reddes, og koordinerer renoveringen af bygningen.',
      },
      {
        title: 'Opgørelse af tabte genstande',
        text: 'Det, der ikke kan reddes, registreres med foto og beskrivelse som grundlag for erstatningen.',
      },
      {
        title: 'Opmagasinering',
        text: 'De reddede ting opbevares tørt, sikkert og forsikret, indtil bygningen er klar til at modtage dem igen.',
      },
      {
        title: 'Tilbagelevering',
        text: 'Vi leverer tingene tilbage, stiller dem på plads og gennemgår resultatet sammen med dig.',
      },
    ] satisfies Step[],
  },
  stats: [standardStats.handledDamages, standardStats.years, standardStats.satisfaction],
  management: {
    eyebrow: 'Større skader',
    icon: 'package-check',
    title: 'Når skaden kræver samlet styring',
    paragraphs: [
      'Ved store skader – eller når mange parter er involveret – samler vi skadeservicen i et styret forløb med projektplan, tidsrammer og én fast kontaktperson.',
      'Så ved forsikringsselskab, taksator og skadelidte altid, hvor sagen står.',
    ],
    image: images.serviceManagement,
    actions: [
      { label: 'Læs om skadestyring', to: '/skadestyring', variant: 'outline', icon: 'arrow-right' },
      { ...rekvisitionLink, variant: 'outline' },
    ],
  } satisfies ImageTextData,
  cta: {
    title: 'Brug for skadeservice nu?',
    text: `Ring til vores døgnvagt, eller skriv til os. Vi ringer tilbage ${figureText.callbackWithin} ved akutte skader.`,
    actions: [
      { label: `Ring ${company.phoneDisplay}`, href: telHref, variant: 'light', icon: 'phone' },
      { label: 'Kontakt os', to: '/contact', variant: 'ghostLight' },
    ] satisfies Action[],
  },
} as const;
