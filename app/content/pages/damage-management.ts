import type { FeatureCardData } from '~/components/sections/feature-card';
import { rekvisitionLink } from '~/content/navigation';
import type { Step } from '~/components/sections/step-list';
import { company } from '../../../domain/company';
import { figureText, standardStats } from '~/content/figures';
import { images } from '~/content/images';
import { withCallAction } from './call-action';

export const damageManagementPage = {
  metaTitle: 'Skadestyring af brand-, vand- og stormskader',
  metaDescription: `Skadestyring med én fast kontaktperson: første vurdering inden for ${figureText.initialAssessment}, projektplan samme dag, daglig opfølgning – erfaring fra ${figureText.years} år med skader.`,
  hero: {
    badge: `${figureText.years} års erfaring med skader`,
    title: 'Skadestyring – hele skaden samlet i én hånd',
    intro:
      'En stor skade involverer håndværkere, flyttefolk, rengøring, forsikringsselskab, taksator og ofte myndigheder. Vi styrer det hele med én fast kontaktperson, så arbejdet går i den rigtige rækkefølge, og ingen venter på hinanden.',
    actions: withCallAction({ label: 'Kontakt os', to: '/contact', variant: 'light', icon: 'arrow-right' }),
    image: images.heroDamageManagement,
  },
  services: {
    eyebrow: 'Det styrer vi',
    title: 'Alt det praktiske, fra første time til sidste aflevering',
    intro:
      'Vi har egne folk og faste samarbejdspartnere i hele landet. Du får ét telefonnummer og én, der har overblikket.',
    cards: [
      {
        icon: 'scan-line',
        title: '3D-dokumentation',
        description:
          'Skadestedet scannes og fotograferes, før noget flyttes, så omfanget er dokumenteret for alle parter fra dag ét.',
      },
      {
        icon: 'workflow',
        title: 'Koordinering',
        description:
          'Vi planlægger og styrer håndværkere, affugtning, rengøring og leverandører, så arbejdet sker i den rigtige rækkefølge.',
      },
      {
        icon: 'truck',
        title: 'Flytning og nedpakning',
        description:
          'Indbo, lager og udstyr pakkes forsvarligt ned, registreres og flyttes i sikkerhed – med særlig omhu for skrøbelige ting.',
      },
      {
        icon: 'hammer',
        title: 'Renovering',
        description:
          'Vi koordinerer istandsættelsen af bygningen og sørger for, at tidsplanen holder, og at arbejdet lever op til aftalen.',
      },
      {
        icon: 'boxes',
        title: 'Registrering og opmagasinering',
        description:
          'Alt registreres genstand for genstand og opbevares tørt og sikkert, indtil det kan leveres tilbage.',
      },
      {
        icon: 'clipboard-check',
        title: 'Kvalitetskontrol',
        description:
          'Vi gennemgår arbejdet ved hver milepæl og ved aflevering, så fejl rettes, før sagen lukkes.',
      },
    ] satisfies FeatureCardData[],
  },
  process: {
    eyebrow: 'Forløbet',
    title: 'Fem trin med faste tidsrammer',
    intro: 'Du ved altid, hvad der sker nu, og hvad der sker bagefter.',
    steps: [
      {
        title: 'Første vurdering',
        text: 'Vi vurderer skadens omfang, sikrer værdierne og stopper, hvad der kan stoppes.',
        time: `Inden for ${figureText.initialAssessment}`,
      },
      {
        title: 'Projektplan',
        text: 'Du og forsikringsselskabet får en plan med opgaver, ansvarlige og tidsplan.',
        time: 'Samme dag',
      },
      {
        title: 'Koordinering',
        text: 'Vi styrer håndværkere, flytning, rengøring og leverandører og holder alle parter orienteret.',
        time: 'Løbende',
      },
      {
        title: 'Opfølgning',
        text: 'Fremdrift, økonomi og kvalitet følges tæt, og afvigelser tages op med det samme.',
        time: 'Dagligt',
      },
      {
        title: 'Afslutning',
        text: 'Arbejdet gennemgås og afleveres, og du får en samlet slutdokumentation.',
        time: 'Ved projektets afslutning',
      },
    ] satisfies Step[],
  },
  checklist: {
    eyebrow: 'Tjekliste',
    title: 'Det gør du, når skaden er sket',
    intro: 'Få ting gør en stor forskel i de første timer. Brug listen, mens du venter på os.',
    items: [
      'Bring mennesker og dyr i sikkerhed – ring 112, hvis liv eller helbred er i fare',
      'Begræns skaden, hvis det er sikkert: luk for vandet, og sluk for strømmen i de berørte rum',
      'Tag billeder af skaden, før du flytter eller rydder noget',
      'Smid ikke beskadigede ting ud, før de er registreret og godkendt af forsikringen',
      'Anmeld skaden til dit forsikringsselskab, og skriv skadenummeret ned',
      `Ring til os på ${company.phoneDisplay} – så koordinerer vi resten`,
    ],
  },
  damageTypes: {
    eyebrow: 'Skadetyper',
    title: 'Vi håndterer alle typer skader på indbo, løsøre og drift',
    cards: [
      {
        icon: 'flame',
        title: 'Brand',
        description:
          'Sod, røg og slukningsvand skader mere end flammerne. Hurtig rensning redder ofte det, der ligner tabt.',
      },
      {
        icon: 'droplets',
        title: 'Vand',
        description:
          'Sprængte rør og utætheder kræver hurtig udtørring for at undgå skimmelsvamp og følgeskader.',
      },
      {
        icon: 'wind',
        title: 'Storm',
        description:
          'Vi sikrer bygningen midlertidigt og redder indbo og udstyr, før regn og vind gør skaden større.',
      },
      {
        icon: 'waves-horizontal',
        title: 'Stormflod og skybrud',
        description:
          'Når vandet står i kælderen eller stueetagen, tæller hver time. Vi pumper, rydder og redder.',
      },
      {
        icon: 'factory',
        title: 'Driftsstop',
        description:
          'Vi prioriterer maskiner, lagre og data, så virksomheden hurtigst muligt kan producere og levere igen.',
      },
      {
        icon: 'frame',
        title: 'Særlige indboskader',
        description: 'Kunst, arkiver, antikviteter og elektronik behandles af specialister og konservatorer.',
      },
    ] satisfies FeatureCardData[],
  },
  stats: [
    standardStats.handledDamages,
    standardStats.years,
    standardStats.satisfaction,
    standardStats.readiness,
  ],
  cta: {
    title: 'Har du en skade, der skal styres?',
    text: `Ring til os, eller skriv, hvad der er sket. Ved akutte skader ringer vi tilbage ${figureText.callbackWithin}.`,
    actions: [
      ...withCallAction({ label: 'Kontakt os', to: '/contact', variant: 'light' }),
      { ...rekvisitionLink, variant: 'ghostLight' },
    ],
  },
} as const;
