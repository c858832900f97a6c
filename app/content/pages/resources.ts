import { resourceCatalogue, type Resource } from '../../../domain/resources';
import type { ResourceCardData } from '~/components/sections/resource-card';
import type { Action } from '~/components/sections/types';
import { company } from '../../../domain/company';
import { figureText } from '~/content/figures';

function catalogueEntry(id: Resource['id']): Resource {
  const entry = resourceCatalogue.find((resource) => resource.id === id);
  if (!entry) throw new Error(`Unknown resource ${id}`);
  return entry;
}

const ebook = catalogueEntry('vaerdiredningsplan');
const checklist = catalogueEntry('skybrud');

export interface ResourceOffer {
  /** Sent with the request, exactly as in the catalogue (domain/resource-request.ts). */
  request: { title: string; type: string };
  card: ResourceCardData;
  buttonLabel: string;
  /** The heading over the request form on the page (where the button leads without JavaScript). */
  formTitle: string;
}

export const resourcesPage = {
  metaTitle: 'Gratis ressourcer – e-bog og tjekliste',
  metaDescription: `Hent gratis e-bogen "${ebook.title}" og tjeklisten "${checklist.title}". Praktiske råd til virksomheder, kommuner og private.`,
  hero: {
    badge: 'Gratis og uden binding',
    title: 'Gratis ressourcer',
    intro: `Vores erfaring fra ${figureText.years} års skadehåndtering samlet i to praktiske værktøjer. Brug dem til at forberede din virksomhed, din institution eller dit hjem – før skaden sker.`,
  },
  offers: [
    {
      request: { title: ebook.title, type: ebook.type },
      buttonLabel: 'Hent e-bogen gratis',
      formTitle: 'Få e-bogen på e-mail',
      card: {
        icon: 'book-open',
        type: ebook.type,
        title: ebook.title,
        description:
          'En værdiredningsplan afgør, hvad der bliver reddet, når brand, vand eller storm rammer. E-bogen guider dig trin for trin fra den første gennemgang af bygningen til en plan, som alle kan bruge – også klokken tre om natten.',
        contentsTitle: 'Det får du i e-bogen',
        contents: [
          'Sådan finder og prioriterer du det uerstattelige i tre niveauer',
          'Plantegning, mærkning og roller, der gør planen brugbar i en nødsituation',
          'Kontaktliste og beredskabskasse – hvad de skal indeholde',
          'Dokumentation før skaden, så erstatningen bliver lettere',
          'Førstehjælp til våde og sodede genstande',
          'Sådan øver du planen og holder den ajour',
        ],
        facts: ['PDF på dansk', '10 konkrete tips', 'Sendes på e-mail'],
      },
    },
    {
      request: { title: checklist.title, type: checklist.type },
      buttonLabel: 'Hent tjeklisten gratis',
      formTitle: 'Få tjeklisten på e-mail',
      card: {
        icon: 'clipboard-check',
        type: checklist.type,
        title: checklist.title,
        description:
          'Skybrud kommer med kort varsel, og på en time kan der falde mere regn, end kloakken kan nå at lede væk. Tjeklisten hjælper dig med at forberede bygning og indbo, handle rigtigt under skybruddet og begrænse skaden bagefter.',
        contentsTitle: 'Det får du i tjeklisten',
        contents: [
          'Forberedelse af huset: højvandslukker, afløb, tagrender og pumper',
          'Beskyttelse af indbo, varelager og dokumenter i kælder og stueetage',
          'Hvad du gør, når skybruddet er varslet',
          'Sådan holder du dig sikker under skybruddet',
          'De første timer efter: dokumentation, anmeldelse og skadebegrænsning',
          'Tørring og genopretning uden skimmelsvamp',
        ],
        facts: ['PDF på dansk', 'Til hjem og virksomheder', 'Sendes på e-mail'],
      },
    },
  ] satisfies ResourceOffer[],
  howItWorks: {
    title: 'Sådan får du ressourcen',
    text: 'Klik på knappen, udfyld navn, e-mail og telefonnummer, så sender vi materialet som PDF til din e-mail. Vi bruger kun dine oplysninger til at sende materialet og eventuelt følge op, hvis du har spørgsmål.',
  },
  contact: {
    icon: 'messages-square',
    title: 'Vil du have hjælp til at komme i gang?',
    text: `Vi hjælper gerne med at lave en værdiredningsplan, gennemgå jeres risici eller træne medarbejderne. Tag fat i ${company.name} for en uforpligtende snak.`,
    actions: [
      { label: 'Kontakt os', to: '/contact', variant: 'light' },
      { label: 'Læs om værdiredningsplaner', to: '/vaerdiredningsplan', variant: 'ghostLight' },
    ] satisfies Action[],
  },
} as const;
