import type { FeatureCardData } from '~/components/sections/feature-card';
import type { ImageTextData } from '~/components/sections/image-text-section';
import type { Action } from '~/components/sections/types';
import { company, telHref } from '../../../domain/company';
import { figureText, standardStats } from '~/content/figures';
import { images } from '~/content/images';

export const homePage = {
  metaTitle: `${company.name} – skadehåndtering før, under og efter skaden`,
  metaDescription: `Vi håndterer brand-, vand-, storm-, skybruds- og indbrudsskader på indbo, løsøre og drift for virksomheder, kommuner, forsikringsselskaber og private. ${figureText.readiness} beredskab.`,
  hero: {
    badge: `${figureText.readiness} beredskab i hele Danmark`,
    title: 'Vi sikrer dine værdier før, under og efter skaden',
    intro:
      'Når brand, vand, storm, skybrud eller indbrud rammer, tager vi hånd om indbo, løsøre og driftsmateriel – og om dig. Vi forebygger, håndterer og afslutter skaden, så den bliver mindre, hurtigere overstået og lettere at forstå for alle parter.',
    actions: [
      { label: 'Anmeld en skade', to: '/anmeldelse', variant: 'light', icon: 'file-text' },
      { label: 'Se vores ydelser', to: '/services', variant: 'ghostLight', icon: 'arrow-right' },
    ] satisfies Action[],
    image: images.heroHome,
    stats: [standardStats.handledDamages, standardStats.years, standardStats.readiness],
  },
  services: {
    eyebrow: 'Det gør vi',
    title: 'Hele skadeforløbet samlet ét sted',
    intro:
      'Fra den første risikovurdering til den sidste kvittering: vi følger skaden hele vejen og holder forsikringsselskab, taksator og dig orienteret undervejs.',
    cards: [
      {
        icon: 'shield-check',
        title: 'Forebyggelse',
        description: `Den billigste skade er den, der aldrig sker. Vi finder risiciene og lægger en plan, der kan mindske skadens omfang med ${figureText.impactReduction}.`,
        features: ['Risikovurdering', 'Værdiredningsplaner', '3D-scanning og mærkning', 'Beredskabstræning'],
        image: images.servicePrevention,
      },
      {
        icon: 'clipboard-check',
        title: 'Skadestyring',
        description:
          'Når skaden er sket, koordinerer vi hele indsatsen: dokumentation, flytning, rengøring, renovering og opmagasinering – med én fast kontaktperson.',
        features: [
          '3D-dokumentation',
          'Koordinering af håndværkere',
          'Flytning og opmagasinering',
          'Registrering af indbo',
          'Kvalitetskontrol',
        ],
        image: images.serviceManagement,
      },
      {
        icon: 'file-text',
        title: 'Afslutning',
        description:
          'Vi lukker sagen ordentligt: erstatningsopgørelse, kvalitetssikring og en samlet slutdokumentation, som forsikringsselskabet kan bruge med det samme.',
        features: ['Erstatningsopgørelse', 'Kvalitetssikring', 'Løsning af uenigheder', 'Slutdokumentation'],
        image: images.serviceCompletion,
      },
    ] satisfies FeatureCardData[],
  },
  specialised: {
    eyebrow: 'Specialydelser',
    title: 'Når skaden kræver noget særligt',
    cards: [
      {
        icon: 'house',
        title: 'Genhusning',
        description: `Er hjemmet eller virksomheden ubeboelig, finder vi en midlertidig bolig eller lokaler – typisk inden for ${figureText.housing}.`,
        href: '/genhusning',
        linkLabel: 'Læs om genhusning',
      },
      {
        icon: 'building-complex',
        title: 'Driftsstop i virksomheder',
        description:
          'Vi prioriterer det udstyr og de lagre, der holder driften i gang, så virksomheden hurtigst muligt kan arbejde igen.',
      },
      {
        icon: 'frame',
        title: 'Særligt indbo',
        description:
          'Kunst, arkiver, antikviteter og elektronik kræver specialbehandling. Vi kender metoderne og samarbejder med konservatorer.',
      },
      {
        icon: 'cloud-rain',
        title: 'Skybrud og stormflod',
        description:
          'Når vandet stiger, rykker vi ud med pumper, affugtere og flyttefolk og redder det, der kan reddes, før skaden breder sig.',
      },
    ] satisfies FeatureCardData[],
    allServices: {
      label: 'Se alle vores ydelser',
      to: '/services',
      variant: 'outline',
      icon: 'arrow-right',
    } satisfies Action,
  },
  phases: [
    {
      eyebrow: 'Før skaden',
      icon: 'shield-check',
      title: 'Forberedt er halvt reddet',
      paragraphs: [
        'Med en værdiredningsplan ved alle, hvad der skal reddes først, hvem der gør hvad, og hvor tingene skal hen. Det sparer tid, penge og bekymringer den dag, uheldet er ude.',
        `Vi gennemgår bygninger og lagre, 3D-scanner og mærker værdierne og træner medarbejderne. Erfaringen viser, at god forebyggelse kan mindske skadens omfang med ${figureText.impactReduction}.`,
      ],
      bullets: [
        'Risikovurdering på stedet',
        'Værdiredningsplan med prioriteringer',
        'Kurser og øvelser for personalet',
      ],
      image: images.sectionBefore,
      actions: [{ label: 'Læs om forebyggelse', to: '/forebyggelse', variant: 'outline' }],
    },
    {
      eyebrow: 'Under skaden',
      icon: 'wrench',
      title: 'Hurtig og rolig indsats, døgnet rundt',
      paragraphs: [
        `Ring til os, når skaden sker. Vi ringer tilbage ${figureText.callbackWithin} ved akutte henvendelser og er typisk fremme inden for ${figureText.arrival}.`,
        'Vi stopper skaden, sikrer værdierne, dokumenterer alt med foto og 3D-scanning og tager kontakten til forsikringsselskabet, så du kan koncentrere dig om det vigtigste.',
      ],
      bullets: [
        'Akut skadeservice hele døgnet',
        'Nedpakning, flytning og opmagasinering',
        'Én fast kontaktperson',
      ],
      image: images.sectionDuring,
      actions: [
        { label: 'Akut skade', to: '/akut-skade', variant: 'emergency' },
        { label: `Ring ${company.phoneDisplay}`, href: telHref, variant: 'outline', icon: 'phone' },
      ],
    },
    {
      eyebrow: 'Efter skaden',
      icon: 'clipboard-check',
      title: 'En sag, der lukkes ordentligt',
      paragraphs: [
        'Når værdierne er rengjort, repareret eller erstattet, leverer vi tingene tilbage og gennemgår resultatet med dig.',
        'Du og forsikringsselskabet får en samlet, gennemskuelig slutdokumentation, så erstatningen kan gøres op uden tvivl og unødig ventetid.',
      ],
      bullets: [
        'Erstatningsopgørelse og kvalitetssikring',
        'Tilbagelevering og opfølgning',
        'Samlet slutdokumentation',
      ],
      image: images.sectionAfter,
      actions: [{ label: 'Se hvordan vi dokumenterer', to: '/skade-dokumentation', variant: 'outline' }],
    },
  ] satisfies ImageTextData[],
  cta: {
    title: 'Klar til at sikre dine værdier?',
    text: 'Fortæl os om din virksomhed, din ejendom eller din skade, så finder vi den rigtige løsning sammen.',
    actions: [
      { label: 'Kontakt os', to: '/contact', variant: 'light' },
      { label: 'Se alle ydelser', to: '/services', variant: 'ghostLight' },
    ] satisfies Action[],
  },
} as const;
