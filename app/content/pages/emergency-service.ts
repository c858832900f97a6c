import type { FaqItem } from '~/components/sections/faq-accordion';
import type { FeatureCardData } from '~/components/sections/feature-card';
import type { Step } from '~/components/sections/step-list';
import type { Action } from '~/components/sections/types';
import { company, telHref } from '../../../domain/company';
import { figureText, termsText } from '~/content/figures';
import { images } from '~/content/images';

const callAction = {
  label: `Ring ${company.phoneDisplay}`,
  href: telHref,
  variant: 'light',
  icon: 'phone',
} satisfies Action;

export const emergencyServicePage = {
  metaTitle: `Akut skadeservice ${figureText.readiness} i hele Danmark`,
  metaDescription: `Døgnbemandet akut skadeservice ved brand, vand, storm og indbrud. Vi ringer tilbage ${figureText.callbackWithin} og er typisk fremme inden for ${figureText.arrival}.`,
  hero: {
    badge: `${figureText.readiness} døgnvagt – også weekend og helligdage`,
    title: 'Akut skadeservice, når det brænder på',
    intro: `Brand, vandskade, storm eller indbrud venter ikke til mandag morgen – og det gør vi heller ikke. Ring til vores døgnvagt, så ringer vi tilbage ${figureText.callbackWithin} og sender et hold, der stopper skaden og redder værdierne.`,
    actions: [
      callAction,
      { label: 'Send akut henvendelse', to: '/akut-skade', variant: 'ghostLight', icon: 'siren' },
    ] satisfies Action[],
    image: images.heroEmergency,
  },
  lifeSafety: {
    icon: 'triangle-exclamation-point',
    title: 'Er liv eller helbred i fare? Ring 112 først',
    text: 'Ved brand, røgudvikling, gaslugt, strømførende vand eller risiko for sammenstyrtning skal du altid ringe 112 og bringe dig selv og andre i sikkerhed. Ring først til os, når brandvæsen og redningsmandskab har gjort stedet sikkert.',
    action: { label: 'Ring 112', href: 'tel:112', variant: 'emergency', icon: 'phone' } satisfies Action,
  },
  features: {
    eyebrow: 'Vores beredskab',
    title: 'Klar til at rykke ud – hele døgnet, hele året',
    cards: [
      {
        icon: 'clock',
        title: `Bemandet ${figureText.readiness}`,
        description: `Du taler med en erfaren skadekoordinator – ikke en telefonsvarer. Vi ringer tilbage ${figureText.callbackWithin}.`,
      },
      {
        icon: 'siren',
        title: 'Hurtigt fremme',
        description: `Vores udrykningshold er typisk fremme inden for ${figureText.arrival} med pumper, affugtere og materiel til nødsikring.`,
      },
      {
        icon: 'map-pinned',
        title: 'Landsdækkende',
        description:
          'Vi dækker hele Danmark med egne hold og faste samarbejdspartnere – fra storbyer til landejendomme.',
      },
      {
        icon: 'handshake',
        title: 'Direkte dialog med forsikringen',
        description:
          'Vi dokumenterer skaden og tager kontakten til dit forsikringsselskab, så du ikke skal forklare det hele flere gange.',
      },
    ] satisfies FeatureCardData[],
  },
  situations: {
    eyebrow: 'Hvornår kan vi hjælpe',
    title: 'Typiske akutte situationer',
    cards: [
      {
        icon: 'flame',
        title: 'Brand og røg',
        description:
          'Efter slukningen fjerner vi slukningsvand, sikrer bygningen og redder indbo og udstyr, før soden sætter sig fast.',
        tone: 'emergency',
      },
      {
        icon: 'cloud-lightning',
        title: 'Storm og skybrud',
        description:
          'Oversvømmede kældre, nedfaldne træer og blæste tage: vi pumper, afdækker og flytter værdierne i sikkerhed.',
        tone: 'emergency',
      },
      {
        icon: 'droplets',
        title: 'Vandskade',
        description:
          'Sprængte rør, utætte tage og oversvømmede lokaler: vi stopper vandet, suger op og starter affugtningen med det samme.',
        tone: 'emergency',
      },
      {
        icon: 'lock-keyhole',
        title: 'Nødsikring',
        description:
          'Efter indbrud, hærværk eller stormskade lukker vi knuste vinduer, døre og tage midlertidigt, så bygningen er sikret.',
        tone: 'emergency',
      },
    ] satisfies FeatureCardData[],
  },
  process: {
    eyebrow: 'Sådan foregår det',
    title: 'Fra opkald til sikret skadested',
    steps: [
      {
        title: 'Du kontakter os',
        text: `Ring på ${company.phoneDisplay}, eller send en akut henvendelse. Vi ringer tilbage og aftaler det videre forløb.`,
        time: `Opkald ${figureText.callbackWithin}`,
      },
      {
        title: 'Vi rykker ud',
        text: 'Et udrykningshold med det rigtige materiel kører mod adressen, og du får besked om, hvornår vi er der.',
        time: `Typisk fremme inden for ${figureText.arrival}`,
      },
      {
        title: 'Skaden begrænses',
        text: 'Vi stopper skaden, nødsikrer bygningen, redder værdierne og dokumenterer skadestedet med foto.',
        time: `Typisk ${figureText.onSite} på stedet`,
      },
      {
        title: 'Forsikring og plan',
        text: 'Vi kontakter dit forsikringsselskab og lægger en plan for udtørring, rengøring og istandsættelse.',
      },
    ] satisfies Step[],
  },
  faq: {
    eyebrow: 'Spørgsmål og svar',
    title: 'Ofte stillede spørgsmål om akut skadeservice',
    items: [
      {
        question: 'Hvor hurtigt kan I være fremme?',
        answer: `Vi er typisk fremme inden for ${figureText.arrival}, afhængigt af hvor i landet skaden er, og hvor mange skader der er på samme tid – for eksempel under et skybrud. Vi ringer tilbage ${figureText.callbackWithin} og giver dig et realistisk tidspunkt.`,
      },
      {
        question: 'Dækker I hele Danmark?',
        answer:
          'Ja. Vi har beredskab i hele landet med egne udrykningshold og faste samarbejdspartnere, så vi kan hjælpe både i byerne og på landet.',
      },
      {
        question: 'Betaler mit forsikringsselskab for den akutte indsats?',
        answer:
          'Ofte, ja. Som forsikringstager har du pligt til at begrænse skaden, og udgifterne til nødvendig skadebegrænsning er derfor i mange tilfælde dækket af forsikringen. Vi kontakter selv dit forsikringsselskab og dokumenterer indsatsen, så det er let for dem at tage stilling.',
      },
      {
        question: 'Hvor længe er I på stedet?',
        answer: `En typisk akut indsats tager ${figureText.onSite} på stedet. Ved store skader bliver vi, til skaden er under kontrol, og aftaler derefter det videre forløb med dig og forsikringsselskabet.`,
      },
      {
        question: 'Hvad koster det uden for almindelig arbejdstid?',
        answer: `Vi arbejder efter vores handelsbetingelser. Uden for almindelig arbejdstid lægges et akuttillæg på timeprisen: aften og nat (${termsText.eveningNightHours}) ${termsText.surchargeEveningNight}, weekend ${termsText.surchargeWeekend} og helligdage ${termsText.surchargeHoliday}. Alle priser er ekskl. moms.`,
      },
      {
        question: 'Hvad skal jeg gøre, mens jeg venter?',
        answer:
          'Sørg først for, at alle er i sikkerhed. Luk derefter for vandet og slå strømmen fra i de berørte rum, hvis det kan gøres sikkert. Tag billeder af skaden, og smid ikke noget ud, før det er registreret – det kan have betydning for erstatningen.',
      },
    ] satisfies FaqItem[],
  },
  notUrgent: {
    icon: 'file-text',
    title: 'Er skaden ikke akut?',
    text: `Kan skaden vente til næste hverdag, så anmeld den online. Vi vender tilbage inden for ${figureText.reply} på hverdage.`,
    action: {
      label: 'Anmeld en skade',
      to: '/anmeldelse',
      variant: 'outline',
      icon: 'file-text',
    } satisfies Action,
  },
  cta: {
    title: 'Står du med en akut skade lige nu?',
    text: `Ring til vores døgnvagt på ${company.phoneDisplay}, eller send en akut henvendelse med billeder af skaden. Vi ringer tilbage ${figureText.callbackWithin}.`,
    actions: [
      callAction,
      { label: 'Send akut henvendelse', to: '/akut-skade', variant: 'ghostLight', icon: 'siren' },
      { label: 'Anmeld skade', to: '/anmeldelse', variant: 'ghostLight', icon: 'file-text' },
    ] satisfies Action[],
  },
} as const;
