/**
 * Ready-made answers staff pick on a lead's page ("Skriv til kunden") and then edit. Filled from
 * the lead before they are shown: {navn} the customer's first name, {reference} the case's
 * reference, {besigtigelse} the agreed visit ("torsdag 3. dec. kl. 10"). {tid} is never filled:
 * staff write the time themselves, and the page will not send while a {…} is left in the text.
 * The e-mail adds the greeting, the signature and the link to the case page; the SMS the link.
 */
import { company } from '../../domain/company';

export const cannedReplies = [
  {
    id: 'modtaget',
    label: 'Vi har modtaget – vi ringer i dag',
    text: 'Tak for din henvendelse, {navn}. Vi har modtaget din sag {reference} og ringer til dig i løbet af i dag, så vi kan aftale det videre forløb.',
  },
  {
    id: 'besigtigelse',
    label: 'Besigtigelse aftalt (tid)',
    text: `Som aftalt kommer vi og ser på skaden {besigtigelse}. Passer tidspunktet alligevel ikke, så ring til os på ${company.phoneDisplay}, så finder vi et nyt.`,
  },
  {
    id: 'billeder',
    label: 'Vi mangler billeder',
    text: 'For at komme videre med din sag {reference} mangler vi billeder af skaden. Tag gerne et billede af hele rummet og et par stykker tæt på skaden, og send dem via linket til din sag. På forhånd tak.',
  },
  {
    id: 'paa-vej',
    label: 'Vi er på vej (ca. tid)',
    text: `Vi er på vej til dig og er der ca. kl. {tid}. Sker der noget i mellemtiden, så ring til os på ${company.phoneDisplay}.`,
  },
  {
    id: 'rapport',
    label: 'Rapport sendt til dit forsikringsselskab',
    text: 'Vi har nu sendt rapporten om skaden til dit forsikringsselskab. De kontakter dig om det videre forløb. Har du spørgsmål til rapporten, er du velkommen til at svare på denne besked.',
  },
  {
    id: 'afsluttet',
    label: 'Sagen er afsluttet',
    text: `Vi har nu afsluttet din sag {reference}. Tak, fordi du valgte os, {navn}. Har du spørgsmål senere, er du altid velkommen til at ringe til os på ${company.phoneDisplay}.`,
  },
] as const;
