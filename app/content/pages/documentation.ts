import type { FeatureCardData } from '~/components/sections/feature-card';
import type { ImageTextData } from '~/components/sections/image-text-section';
import type { Action } from '~/components/sections/types';
import { figureText } from '~/content/figures';
import { images } from '~/content/images';

export const documentationPage = {
  metaTitle: '3D-dokumentation af skader',
  metaDescription: `3D-scanning, fotodokumentation, rapporter og digital arkivering af skader på indbo og løsøre. Komplet dokumentation på ${figureText.documentation}.`,
  hero: {
    badge: `Komplet dokumentation på ${figureText.documentation}`,
    title: '3D-dokumentation, der gør skaden tydelig for alle',
    intro:
      'En god skadeopgørelse begynder med dokumentation, som ingen kan være i tvivl om. Vi scanner, fotograferer og beskriver skaden, så forsikringsselskab, taksator og skadelidte ser det samme – og kan træffe beslutninger hurtigere.',
    actions: [
      { label: 'Bestil dokumentation', to: '/contact', variant: 'light', icon: 'arrow-right' },
      { label: 'Se alle ydelser', to: '/services', variant: 'ghostLight' },
    ] satisfies Action[],
    image: images.serviceDocumentation,
  },
  services: {
    eyebrow: 'Det får du',
    title: 'Fire former for dokumentation – samlet ét sted',
    intro:
      'Vi vælger metoden efter skaden. Ofte er det kombinationen af 3D-scanning, billeder og en skriftlig rapport, der giver det fulde billede.',
    cards: [
      {
        icon: 'scan-line',
        title: '3D-scanning',
        description:
          'En målfast, digital kopi af hele rummet, som man kan gå rundt i og måle i bagefter – også når skadestedet for længst er ryddet.',
        features: [
          'Præcise mål af rum og genstande',
          'Virtuel rundvisning for taksator',
          'Før- og efter-sammenligning',
        ],
        href: '/3d-scanning',
        linkLabel: 'Læs om 3D-scanning',
      },
      {
        icon: 'camera',
        title: 'Fotodokumentation',
        description:
          'Systematiske billeder af skaden, af de enkelte genstande og af typeskilte, serienumre og mærker, der har betydning for værdien.',
        features: [
          'Oversigts- og detaljebilleder',
          'Dokumentation af fugt, sod og brud',
          'Billeder knyttet til hver genstand',
        ],
      },
      {
        icon: 'file-text',
        title: 'Rapportering',
        description:
          'En overskuelig rapport med skadens årsag, omfang, genstandsliste og vores anbefaling til redning, rengøring eller erstatning.',
        features: [
          'Genstandsliste med tilstand og alder',
          'Anbefalinger til videre forløb',
          'Klar til forsikringsselskab og taksator',
        ],
      },
      {
        icon: 'archive',
        title: 'Digital arkivering',
        description:
          'Al dokumentation gemmes sikkert og struktureret, så den kan findes frem ved opfølgning, tvister eller en senere skade.',
        features: [
          'Sikker opbevaring efter gældende regler',
          'Adgang for de relevante parter',
          'Let at dele med forsikringsselskabet',
        ],
      },
    ] satisfies FeatureCardData[],
  },
  why: {
    eyebrow: 'Hvorfor dokumentation',
    icon: 'timer',
    title: 'Hurtigere afgørelser og færre uenigheder',
    paragraphs: [
      'Når dokumentationen er fyldestgørende fra starten, slipper alle parter for at vente på supplerende oplysninger – og skadelidte får hurtigere svar.',
    ],
    bullets: [
      `Komplet dokumentation på ${figureText.documentation} for en typisk skade`,
      'Målfaste 3D-scanninger, der kan bruges igen og igen',
      'Ensartet rapportformat, som forsikringsselskaber kender',
      'Færre ekstra besigtigelser og hurtigere erstatning',
      'Et solidt grundlag, hvis der opstår uenighed om skadens omfang',
    ],
    image: images.sectionAfter,
    actions: [{ label: 'Sådan dokumenterer vi en skade', to: '/skade-dokumentation', variant: 'outline' }],
  } satisfies ImageTextData,
  cta: {
    title: 'Skal en skade dokumenteres?',
    text: 'Fortæl os om skaden og tidsplanen, så kommer vi ud og dokumenterer – til forsikringsselskabet, taksatoren eller jeres egne arkiver.',
    actions: [
      { label: 'Kontakt os', to: '/contact', variant: 'light' },
      { label: 'Se alle ydelser', to: '/services', variant: 'ghostLight' },
    ] satisfies Action[],
  },
} as const;
