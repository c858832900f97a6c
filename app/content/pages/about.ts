import type { CheckListColumn } from '~/components/sections/check-list-columns';
import type { FeatureCardData } from '~/components/sections/feature-card';
import type { IconListItem } from '~/components/sections/icon-list';
import type { TeamLinkLabels, TeamMember } from '~/components/sections/team-grid';
import type { Action } from '~/components/sections/types';
import { figures } from '../../../domain/constants';
import { company } from '../../../domain/company';
import { companyStaff } from '../../../domain/company-staff';
import { figureText, standardStats } from '~/content/figures';
import { images } from '~/content/images';

/** What each employee card says about the person, in the order of companyStaff. */
const staffDescriptions = [
  'Har stået i spidsen for tusindvis af skadesager og er den, forsikringsselskaber og virksomheder ringer til, når skaden er stor og overblikket småt. Sikrer, at hver sag får en klar plan fra første dag.',
  'Vurderer bygningens tilstand efter brand, vand og storm og ved, hvad der skal til for at stoppe følgeskader. Oversætter tekniske fund til beslutninger, som både kunde og taksator kan bruge.',
  'Planlægger og koordinerer genopretningen med håndværkere, leverandører og rådgivere. Holder styr på tidsplan, kvalitet og økonomi, til nøglerne er afleveret, og sagen er lukket.',
] as const;

export const aboutPage = {
  metaTitle: 'Om os – erfarne skadeeksperter',
  metaDescription: `Mød ${company.name}: ${figureText.years} års erfaring med skader på indbo, løsøre og drift. Vi gør skadebehandlingen roligere, klarere og mere gennemskuelig.`,
  hero: {
    badge: `${figureText.years} års erfaring med skadehåndtering`,
    title: 'Vi tager hånd om skaden – og om menneskerne bag',
    intro: `${company.name} er et dansk skadehåndteringsfirma med speciale i indbo, løsøre og driftsmateriel. Vi står ved siden af virksomheder, kommuner, forsikringsselskaber og private, når brand, vand, storm, skybrud eller indbrud vender hverdagen på hovedet.`,
    actions: [{ label: 'Kontakt os', to: '/contact', variant: 'light' }] satisfies Action[],
    image: images.heroAbout,
  },
  stats: {
    title: 'Nøgletal',
    items: [
      standardStats.years,
      standardStats.handledDamages,
      standardStats.satisfaction,
      standardStats.readiness,
    ],
  },
  mission: {
    eyebrow: 'Vores mission',
    title: 'En roligere, klarere og mere gennemskuelig skadebehandling',
    intro:
      'En skade er sjældent kun et spørgsmål om ødelagte ting. Der er en drift, der skal holdes i gang, en familie, der skal have tag over hovedet, og en erstatning, der skal gøres op. Vores mission er at gøre skadebehandlingen roligere, klarere og mere gennemskuelig for alle parter – skadelidte, forsikringsselskab, taksator og skadebehandler.',
    lists: [
      {
        icon: 'users',
        title: 'Hvem vi hjælper',
        items: [
          'Virksomheder, der skal have driften i gang igen hurtigst muligt',
          'Kommuner med skoler, institutioner, arkiver og boliger',
          'Forsikringsselskaber, der ønsker en pålidelig samarbejdspartner',
          'Taksatorer og skadebehandlere, der har brug for præcis dokumentation',
          'Forsikringsmæglere, der vil sikre deres kunder den bedste hjælp',
          'Private, som står midt i en skade og har brug for en fast hånd',
        ],
      },
      {
        icon: 'compass',
        title: 'Sådan arbejder vi',
        items: [
          'Én fast kontaktperson fra første opkald til afsluttet sag',
          'Vi dokumenterer alt med foto, 3D-scanning og skriftlige rapporter',
          'Vi redder og istandsætter, før vi kasserer og erstatter',
          'Vi aftaler omfang og pris, før vi går i gang',
          'Alle parter får den samme, opdaterede status undervejs',
          `${figureText.readiness} beredskab – også i weekender og på helligdage`,
        ],
      },
    ] satisfies CheckListColumn[],
  },
  values: {
    eyebrow: 'Vores værdier',
    title: 'Det kan du regne med',
    intro: 'Fire værdier styrer, hvordan vi arbejder – i hver eneste sag, stor som lille.',
    cards: [
      {
        icon: 'shield-check',
        title: 'Troværdighed',
        description:
          'Vi gør det, vi siger, og vi siger det, vi gør. Aftaler overholdes, og du får besked med det samme, hvis noget ændrer sig.',
      },
      {
        icon: 'scale',
        title: 'Upartiskhed',
        description:
          'Vi dokumenterer skaden, som den er – hverken større eller mindre. Derfor kan både skadelidte og forsikringsselskab stole på vores vurderinger.',
      },
      {
        icon: 'lightbulb',
        title: 'Løsningsfokus',
        description:
          'Vi leder efter den løsning, der begrænser skaden og får hverdagen tilbage hurtigst – ikke efter den, der er nemmest for os.',
      },
      {
        icon: 'award',
        title: 'Kvalitet',
        description:
          'Faste procedurer, uddannede medarbejdere og kvalitetskontrol i hvert led sikrer et resultat, der holder – og en sag, der kan lukkes uden tvivl.',
      },
    ] satisfies FeatureCardData[],
  },
  experience: {
    eyebrow: 'Vores erfaring',
    title: 'Mange års skader har lært os, hvad der virker',
    paragraphs: [
      `Gennem mere end ${figures.yearsOfExperience} år har vi håndteret skader i alle størrelser: fra den oversvømmede kælder i et parcelhus til brand i produktionshaller, skybrud i kommunale arkiver og indbrud i butikker.`,
      'Den erfaring betyder, at vi hurtigt ser, hvad der kan reddes, hvad der haster, og hvor pengene gør mest gavn. Det giver kortere sagsforløb, færre følgeskader og en erstatningsopgørelse, som alle parter kan forstå.',
    ],
    highlights: [
      {
        icon: 'building',
        title: 'Erhverv og offentlige kunder',
        text: 'Vi kender driftsstop, lagre, maskiner, arkiver og institutioner – og de krav, der følger med.',
      },
      {
        icon: 'scan-line',
        title: 'Dokumentation i topklasse',
        text: 'Foto, 3D-scanning og registrering af indbo giver et præcist billede af skaden, før noget flyttes.',
      },
      {
        icon: 'heart-handshake',
        title: 'Tæt samarbejde med forsikringen',
        text: 'Vi taler forsikringens sprog og holder selskab, taksator og mægler opdateret hele vejen.',
      },
    ] satisfies IconListItem[],
    image: images.aboutExperience,
  },
  team: {
    eyebrow: 'Mød holdet',
    title: 'Folkene bag',
    intro:
      'Erfarne fagfolk med hver deres speciale – og det samme mål: at du kommer godt og trygt gennem skaden.',
    members: companyStaff.map((person, index): TeamMember => ({
      ...person,
      description: staffDescriptions[index] ?? '',
      image: { ...images.teamPlaceholder, alt: `Silhuet i stedet for portræt af ${person.name}` },
    })),
    linkLabels: {
      email: 'Send e-mail til',
      call: 'Ring til',
      profile: 'LinkedIn-profil for',
      newWindow: '(åbner i et nyt vindue)',
    } satisfies TeamLinkLabels,
  },
  cta: {
    title: 'Lad os tage en snak om dine værdier',
    text: 'Uanset om du vil forebygge den næste skade eller har brug for hjælp nu, står vi klar.',
    actions: [
      { label: 'Kontakt os', to: '/contact', variant: 'light', icon: 'handshake' },
      { label: 'Se vores ydelser', to: '/services', variant: 'ghostLight' },
    ] satisfies Action[],
  },
} as const;
