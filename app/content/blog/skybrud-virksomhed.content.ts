import { company } from '../../../domain/company';
import { figures } from '../../../domain/constants';
import { figureText } from '../figures';
import type { ArticleBlock } from './article';

/** The text of /blog/skybrud-virksomhed; only the article page loads it (the lists need the metadata alone). */
export const cloudburstBusinessContent: readonly ArticleBlock[] = [
  {
    kind: 'paragraph',
    text: 'Skybrud er blevet en fast del af den danske sommer. På en time kan der falde mere regn, end kloakken kan lede væk, og vandet løber mod det laveste sted: kældre, lagre, varegårde og parkeringskældre. For en virksomhed er den største udgift sjældent selve vandet – det er driftsstoppet, de tabte ordrer og de data og varer, der ikke kan erstattes.',
  },
  {
    kind: 'paragraph',
    text: `Vores erfaring fra mere end ${figures.yearsOfExperience} års skadehåndtering er, at god forberedelse kan mindske skadens omfang med ${figureText.impactReduction}. Her er, hvor du skal starte.`,
  },
  { kind: 'heading', text: 'Kend din risiko' },
  {
    kind: 'list',
    items: [
      'Se kommunens klimatilpasningsplan og oversvømmelseskort for jeres adresse.',
      'Gå en runde og find de laveste punkter: kælderskakte, ramper, gårdbrønde og lyskasser.',
      'Tjek, om der er højvandslukker eller kontraventil på kloakken, og hvornår den sidst blev efterset.',
      'Spørg medarbejderne, hvor der plejer at stå vand, når det regner kraftigt.',
    ],
  },
  { kind: 'heading', text: 'Flyt værdierne op' },
  {
    kind: 'paragraph',
    text: 'Det simpleste og mest effektive råd: Opbevar intet værdifuldt direkte på gulvet i kælder og stueetage. Brug paller eller reoler med mindst en håndsbred frihøjde, og flyt servere, arkiver, prototyper og følsomt varelager til højere etager, hvis det er muligt. Det koster næsten ingenting og redder ofte det meste.',
  },
  { kind: 'heading', text: 'Lav en værdiredningsplan' },
  {
    kind: 'paragraph',
    text: 'En værdiredningsplan beskriver, hvad der skal reddes først, hvem der gør det, og hvor tingene skal hen. Den behøver ikke at være lang. En god plan for en mellemstor virksomhed fylder et par sider og indeholder:',
  },
  {
    kind: 'list',
    items: [
      'En prioriteret liste over det, der er uerstatteligt eller afgørende for driften',
      'En plantegning med værdierne, hovedhaner og el-tavler markeret',
      'Navne og private telefonnumre på dem, der har ansvaret – og deres stedfortrædere',
      'Kontaktoplysninger på forsikringsselskab, policenummer og døgnåben skadeservice',
      'En beskrivelse af, hvor reddede genstande kan stilles midlertidigt',
    ],
  },
  { kind: 'heading', text: 'Hav udstyret klar' },
  {
    kind: 'paragraph',
    text: 'Når DMI varsler skybrud, er der sjældent tid til at tage i byggemarkedet. Hav sandsække eller vandfyldte barrierer til døre og ramper, en dykpumpe med slange, kraftig plastfolie, gaffatape, pandelamper og arbejdshandsker liggende et sted, hvor alle ved, hvor de er.',
  },
  { kind: 'heading', text: 'Når varslet kommer' },
  {
    kind: 'list',
    items: [
      'Luk højvandslukkeren, hvis den skal betjenes manuelt.',
      'Sæt barrierer op ved døre, ramper og kældernedgange.',
      'Løft det, der står på gulvet i de udsatte rum, og sluk for udstyr, der kan tage skade.',
      'Flyt biler ud af parkeringskælderen.',
      'Sørg for, at alle kender planen, og at ingen opholder sig i kælderen under skybruddet.',
    ],
  },
  { kind: 'heading', text: 'Når skaden er sket' },
  {
    kind: 'paragraph',
    text: `Handl hurtigt, men sikkert: slå strømmen fra i de oversvømmede rum, dokumentér skaden med billeder, og anmeld den til forsikringsselskabet. Ring til en skadeservice med ${figureText.readiness} beredskab – hos ${company.name} ringer vi tilbage ${figureText.callbackWithin} på akutte henvendelser, pumper vandet væk, redder værdierne og sørger for, at driften kan komme i gang igen hurtigst muligt.`,
  },
  { kind: 'heading', text: 'Vil du have hjælp?' },
  {
    kind: 'paragraph',
    text: 'Vi hjælper virksomheder, kommuner og institutioner med risikovurdering, værdiredningsplaner, 3D-scanning af lokaler og øvelser for personalet. Hent også vores gratis tjekliste "Er du klar til skybrud?" under ressourcer.',
  },
];
