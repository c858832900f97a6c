import type { FeatureCardData } from '~/components/sections/feature-card';
import type { Action } from '~/components/sections/types';
import { company, telHref } from '../../../domain/company';
import { figureText, standardStats } from '~/content/figures';
import { images } from '~/content/images';

export const servicesPage = {
  // The page sets exactly this document title.
  metaTitle: `Professionelle Skadeydelser | ${company.name} Danmark`,
  metaDescription: `Alle vores ydelser samlet: forebyggelse, værdiredningsplaner, 3D-scanning, skadestyring, skadeservice, genhusning, kurser og akut skadeservice ${figureText.readiness}.`,
  hero: {
    badge: 'For virksomheder, kommuner, forsikring og private',
    title: 'Professionelle skadeydelser – før, under og efter skaden',
    intro:
      'Vi tager hånd om indbo, løsøre og driftsmateriel, når brand, vand, storm, skybrud eller indbrud rammer. Vælg den ydelse, du har brug for, eller lad os samle hele forløbet ét sted med én fast kontaktperson.',
    actions: [
      { label: 'Kontakt os', to: '/contact', variant: 'light', icon: 'arrow-right' },
      {
        label: `Ring ${company.phoneDisplay}`,
        href: telHref,
        variant: 'ghostLight',
        icon: 'phone',
      },
    ] satisfies Action[],
    image: images.heroServices,
    stats: [standardStats.handledDamages, standardStats.satisfaction, standardStats.readiness],
  },
  highlights: {
    eyebrow: 'Vores ydelser',
    title: 'Find den hjælp, der passer til situationen',
    intro:
      'Nogle har brug for en plan, før uheldet er ude. Andre står midt i skaden lige nu. Her er alle vores ydelser – hver med sin egen side, hvor du kan læse, hvordan vi arbejder.',
    cards: [
      {
        icon: 'clipboard-list',
        title: 'Værdiredningsplan',
        description:
          'En konkret plan for, hvad der skal reddes først, hvem der gør hvad, og hvor tingene skal hen – klar, før skaden sker.',
        href: '/vaerdiredningsplan',
        linkLabel: 'Læs om værdiredningsplaner',
      },
      {
        icon: 'house',
        title: 'Genhusning',
        description: `Midlertidig bolig eller erhvervslokaler, når skaden gør stedet ubrugeligt – typisk fundet inden for ${figureText.housing}.`,
        href: '/genhusning',
        linkLabel: 'Læs om genhusning',
      },
      {
        icon: 'camera',
        title: 'Skadedokumentation',
        description:
          'Foto, beskrivelse og 3D-scanning samlet i én rapport, som forsikringsselskab og taksator kan bruge med det samme.',
        href: '/skade-dokumentation',
        linkLabel: 'Læs om skadedokumentation',
      },
      {
        icon: 'scan-line',
        title: '3D-scanning',
        description:
          'En målfast digital kopi af rummet og dets indhold, som alle parter kan gå rundt i – før skaden og lige efter.',
        href: '/3d-scanning',
        linkLabel: 'Læs om 3D-scanning',
      },
      {
        icon: 'graduation-cap',
        title: 'Kurser og træning',
        description:
          'Praktiske kurser i skadeforebyggelse, 3D-dokumentation og skadekoordinering for medarbejdere, driftsfolk og skadebehandlere.',
        href: '/kursus',
        linkLabel: 'Se kurserne',
      },
      {
        icon: 'clipboard-check',
        title: 'Skadestyring',
        description: `Vi koordinerer hele skadeforløbet fra første vurdering til aflevering – med første vurdering inden for ${figureText.initialAssessment}.`,
        href: '/skadestyring',
        linkLabel: 'Læs om skadestyring',
      },
      {
        icon: 'file-pen-line',
        title: 'Skadeserviceaftale',
        description: `En fast aftale for virksomheder og kommuner: prioriteret udrykning, opkald ${figureText.callbackWithin} og en værdiredningsplan, der holdes opdateret.`,
        href: '/skadeserviceaftale',
        linkLabel: 'Læs om skadeserviceaftalen',
      },
      {
        icon: 'truck',
        title: 'Skadeservice',
        description:
          'Nedpakning, flytning, rengøring, opmagasinering og tilbagelevering af indbo og løsøre – udført af fagfolk, der kender forsikringens krav.',
        href: '/skadeservice',
        linkLabel: 'Læs om skadeservice',
      },
      {
        icon: 'siren',
        title: `Akut skadeservice ${figureText.readiness}`,
        description: `Døgnbemandet beredskab i hele Danmark. Vi ringer tilbage ${figureText.callbackWithin} og er typisk fremme inden for ${figureText.arrival}.`,
        href: '/akut-skadeservice',
        linkLabel: 'Se akut skadeservice',
        tone: 'emergency',
      },
    ] satisfies FeatureCardData[],
  },
  details: {
    eyebrow: 'Ydelserne i detaljer',
    title: 'Fire områder, ét samlet ansvar',
    intro:
      'Vores arbejde falder i fire hovedområder. Du kan bruge dem hver for sig eller samlet, og vi tilpasser indsatsen til skadens art, bygningen og forsikringens dækning.',
    cards: [
      {
        icon: 'shield-check',
        title: 'Forebyggelse',
        description: `Vi finder risiciene, før de bliver til skader, og lægger en plan, der kan mindske skadens omfang med ${figureText.impactReduction}.`,
        features: [
          'Risikovurdering på stedet',
          'Værdiredningsplaner',
          '3D-scanning og mærkning af værdier',
          'Beredskabstræning og øvelser',
        ],
        image: images.servicePrevention,
        href: '/forebyggelse',
        linkLabel: 'Læs om forebyggelse',
      },
      {
        icon: 'camera',
        title: 'Dokumentation',
        description: `Præcis dokumentation er grundlaget for en hurtig og retfærdig erstatning. Vi leverer komplet dokumentation på ${figureText.documentation}.`,
        features: [
          '3D-scanning af skadestedet',
          'Fotodokumentation',
          'Rapporter til forsikring og taksator',
          'Sikker digital arkivering',
        ],
        image: images.serviceDocumentation,
        href: '/dokumentation',
        linkLabel: 'Læs om dokumentation',
      },
      {
        icon: 'clipboard-check',
        title: 'Skadestyring',
        description:
          'Én fast kontaktperson styrer håndværkere, flytning, rengøring og opmagasinering, så ingen led i kæden venter på hinanden.',
        features: [
          'Koordinering af alle parter',
          'Flytning og nedpakning',
          'Registrering og opmagasinering',
          'Kvalitetskontrol og aflevering',
        ],
        image: images.serviceManagement,
        href: '/skadestyring',
        linkLabel: 'Læs om skadestyring',
      },
      {
        icon: 'house',
        title: 'Genhusning',
        description:
          'Vi finder et midlertidigt hjem eller midlertidige lokaler og klarer det praktiske, så hverdagen og driften kan fortsætte.',
        features: [
          'Boliger til familier og enlige',
          'Midlertidige erhvervslokaler',
          'Dialog med forsikringsselskabet',
          'Hjælp til flytning ind og ud',
        ],
        image: images.serviceRehousing,
        href: '/genhusning',
        linkLabel: 'Læs om genhusning',
      },
    ] satisfies FeatureCardData[],
  },
  audiences: {
    eyebrow: 'Hvem vi hjælper',
    title: 'Vi taler alle parters sprog',
    intro:
      'En skade involverer mange parter. Vi er bindeleddet, der sørger for, at alle får de oplysninger, de skal bruge – hverken mere eller mindre.',
    cards: [
      {
        icon: 'building-complex',
        title: 'Virksomheder',
        description:
          'Vi prioriterer det udstyr, de lagre og de data, der holder driften i gang, så driftstabet bliver så lille som muligt.',
      },
      {
        icon: 'landmark',
        title: 'Kommuner og institutioner',
        description:
          'Skoler, plejecentre og kulturinstitutioner får en plan for værdierne og en partner, der kan rykke ud med kort varsel.',
      },
      {
        icon: 'users',
        title: 'Forsikring, taksatorer og mæglere',
        description:
          'Skadebehandlere og taksatorer får ensartet dokumentation, faste tidsfrister og en åben opgørelse af omkostningerne.',
      },
      {
        icon: 'user-round',
        title: 'Private',
        description:
          'Når hjemmet er ramt, tager vi os af tingene og af kontakten til forsikringen, så du kan koncentrere dig om familien.',
      },
    ] satisfies FeatureCardData[],
  },
  cta: {
    title: 'Usikker på, hvilken ydelse du har brug for?',
    text: `Fortæl os om situationen, så foreslår vi den rigtige løsning. Vi svarer inden for ${figureText.reply} – ved akutte skader ringer vi tilbage ${figureText.callbackWithin}.`,
    actions: [
      { label: 'Kontakt os', to: '/contact', variant: 'light' },
      { label: 'Se ydelsesoversigten', to: '/services', variant: 'ghostLight' },
    ] satisfies Action[],
  },
} as const;
