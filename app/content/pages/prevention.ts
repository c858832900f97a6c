import type { FeatureCardData } from '~/components/sections/feature-card';
import type { ImageTextData } from '~/components/sections/image-text-section';
import type { Step } from '~/components/sections/step-list';
import type { Action } from '~/components/sections/types';
import { company } from '../../../domain/company';
import { figureText, standardStats } from '~/content/figures';
import { images } from '~/content/images';

export const preventionPage = {
  metaTitle: 'Forebyggelse og risikovurdering',
  metaDescription: `Forebyg skader på indbo, lagre og driftsmateriel med risikovurdering, værdiredningsplaner og øvelser. ${figureText.years} års erfaring – ${figureText.impactReduction} mindre skade.`,
  hero: {
    badge: `${figureText.years} års erfaring med forebyggelse`,
    title: 'Forebyggelse, der gør den næste skade mindre',
    intro:
      'Brand, vandskade og skybrud kan ikke altid undgås – men konsekvenserne kan. Vi gennemgår jeres bygninger og værdier, lægger en plan for, hvad der skal reddes først, og træner de medarbejdere, der skal handle, når det gælder.',
    actions: [
      { label: 'Book en risikovurdering', to: '/contact', variant: 'light', icon: 'arrow-right' },
      { label: 'Se alle ydelser', to: '/services', variant: 'ghostLight' },
    ] satisfies Action[],
    image: images.heroPrevention,
  },
  services: {
    eyebrow: 'Sådan forebygger vi',
    title: 'Fire ydelser til et stærkere beredskab',
    intro:
      'Forebyggelse virker kun, hvis den bliver brugt. Derfor stopper vi ikke ved en rapport: vi følger planen helt ud i organisationen.',
    cards: [
      {
        icon: 'search',
        title: 'Risikovurdering',
        description:
          'Vi gennemgår bygninger, kældre, lagre og arkiver på stedet og finder de steder, hvor vand, brand og storm kan gøre størst skade.',
        features: [
          'Gennemgang af bygning, installationer og opbevaring',
          'Vurdering af skybruds- og oversvømmelsesrisiko',
          'Prioriteret liste over tiltag med pris og effekt',
        ],
      },
      {
        icon: 'clipboard-list',
        title: 'Værdiredningsplaner',
        description:
          'En konkret plan for, hvad der skal reddes først, hvem der gør hvad, og hvor tingene skal hen – så ingen skal improvisere midt i skaden.',
        features: [
          'Prioritering af værdier og kritisk udstyr',
          '3D-scanning og mærkning af genstande',
          'Kontaktlister, roller og evakueringsveje',
        ],
        href: '/vaerdiredningsplan',
        linkLabel: 'Læs om værdiredningsplaner',
      },
      {
        icon: 'wrench',
        title: 'Implementering',
        description:
          'Vi hjælper med at føre planen ud i livet: fra hylder, der hæver varerne over gulvet, til beredskabsudstyr og tydelig skiltning.',
        features: [
          'Indkøb og placering af beredskabsudstyr',
          'Omlægning af opbevaring i udsatte rum',
          'Dokumentation af jeres værdier før skaden',
        ],
      },
      {
        icon: 'dumbbell',
        title: 'Træning og øvelser',
        description:
          'En plan er kun så god som de mennesker, der skal bruge den. Vi træner medarbejderne og afholder øvelser, der ligner virkeligheden.',
        features: [
          'Kurser for medarbejdere og driftspersonale',
          'Realistiske skadeøvelser',
          'Årlig opfølgning og justering',
        ],
        href: '/kursus',
        linkLabel: 'Se vores kurser',
      },
    ] satisfies FeatureCardData[],
  },
  benefits: {
    eyebrow: 'Derfor betaler det sig',
    icon: 'shield-check',
    title: 'Mindre skade, kortere driftsstop, færre overraskelser',
    paragraphs: [
      `Erfaringen fra ${figureText.years} års skadehåndtering er klar: de virksomheder og institutioner, der har forberedt sig, kommer hurtigere i gang igen. God forebyggelse kan mindske skadens omfang med ${figureText.impactReduction}.`,
      'Samtidig står I stærkere over for forsikringsselskabet, fordi værdierne er dokumenteret, før skaden sker.',
    ],
    bullets: [
      'Kortere driftsstop, fordi kritisk udstyr reddes først',
      'Færre tabte værdier og mindre genanskaffelse',
      'Hurtigere erstatning takket være dokumentation fra før skaden',
      'Trygge medarbejdere, der ved, hvad de skal gøre',
      'Et bedre udgangspunkt i dialogen med forsikringsselskabet',
    ],
    image: images.sectionBefore,
  } satisfies ImageTextData,
  process: {
    eyebrow: 'Sådan kommer I i gang',
    title: 'Fra første møde til færdig plan',
    steps: [
      {
        title: 'Indledende samtale',
        text: 'Vi taler om jeres bygninger, værdier og tidligere skader og aftaler, hvad gennemgangen skal omfatte.',
      },
      {
        title: 'Besøg og risikovurdering',
        text: 'Vi gennemgår stedet sammen med jeres driftsfolk og registrerer risici, værdier og adgangsforhold.',
      },
      {
        title: 'Plan og anbefalinger',
        text: 'I får en prioriteret plan med konkrete tiltag, så I kan se, hvad der giver mest effekt for pengene.',
      },
      {
        title: 'Implementering og træning',
        text: 'Vi hjælper med at gennemføre tiltagene og træner medarbejderne – og vender tilbage hvert år.',
      },
    ] satisfies Step[],
  },
  stats: [standardStats.years, standardStats.handledDamages, standardStats.impactReduction],
  cta: {
    title: 'Vil I være klar, før skaden sker?',
    text: `Book en uforpligtende snak med en af vores specialister. Vi svarer inden for ${figureText.reply}, eller ring på ${company.phoneDisplay}.`,
    actions: [
      { label: 'Kontakt os', to: '/contact', variant: 'light' },
      { label: 'Se alle ydelser', to: '/services', variant: 'ghostLight' },
    ] satisfies Action[],
  },
} as const;
