import type { CheckListColumn } from '~/components/sections/check-list-columns';
import type { FeatureCardData } from '~/components/sections/feature-card';
import type { Step } from '~/components/sections/step-list';
import type { Action } from '~/components/sections/types';
import { figureText } from '~/content/figures';
import { images } from '~/content/images';
import { withCallAction } from './call-action';

export const valueRescuePlanPage = {
  metaTitle: 'Værdiredningsplan for virksomheder og institutioner',
  metaDescription: `En værdiredningsplan fortæller, hvad der skal reddes først, af hvem og hvordan, når brand, vand eller skybrud rammer. Mindsk skadens omfang med ${figureText.impactReduction}.`,
  hero: {
    badge: `Mindsk skadens omfang med ${figureText.impactReduction}`,
    title: 'Værdiredningsplan – vid, hvad der skal reddes først',
    intro:
      'Når vandet stiger eller røgen breder sig, er der ikke tid til at diskutere, hvad der er vigtigst. En værdiredningsplan giver svaret på forhånd: hvilke værdier der reddes først, hvem der gør det, hvordan, og hvor tingene skal hen.',
    actions: withCallAction({
      label: 'Få en værdiredningsplan',
      to: '/contact',
      variant: 'light',
      icon: 'arrow-right',
    }),
    image: images.heroValueRescue,
  },
  benefits: {
    eyebrow: 'Fordele',
    title: 'Derfor skal I have en værdiredningsplan',
    cards: [
      {
        icon: 'clock',
        title: 'Hurtigere indsats',
        description:
          'Redningsholdet ved fra første minut, hvor de vigtigste værdier står, og hvordan de skal håndteres.',
      },
      {
        icon: 'shield-check',
        title: 'Mindre skade',
        description: `Når de rigtige ting reddes først, bliver skaden mindre – erfaringen viser ${figureText.impactReduction} mindre skadesomfang.`,
      },
      {
        icon: 'piggy-bank',
        title: 'Kortere driftsstop',
        description:
          'Kritisk udstyr, data og lagre prioriteres, så virksomheden eller institutionen hurtigere kan fungere igen.',
      },
      {
        icon: 'users',
        title: 'Trygge medarbejdere',
        description:
          'Alle kender deres rolle, fordi planen er gennemgået og øvet – ikke gemt væk i en skuffe.',
      },
    ] satisfies FeatureCardData[],
  },
  process: {
    eyebrow: 'Sådan laver vi planen',
    title: 'Fem trin til en plan, der virker',
    steps: [
      {
        title: 'Gennemgang af bygning og værdier',
        text: 'Vi besøger jer og gennemgår bygninger, rum og opbevaring sammen med de mennesker, der kender stedet.',
      },
      {
        title: 'Prioritering',
        text: 'Sammen beslutter vi, hvilke værdier der er uerstattelige, kritiske for driften eller særligt sårbare.',
      },
      {
        title: 'Registrering og mærkning',
        text: 'Værdierne registreres, 3D-scannes og mærkes, så de kan findes og håndteres rigtigt – også af folk udefra.',
      },
      {
        title: 'Den skriftlige plan',
        text: 'I får en overskuelig plan med prioriteringer, roller, kontaktlister, adgangsveje og steder til midlertidig opbevaring.',
      },
      {
        title: 'Træning og årlig opdatering',
        text: 'Vi gennemgår planen med medarbejderne, øver den og opdaterer den hvert år, så den passer til virkeligheden.',
      },
    ] satisfies Step[],
  },
  scope: {
    eyebrow: 'Omfang',
    title: 'Hvad planen dækker – og hvem den er til',
    lists: [
      {
        icon: 'clipboard-list',
        title: 'Planen omfatter',
        items: [
          'Prioriteret liste over værdier med placering',
          'Roller og ansvar i organisationen',
          'Kontaktliste til beredskab, forsikring og leverandører',
          'Adgangsveje, nøgler og afbrydere til vand og el',
          'Materiel og emballage til redningen',
          'Steder til midlertidig opbevaring',
          '3D-scanning og fotodokumentation af værdierne',
        ],
      },
      {
        icon: 'building-complex',
        title: 'Planen er til',
        items: [
          'Virksomheder med lagre, produktion eller kritisk udstyr',
          'Kommuner, skoler, plejecentre og institutioner',
          'Museer, arkiver, biblioteker og samlinger',
          'Ejendomme i områder udsat for skybrud og stormflod',
          'Forsikringsselskaber, der vil hjælpe deres kunder med at forebygge',
        ],
      },
    ] satisfies CheckListColumn[],
  },
  resource: {
    icon: 'book-open',
    title: 'Gratis e-bog: 10 konkrete tips til en værdiredningsplan',
    text: 'Vil I i gang selv? Hent vores gratis e-bog med de vigtigste råd fra mange års arbejde med værdiredning.',
    action: {
      label: 'Hent e-bogen',
      to: '/resources',
      variant: 'outline',
      icon: 'arrow-right',
    } satisfies Action,
  },
  cta: {
    title: 'Skal vi lave jeres værdiredningsplan?',
    text: 'Fortæl os om jeres bygninger og værdier, så vender vi tilbage med et forslag til forløb og pris.',
    actions: withCallAction({ label: 'Kontakt os', to: '/contact', variant: 'light' }),
  },
} as const;
