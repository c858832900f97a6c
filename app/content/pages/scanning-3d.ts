import type { CheckListColumn } from '~/components/sections/check-list-columns';
import type { FeatureCardData } from '~/components/sections/feature-card';
import { figureText } from '~/content/figures';
import { images } from '~/content/images';
import { withCallAction } from './call-action';

export const scanning3dPage = {
  metaTitle: '3D-scanning af skader og værdier',
  metaDescription:
    '3D-scanning af skadesteder, bygninger og indbo: en målfast digital kopi, som forsikring og taksator kan gå rundt i – med mål, plantegning og rapport.',
  hero: {
    badge: 'Målfast dokumentation på få timer',
    title: '3D-scanning – skadestedet bevaret, digitalt og præcist',
    intro:
      'Med en 3D-scanning fastholder vi rummet og alt i det, præcis som det så ud. Forsikringsselskab, taksator og håndværkere kan gå rundt i skadestedet på skærmen, måle og se detaljer – længe efter at der er ryddet op.',
    actions: withCallAction({
      label: 'Bestil en 3D-scanning',
      to: '/contact',
      variant: 'light',
      icon: 'arrow-right',
    }),
    image: images.hero3dScanning,
  },
  useCases: {
    eyebrow: 'Anvendelse',
    title: 'Hvornår giver 3D-scanning mening?',
    cards: [
      {
        icon: 'file-search',
        title: 'Efter en skade',
        description:
          'Skadestedet scannes, før der ryddes op, så omfanget er dokumenteret – også det, der ikke blev fotograferet.',
      },
      {
        icon: 'shield-check',
        title: 'Før en skade',
        description:
          'Indbo, inventar, samlinger og lagre scannes som en del af værdiredningsplanen, så værdierne er dokumenteret på forhånd.',
      },
      {
        icon: 'eye',
        title: 'Besigtigelse på afstand',
        description:
          'Taksatorer og skadebehandlere kan vurdere skaden fra skrivebordet og spare en eller flere køreture.',
      },
      {
        icon: 'building-complex',
        title: 'Renovering og genopbygning',
        description:
          'Præcise mål af rum og installationer gør det lettere at planlægge istandsættelsen og indhente tilbud.',
      },
      {
        icon: 'gavel',
        title: 'Uenighed og tvister',
        description:
          'Når parterne er uenige om skadens omfang, er en 3D-scanning et objektivt og uigendriveligt grundlag.',
      },
      {
        icon: 'handshake',
        title: 'Samarbejde mellem parter',
        description:
          'Alle parter ser det samme skadested via et link – uden at skulle mødes på adressen samtidig.',
      },
    ] satisfies FeatureCardData[],
  },
  deliverables: {
    eyebrow: 'Leverancer',
    title: 'Det får du leveret',
    lists: [
      {
        icon: 'scan-line',
        title: 'Digitalt',
        items: [
          'Virtuel 3D-rundvisning, der kan åbnes i browseren via et link',
          'Målbar model, hvor afstande og arealer kan måles',
          'Plantegning genereret ud fra scanningen',
          'Billeder i høj opløsning fra hele skadestedet',
        ],
      },
      {
        icon: 'box',
        title: 'Til sagen',
        items: [
          `Samlet rapport med markeringer af skader – typisk på ${figureText.documentation}`,
          'Genstandsliste knyttet til placeringen i rummet',
          'Filer i formater, som forsikring og håndværkere kan bruge',
          'Sikker arkivering, så scanningen kan hentes frem igen',
        ],
      },
    ] satisfies CheckListColumn[],
  },
  benefits: {
    eyebrow: 'Fordele',
    title: 'Derfor vælger forsikringsselskaber og virksomheder 3D-scanning',
    cards: [
      {
        icon: 'timer',
        title: 'Hurtigere sagsbehandling',
        description: 'Færre spørgsmål og færre ekstra besigtigelser, fordi alle kan se skaden med det samme.',
      },
      {
        icon: 'ruler',
        title: 'Præcise mål',
        description: 'Mål og arealer tages i modellen i stedet for med tommestok og skøn på stedet.',
      },
      {
        icon: 'shield-check',
        title: 'Dokumentation, der holder',
        description: 'Scanningen viser skadestedet, præcis som det var, og kan ikke ændres bagefter.',
      },
    ] satisfies FeatureCardData[],
  },
  cta: {
    title: 'Skal vi 3D-scanne for jer?',
    text: 'Fortæl os om skaden eller de værdier, der skal dokumenteres, så aftaler vi tid og leverance.',
    actions: withCallAction({ label: 'Kontakt os', to: '/contact', variant: 'light' }),
  },
} as const;
