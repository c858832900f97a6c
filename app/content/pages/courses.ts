import type { CourseData } from '~/components/sections/course-card';
import type { FeatureCardData } from '~/components/sections/feature-card';
import type { ImageTextData } from '~/components/sections/image-text-section';
import type { Action } from '~/components/sections/types';
import { courseDurationText, figureText, standardStats } from '~/content/figures';
import { images } from '~/content/images';

export const coursesPage = {
  metaTitle: 'Kurser i skadeforebyggelse og skadehåndtering',
  metaDescription: `Praktiske kurser i risikoforebyggelse, 3D-dokumentation, skadekoordinering og service og kvalitet – bygget på ${figureText.years} års erfaring med skader.`,
  hero: {
    badge: `Bygget på ${figureText.years} års skadehåndtering`,
    title: 'Kurser og træning i skadehåndtering',
    intro:
      'Vores kurser er skrevet af folk, der står i skaderne hver dag. Deltagerne lærer at forebygge, dokumentere og koordinere skader – og at møde skadelidte med ro og faglighed.',
    actions: [
      { label: 'Se kurserne', href: '#courses', variant: 'light', icon: 'arrow-down' },
      { label: 'Kontakt os', to: '/contact', variant: 'ghostLight', icon: 'arrow-right' },
    ] satisfies Action[],
    image: images.heroCourses,
  },
  courses: {
    eyebrow: 'Kurser',
    title: 'Fire kurser til hele skadeforløbet',
    intro: 'Alle kurser kan holdes hos os eller hos jer og tilpasses jeres organisation og skadetyper.',
    labels: { duration: 'Varighed', audience: 'Målgruppe', topics: 'Det lærer du' },
    items: [
      {
        title: 'Risikoforebyggelse',
        duration: courseDurationText.riskPrevention,
        audience: 'Driftsledere, pedeller og risk managers',
        description:
          'Lær at se bygningen med en skadeeksperts øjne og finde de risici, der typisk fører til brand-, vand- og skybrudsskader.',
        topics: [
          'De hyppigste skadeårsager og hvordan de undgås',
          'Risikovurdering af bygning, kælder og lager',
          'Grundlaget for en værdiredningsplan',
        ],
      },
      {
        title: '3D-dokumentation',
        duration: courseDurationText.documentation3d,
        audience: 'Taksatorer, skadebehandlere og teknikere',
        description:
          'Et praktisk kursus i at 3D-scanne og fotodokumentere skadesteder, så dokumentationen holder hele vejen til erstatningsopgørelsen.',
        topics: [
          'Scanning af rum og genstande i praksis',
          'Systematisk fotodokumentation',
          'Fra scanning til rapport, der kan bruges af forsikringen',
        ],
      },
      {
        title: 'Skadekoordinering',
        duration: courseDurationText.damageCoordination,
        audience: 'Skadebehandlere, projektledere og ejendomsadministratorer',
        description:
          'Sådan styrer du en skade med mange parter: rækkefølge, tidsplaner, kommunikation og økonomi.',
        topics: [
          'Planlægning fra første vurdering til aflevering',
          'Samarbejde med håndværkere, taksator og forsikring',
          'Opfølgning, kvalitetskontrol og slutdokumentation',
        ],
      },
      {
        title: 'Service og kvalitet',
        duration: courseDurationText.serviceAndQuality,
        audience: 'Alle, der møder skadelidte',
        description:
          'Mennesker i en skadesituation har brug for ro og klar besked. Kurset giver værktøjer til den gode samtale og den ensartede kvalitet.',
        topics: [
          'Kommunikation med skadelidte i krise',
          'Forventningsafstemning og klare aftaler',
          'Kvalitetssikring i hvert led af forløbet',
        ],
      },
    ] satisfies CourseData[],
  },
  benefits: {
    eyebrow: 'Fordele',
    title: 'Det får deltagerne og organisationen ud af det',
    cards: [
      {
        icon: 'lightbulb',
        title: 'Praksis frem for teori',
        description:
          'Cases og øvelser fra rigtige skader – ikke lærebøger. Deltagerne kan bruge det dagen efter.',
      },
      {
        icon: 'users',
        title: 'Erfarne undervisere',
        description: `Underviserne arbejder selv med skader og har tilsammen ${figureText.years} års erfaring i branchen.`,
      },
      {
        icon: 'messages-square',
        title: 'Fælles sprog',
        description:
          'Når alle har samme grundlag, går samarbejdet mellem drift, forsikring og håndværkere lettere.',
      },
      {
        icon: 'calendar-check',
        title: 'Bevis på deltagelse',
        description:
          'Alle deltagere får kursusbevis, og organisationen får materialet med hjem til senere brug.',
      },
    ] satisfies FeatureCardData[],
  },
  inHouse: {
    eyebrow: 'Kurser hos jer',
    icon: 'building-complex',
    title: 'Skræddersyet til jeres organisation',
    paragraphs: [
      `Vi holder gerne kurset på jeres egen adresse, med jeres bygninger og jeres værdiredningsplan som udgangspunkt. Undervisningen bygger på ${figureText.years} års erfaring med skader.`,
      'Kontakt os, så sammensætter vi et forløb, der passer til jeres medarbejdere og tidsplan.',
    ],
    bullets: [
      'Øvelser i jeres egne lokaler',
      'Hold sammensat efter jeres behov',
      'Opfølgning, når planen skal øves igen',
    ],
    image: images.sectionBefore,
    actions: [{ label: 'Kontakt os om et forløb', to: '/contact', variant: 'primary' }],
  } satisfies ImageTextData,
  stats: [standardStats.handledDamages, standardStats.years, standardStats.satisfaction],
  cta: {
    title: 'Klar til at booke et kursus?',
    text: 'Skriv til os med antal deltagere og ønsket tidspunkt, så sender vi et forslag til forløb og pris.',
    actions: [{ label: 'Kontakt os', to: '/contact', variant: 'light' }] satisfies Action[],
  },
} as const;
