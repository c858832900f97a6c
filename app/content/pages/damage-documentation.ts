import type { FaqItem } from '~/components/sections/faq-accordion';
import type { FeatureCardData } from '~/components/sections/feature-card';
import type { Step } from '~/components/sections/step-list';
import { figureText } from '~/content/figures';
import { images } from '~/content/images';
import { withCallAction } from './call-action';

export const damageDocumentationPage = {
  metaTitle: 'Skadedokumentation til forsikringen',
  metaDescription: `Foto, beskrivelse og 3D-scanning af skaden samlet i én rapport til forsikringsselskabet – komplet dokumentation på ${figureText.documentation}.`,
  hero: {
    badge: `Komplet dokumentation på ${figureText.documentation}`,
    title: 'Skadedokumentation, der gør erstatningen lettere',
    intro:
      'Jo bedre skaden er dokumenteret, jo hurtigere og mere retfærdigt kan den gøres op. Vi dokumenterer skaden grundigt og ensartet, så forsikringsselskab, taksator og skadelidte har det samme billede af, hvad der er sket.',
    actions: withCallAction({
      label: 'Anmeld en skade',
      to: '/anmeldelse',
      variant: 'light',
      icon: 'file-text',
    }),
    image: images.sectionDuring,
  },
  info: {
    eyebrow: 'Det dokumenterer vi',
    title: 'Fire lag af dokumentation',
    intro:
      'Hver skade er forskellig, men dokumentationen følger altid samme struktur. Det gør den let at læse for alle, der skal tage stilling til sagen.',
    cards: [
      {
        icon: 'camera',
        title: 'Fotodokumentation',
        description:
          'Oversigtsbilleder af hvert rum og detaljebilleder af skadede genstande, mærker, serienumre og fugt- eller sodskader.',
      },
      {
        icon: 'notebook-pen',
        title: 'Skriftlig beskrivelse',
        description:
          'Hvad er sket, hvornår og hvorfor? Vi beskriver årsag, omfang og tilstand genstand for genstand – i et sprog, alle forstår.',
      },
      {
        icon: 'scan-line',
        title: '3D-scanning',
        description:
          'En målfast digital kopi af skadestedet, som taksator og forsikringsselskab kan gå rundt i, også efter oprydningen.',
        href: '/3d-scanning',
        linkLabel: 'Læs om 3D-scanning',
      },
      {
        icon: 'file-check-corner',
        title: 'Dokumentation til forsikringsselskabet',
        description:
          'En samlet rapport med genstandsliste, billeder og anbefalinger i et format, som forsikringsselskaberne kender og kan bruge direkte.',
      },
    ] satisfies FeatureCardData[],
  },
  process: {
    eyebrow: 'Sådan foregår det',
    title: 'Fra skadested til færdig rapport',
    steps: [
      {
        title: 'Registrering på stedet',
        text: 'Vi gennemgår skadestedet sammen med dig og registrerer, hvad der er ramt, før noget flyttes eller smides ud.',
      },
      {
        title: 'Foto og 3D-scanning',
        text: 'Skadestedet fotograferes systematisk og 3D-scannes, så omfanget er bevaret digitalt.',
      },
      {
        title: 'Beskrivelse og vurdering',
        text: 'Hver genstand beskrives med tilstand og alder, og vi vurderer, hvad der kan reddes, og hvad der må erstattes.',
      },
      {
        title: 'Rapport til forsikringsselskabet',
        text: 'Du og forsikringsselskabet modtager den samlede dokumentation, klar til at gøre erstatningen op.',
        time: `Komplet på ${figureText.documentation}`,
      },
    ] satisfies Step[],
  },
  selfHelp: {
    eyebrow: 'Mens du venter',
    title: 'Sådan dokumenterer du selv de første spor',
    intro: 'Du behøver ikke vente på os for at komme i gang. Det her kan du gøre med din telefon:',
    items: [
      'Fotografér hvert rum fra døren, før du flytter noget',
      'Tag nærbilleder af skader, vandstand, sod og mærker på møbler og apparater',
      'Fotografér typeskilte, serienumre og kvitteringer på dyre genstande',
      'Skriv ned, hvornår skaden opstod, og hvad du gjorde for at begrænse den',
      'Gem beskadigede ting, til de er registreret – også dem, der virker ødelagte',
      'Vedhæft billederne, når du anmelder skaden hos os',
    ],
  },
  faq: {
    eyebrow: 'Spørgsmål og svar',
    title: 'Ofte stillede spørgsmål om skadedokumentation',
    items: [
      {
        question: 'Hvorfor er dokumentationen så vigtig?',
        answer:
          'Forsikringsselskabet kan kun erstatte det, der kan dokumenteres. God dokumentation fra starten betyder færre spørgsmål, færre ekstra besigtigelser og en hurtigere afgørelse.',
      },
      {
        question: 'Hvor lang tid tager det?',
        answer: `For en typisk skade leverer vi komplet dokumentation på ${figureText.documentation}. Store erhvervsskader med mange genstande tager længere tid, og her aftaler vi en tidsplan med dig og forsikringsselskabet.`,
      },
      {
        question: 'Må jeg rydde op, før I kommer?',
        answer:
          'Du må gerne begrænse skaden – fx tørre vand op og flytte ting i sikkerhed – men fotografér først, og smid ikke noget ud, før det er registreret.',
      },
      {
        question: 'Hvem får dokumentationen?',
        answer:
          'Du og dit forsikringsselskab. Med dit samtykke deler vi den også med taksator, skadebehandler eller din forsikringsmægler. Dokumentationen opbevares sikkert efter vores privatlivspolitik.',
      },
      {
        question: 'Kan I også dokumentere mine værdier før en skade?',
        answer:
          'Ja. En 3D-scanning og registrering af indbo og inventar, før uheldet er ude, gør en senere erstatningssag langt enklere. Det er en fast del af vores værdiredningsplaner.',
      },
    ] satisfies FaqItem[],
  },
  cta: {
    title: 'Skal din skade dokumenteres?',
    text: 'Anmeld skaden og vedhæft gerne dine egne billeder. Så kontakter vi dig og aftaler, hvornår vi kommer.',
    actions: withCallAction({
      label: 'Anmeld skade',
      to: '/anmeldelse',
      variant: 'light',
      icon: 'file-text',
    }),
  },
} as const;
