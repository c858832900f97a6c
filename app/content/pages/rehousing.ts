import type { FaqItem } from '~/components/sections/faq-accordion';
import type { FeatureCardData } from '~/components/sections/feature-card';
import type { ImageTextData } from '~/components/sections/image-text-section';
import type { Step } from '~/components/sections/step-list';
import type { Action } from '~/components/sections/types';
import { figureText } from '~/content/figures';
import { images } from '~/content/images';
import { withCallAction } from './call-action';

export const rehousingPage = {
  metaTitle: 'Genhusning efter brand- og vandskade',
  metaDescription: `Midlertidig bolig eller erhvervslokaler, når skaden gør stedet ubrugeligt. Vi finder typisk en løsning inden for ${figureText.housing} og taler med forsikringen.`,
  hero: {
    badge: `Bolig fundet typisk inden for ${figureText.housing}`,
    title: 'Genhusning, når du ikke kan blive, hvor du bor',
    intro:
      'Efter en brand, en stor vandskade eller et skybrud kan boligen eller virksomheden være ubrugelig i uger eller måneder. Vi finder et midlertidigt sted at bo eller arbejde, aftaler det med forsikringsselskabet og hjælper med det praktiske.',
    actions: withCallAction({
      label: 'Anmeld en skade',
      to: '/anmeldelse',
      variant: 'light',
      icon: 'file-text',
    }),
    image: images.heroRehousing,
  },
  info: {
    eyebrow: 'Hvem vi genhuser',
    title: 'Et midlertidigt hjem – eller en midlertidig arbejdsplads',
    intro:
      'Vi tager udgangspunkt i jeres hverdag: skole, arbejde, kæledyr, særlige behov og – for virksomheder – hvad der skal til for at holde driften i gang.',
    cards: [
      {
        icon: 'house',
        title: 'Private og familier',
        description:
          'Møblerede lejligheder, huse eller hotel i den første tid – så tæt på hjemmet, skolen og arbejdet som muligt.',
      },
      {
        icon: 'building-complex',
        title: 'Virksomheder og institutioner',
        description:
          'Midlertidige kontorer, lager- eller produktionslokaler, så medarbejdere og kunder mærker skaden så lidt som muligt.',
      },
      {
        icon: 'key-round',
        title: 'Det praktiske',
        description:
          'Vi aftaler lejekontrakt, nøgler, flytning af det nødvendige indbo og adgang til el, internet og parkering.',
      },
      {
        icon: 'heart-handshake',
        title: 'Dialog med forsikringen',
        description:
          'Vi afklarer dækningen med forsikringsselskabet, før I flytter ind, så der ikke kommer ubehagelige overraskelser.',
      },
    ] satisfies FeatureCardData[],
  },
  included: {
    eyebrow: 'Det sørger vi for',
    icon: 'users',
    title: 'Tryghed i en svær tid',
    paragraphs: [
      'At skulle forlade sit hjem er hårdt. Derfor får I én fast kontaktperson, som kender jeres sag og følger jer, til I kan flytte hjem igen.',
    ],
    bullets: [
      'Boligsøgning ud fra jeres behov og forsikringens dækning',
      'Flytning af tøj, møbler og det, I har brug for i hverdagen',
      'Opmagasinering af resten af indboet, mens der renoveres',
      'Løbende besked om, hvornår I kan flytte hjem',
      'Hjælp til tilbageflytning, når boligen er klar',
    ],
    image: images.sectionDuring,
  } satisfies ImageTextData,
  process: {
    eyebrow: 'Sådan foregår det',
    title: 'Fire trin til et midlertidigt hjem',
    steps: [
      {
        title: 'Vurdering',
        text: 'Vi vurderer skaden og jeres behov: hvor mange skal bo, hvor længe, og hvad der er vigtigt i hverdagen.',
      },
      {
        title: 'Kontakt til forsikringsselskabet',
        text: 'Vi afklarer dækning, budget og varighed med forsikringsselskabet, så alt er på plads fra start.',
      },
      {
        title: 'Boligsøgning',
        text: 'Vi finder passende boliger eller lokaler og præsenterer jer for mulighederne.',
        time: `Typisk inden for ${figureText.housing}`,
      },
      {
        title: 'Indflytning',
        text: 'Vi klarer nøgler, kontrakt og flytning af det nødvendige, så I kan komme i ro hurtigst muligt.',
      },
    ] satisfies Step[],
  },
  faq: {
    eyebrow: 'Spørgsmål og svar',
    title: 'Ofte stillede spørgsmål om genhusning',
    items: [
      {
        question: 'Betaler forsikringen for genhusning?',
        answer:
          'De fleste husforsikringer og mange indbo- og erhvervsforsikringer dækker midlertidig bolig eller lokaler, når skaden gør stedet ubrugeligt. Dækningen og beløbsgrænsen afhænger af policen, og vi afklarer den med forsikringsselskabet, før I flytter ind.',
      },
      {
        question: 'Hvor hurtigt kan I finde en bolig?',
        answer: `Vi finder typisk en løsning inden for ${figureText.housing}. Er der brug for tag over hovedet samme nat, sørger vi for hotel eller en anden akut løsning, indtil den midlertidige bolig er klar.`,
      },
      {
        question: 'Hvor længe kan vi blive boende?',
        answer:
          'Så længe boligen er ubeboelig, og forsikringen dækker. Vi følger renoveringen og giver jer løbende besked om, hvornår I forventer at kunne flytte hjem.',
      },
      {
        question: 'Kan vi tage vores kæledyr med?',
        answer:
          'Ja, det tager vi højde for fra starten. Fortæl os om kæledyr, handicap eller andre særlige behov, så leder vi efter en bolig, der passer.',
      },
      {
        question: 'Genhuser I også virksomheder?',
        answer:
          'Ja. Vi finder midlertidige kontorer, butikker, lagre og produktionslokaler og koordinerer flytningen af udstyr, så driften kan fortsætte.',
      },
    ] satisfies FaqItem[],
  },
  cta: {
    title: 'Har du brug for et midlertidigt sted at bo?',
    text: `Anmeld skaden, så kontakter vi dig. Er det akut, så send en akut henvendelse eller ring – vi ringer tilbage ${figureText.callbackWithin}.`,
    actions: [
      { label: 'Anmeld skade', to: '/anmeldelse', variant: 'light', icon: 'file-text' },
      { label: 'Akut skade', to: '/akut-skade', variant: 'ghostLight', icon: 'siren' },
      { label: 'Kontakt os', to: '/contact', variant: 'ghostLight' },
    ] satisfies Action[],
  },
} as const;
