import { company } from '../../../domain/company';
import { figureText } from '../figures';
import type { ArticleBlock } from './article';

/** The text of /blog/3d-scanning-af-skader; only the article page loads it (the lists need the metadata alone). */
export const scanning3dContent: readonly ArticleBlock[] = [
  {
    kind: 'paragraph',
    text: 'Når en skade er sket, går det stærkt. Vand skal suges op, sodede møbler skal bæres ud, og våde papkasser skal tømmes, før indholdet bliver ødelagt. Det er helt rigtigt at handle hurtigt – men i det øjeblik, tingene flyttes, forsvinder også en del af beviset for, hvordan skaden så ud. Derfor starter vi stort set alle større skader med en 3D-scanning.',
  },
  { kind: 'heading', text: 'Hvad er en 3D-scanning?' },
  {
    kind: 'paragraph',
    text: 'En 3D-scanner står på et stativ og måler rummet med laser, mens et indbygget kamera tager billeder hele vejen rundt. Vi flytter scanneren fra rum til rum, og bagefter sættes målingerne sammen til én digital model af hele skadestedet. Modellen kan åbnes i en almindelig browser, hvor man kan gå rundt, zoome ind på detaljer og måle afstande og flader direkte på skærmen.',
  },
  {
    kind: 'paragraph',
    text: 'Forskellen fra almindelige fotos er, at intet bliver valgt fra. Et foto viser det, fotografen fandt vigtigt i øjeblikket. En scanning viser hele rummet – også hjørnet bag døren, reolen i baggrunden og vandstanden på væggen, som ingen tænkte på at fotografere.',
  },
  { kind: 'heading', text: 'Sådan foregår det på skadestedet' },
  {
    kind: 'list',
    items: [
      'Vi sikrer først, at det er forsvarligt at gå ind, og at skaden er stoppet.',
      'Vi scanner alle berørte rum, før noget flyttes – fra kælder til loft, hvis skaden har bredt sig.',
      'Særlige genstande som kunst, maskiner eller elektronik fotograferes desuden i nærbillede med mærkning.',
      'Modellen behandles samme dag, og vi deler et link med forsikringsselskab, taksator og kunde.',
      'Først derefter går vi i gang med nedpakning, udtørring og rengøring.',
    ],
  },
  {
    kind: 'paragraph',
    text: `Hele dokumentationen – scanning, fotos og en kort skriftlig beskrivelse – er typisk klar på ${figureText.documentation}. Det betyder, at den akutte indsats kun bliver forsinket ganske lidt, mens gevinsten i resten af sagen er stor.`,
  },
  { kind: 'heading', text: 'Hvorfor det betaler sig' },
  {
    kind: 'paragraph',
    text: 'Erstatningsopgørelsen er ofte den del af en skade, der tager længst tid og skaber flest diskussioner. Hvad stod der egentlig på lageret? Hvor højt stod vandet? Var skaden på gulvet der allerede før? Med en 3D-model kan alle parter se det samme billede og finde svaret sammen.',
  },
  {
    kind: 'list',
    items: [
      'Taksatoren kan besigtige skaden digitalt og behøver ikke altid at køre ud.',
      'Mængder og arealer kan måles direkte i modellen, fx kvadratmeter gulv eller hyldemeter arkiv.',
      'Indbo og varelager kan registreres ud fra modellen i stedet for fra hukommelsen.',
      'Uenigheder om omfang kan afklares med fakta i stedet for skøn.',
      'Dokumentationen kan bruges igen, når genstande leveres tilbage efter rengøring eller reparation.',
    ],
  },
  { kind: 'heading', text: 'Også før skaden' },
  {
    kind: 'paragraph',
    text: 'Flere af vores erhvervskunder og kommuner får i dag scannet lokaler, arkiver og lagre, før noget er sket. Scanningen bliver en del af værdiredningsplanen: Redningsfolk kan se på forhånd, hvor de vigtigste værdier står, og hvis uheldet er ude, findes der en præcis dokumentation af, hvordan alt så ud i uskadt stand. Det gør erstatningen hurtigere og mere retfærdig for alle parter.',
  },
  { kind: 'heading', text: 'Hvad sker der med data?' },
  {
    kind: 'paragraph',
    text: 'En scanning kan vise personlige ting, og vi behandler den derefter. Modellen deles kun med de parter, der er involveret i sagen, via et personligt link, og den opbevares efter reglerne i vores privatlivspolitik. Ønsker du, at bestemte rum ikke scannes, tager vi naturligvis hensyn til det.',
  },
  { kind: 'heading', text: 'Kort sagt' },
  {
    kind: 'paragraph',
    text: `En 3D-scanning tager kort tid, men sparer ofte uger i sagsbehandlingen. Har du en skade, eller vil du høre, hvordan scanning kan indgå i jeres forebyggelse, så kontakt os hos ${company.name} – vi fortæller gerne mere.`,
  },
];
