import { company } from '../../../domain/company';
import { figureText } from '../figures';
import type { ArticleBlock } from './article';

/** The text of /blog/vandskade-den-foerste-time; only the article page loads it (the lists need the metadata alone). */
export const waterDamageFirstHourContent: readonly ArticleBlock[] = [
  {
    kind: 'paragraph',
    text: 'Vand er en af de mest almindelige skader i danske hjem og virksomheder – og en af de mest lumske. Vandet breder sig hurtigt under gulve og ind i vægge, og det, der ligner en lille pyt, kan blive til en stor skade med skimmelsvamp, hvis der ikke bliver handlet. Den gode nyhed er, at du selv kan gøre meget for at begrænse skaden i den første time.',
  },
  { kind: 'heading', text: '1. Stop vandet' },
  {
    kind: 'paragraph',
    text: 'Luk for hovedhanen med det samme. Den sidder typisk i kælderen, i bryggerset, under køkkenvasken eller ved vandmåleren. Ved en utæt maskine kan det være nok at lukke for den lille hane ved maskinen. Kommer vandet udefra eller fra kloakken, kan du ikke stoppe det selv – så gå videre til næste skridt og ring efter hjælp.',
  },
  { kind: 'heading', text: '2. Tænk på sikkerheden' },
  {
    kind: 'list',
    items: [
      'Slå strømmen fra i de berørte rum, hvis det kan gøres sikkert fra el-tavlen – rør aldrig stik eller apparater, mens du står i vand.',
      'Gå ikke ned i en kælder, hvor vandet står højt, eller hvor der kan være kloakvand.',
      'Brug handsker og gummistøvler, hvis vandet kan være forurenet.',
      'Er der fare for liv eller helbred, så ring 112.',
    ],
  },
  { kind: 'heading', text: '3. Dokumentér, før du rydder op' },
  {
    kind: 'paragraph',
    text: 'Tag billeder og gerne en kort video af skaden, før du flytter noget: oversigtsbilleder af rummet, vandstanden på vægge og møbler og nærbilleder af det, der er blevet vådt. Fotografér også årsagen, hvis du kan se den, fx det utætte rør eller slangen. Dokumentationen gør det meget lettere for forsikringsselskabet at behandle sagen.',
  },
  { kind: 'heading', text: '4. Begræns skaden' },
  {
    kind: 'list',
    items: [
      'Tør så meget vand op som muligt med gulvskraber, klude og håndklæder.',
      'Løft møbler, kasser og elektronik væk fra det våde gulv, og sæt klodser eller alufolie under møbelben.',
      'Flyt papirer, fotos, bøger og tekstiler til et tørt rum, og læg dem ud, så de kan tørre.',
      'Åbn vinduer og døre, hvis det er tørt vejr udenfor, så fugten kan komme ud.',
      'Skru ikke op for varmen i et lukket, vådt rum – det kan fremme skimmelsvamp.',
    ],
  },
  { kind: 'heading', text: '5. Smid ikke noget ud' },
  {
    kind: 'paragraph',
    text: 'Det kan være fristende at køre det ødelagte på genbrugspladsen med det samme, men vent. Forsikringsselskabet kan have brug for at se genstandene, og meget kan faktisk reddes med den rigtige rengøring og tørring. Lad os eller taksatoren vurdere det først.',
  },
  { kind: 'heading', text: '6. Kontakt forsikring og skadeservice' },
  {
    kind: 'paragraph',
    text: `Anmeld skaden til dit forsikringsselskab så hurtigt som muligt, og skriv skadenummeret ned. Ved større skader kan du ringe direkte til os på ${company.phoneDisplay} – vi har ${figureText.readiness} beredskab, ringer tilbage ${figureText.callbackWithin} på akutte henvendelser og tager kontakten til forsikringen for dig.`,
  },
  { kind: 'heading', text: 'Hvad sker der bagefter?' },
  {
    kind: 'paragraph',
    text: 'Når den akutte fase er overstået, måler vi fugten i gulve og vægge og sætter affugtere op, hvor der er brug for det. Indbo, der skal reddes, pakkes ned, registreres og rengøres, mens bygningen tørres og istandsættes. En professionel udtørring tager typisk fra et par uger og op efter, afhængigt af materialer og omfang – og den forhindrer, at skaden vokser sig større med skimmelsvamp og lugtgener.',
  },
  { kind: 'heading', text: 'Husk kvitteringerne' },
  {
    kind: 'paragraph',
    text: 'Gem kvitteringer for alt, hvad du køber eller betaler for i forbindelse med skaden: affugter, rengøringsmidler, overnatning, transport og lignende. Mange af udgifterne kan dækkes af forsikringen, men kun hvis du kan dokumentere dem.',
  },
];
