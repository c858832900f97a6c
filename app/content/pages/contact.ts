import { officeHours } from '../../../domain/constants';
import type { ContactMethod } from '~/components/sections/contact-method-card';
import type { FaqItem } from '~/components/sections/faq-accordion';
import type { Step } from '~/components/sections/step-list';
import type { Action } from '~/components/sections/types';
import { company, mailtoHref, telHref } from '../../../domain/company';
import { figureText } from '~/content/figures';

const weekdayHours = `Mandag–fredag kl. ${officeHours.openHour}–${officeHours.closeHour}`;

export const contactPage = {
  metaTitle: 'Kontakt os – telefon, e-mail og akut hjælp',
  metaDescription: `Kontakt ${company.name} på ${company.phoneDisplay} eller ${company.email}. Vi svarer på e-mail inden for ${figureText.emailReply} i åbningstiden og har ${figureText.readiness} akut skadeservice.`,
  hero: {
    badge: `${figureText.readiness} akut skadeservice`,
    title: 'Kontakt os',
    intro:
      'Har du spørgsmål til vores ydelser, brug for et tilbud eller en skade, der skal håndteres? Skriv eller ring – vi er klar til at hjælpe, og er skaden akut, rykker vi med det samme.',
    actions: [
      { label: 'Akut skade', to: '/akut-skade', variant: 'emergency', icon: 'siren' },
      { label: 'Anmeld skade', to: '/anmeldelse', variant: 'light', icon: 'file-text' },
    ] satisfies Action[],
  },
  methods: {
    title: 'Sådan kontakter du os',
    items: [
      {
        icon: 'phone',
        title: 'Telefon',
        description: 'Ring, hvis du vil tale med en skadeekspert med det samme.',
        link: { label: company.phoneDisplay, href: telHref },
        details: [weekdayHours, 'Aften og weekend: akut skadeservice'],
      },
      {
        icon: 'mail',
        title: 'E-mail',
        description: 'Skriv til os med spørgsmål, billeder eller ønsker om et tilbud.',
        link: { label: company.email, href: mailtoHref },
        details: [`Svar inden for ${figureText.emailReply} i åbningstiden`, weekdayHours],
      },
      {
        icon: 'siren',
        title: `${figureText.readiness} akut skadeservice`,
        description: 'Brand, vand, storm eller indbrud lige nu? Ring, så sætter vi indsatsen i gang.',
        link: { label: company.phoneDisplay, href: telHref },
        details: [
          'Døgnet rundt – også weekender og helligdage',
          `Vi ringer tilbage ${figureText.callbackWithin} på akutte henvendelser`,
        ],
        tone: 'emergency',
      },
    ] satisfies ContactMethod[],
  },
  form: {
    eyebrow: 'Skriv til os',
    title: 'Send os en besked',
    intro:
      'Fortæl kort, hvad du har brug for, så sørger vi for, at den rette medarbejder vender tilbage. Jo mere du skriver, jo bedre kan vi forberede os.',
    stepsTitle: 'Det sker, når du har skrevet',
    steps: [
      {
        title: 'Vi læser din besked',
        text: 'Din henvendelse lander hos en skadeekspert, som vurderer, hvad du har brug for.',
      },
      {
        title: 'Vi kontakter dig',
        text: `Du hører fra os inden for ${figureText.reply} – hurtigere, hvis det haster. Vi afklarer detaljerne og svarer på dine spørgsmål.`,
      },
      {
        title: 'Vi lægger en plan',
        text: 'Du får et klart forslag til løsning, tidsplan og pris, så du ved præcis, hvad der skal ske.',
      },
    ] satisfies Step[],
    urgentNote: {
      title: 'Er skaden akut?',
      text: 'Så vent ikke på et svar på e-mail. Ring til os – vores akutberedskab er åbent døgnet rundt.',
      callLabel: `Ring ${company.phoneDisplay}`,
    },
  },
  faq: {
    eyebrow: 'Spørgsmål og svar',
    title: 'Ofte stillede spørgsmål',
    items: [
      {
        question: 'Hvor hurtigt kan I være på skadestedet?',
        answer: `Ved akutte skader ringer vi tilbage ${figureText.callbackWithin} og er typisk fremme inden for ${figureText.arrival}, afhængigt af hvor i landet skaden er sket. I de større byer kan vi mobilisere et helt hold inden for ${figureText.mobilisation}.`,
      },
      {
        question: 'Dækker min forsikring jeres arbejde?',
        answer:
          'I de fleste tilfælde, ja. Skadebegrænsning, rengøring, opmagasinering og genhusning er ofte dækket af indbo-, erhvervs- eller bygningsforsikringen. Vi tager kontakt til dit forsikringsselskab og afklarer dækningen, så du ikke skal lægge ud uden grund.',
      },
      {
        question: 'Arbejder I i hele Danmark?',
        answer:
          'Ja. Vi har beredskab i hele landet og samarbejder med lokale fagfolk, så vi kan rykke ud til både by og land – også på øerne.',
      },
      {
        question: 'Hvad koster det at få jer ud?',
        answer: `Er skaden dækket af forsikringen, afregner vi som regel direkte med forsikringsselskabet. Ellers aftaler vi prisen, før vi går i gang. Alle priser er ekskl. moms, og akutindsatser uden for almindelig arbejdstid har et tillæg efter vores handelsbetingelser.`,
      },
      {
        question: 'Hvad skal jeg gøre, mens jeg venter på jer?',
        answer:
          'Sørg først for, at alle er i sikkerhed, og ring 112, hvis der er fare for liv. Begræns derefter skaden, hvis det kan gøres sikkert – luk for vandet, slå strømmen fra i berørte rum, og flyt værdier væk. Tag billeder af det hele, og smid intet ud, før skaden er dokumenteret.',
      },
      {
        question: 'Kan jeg bruge jer, selvom jeg ikke har en skade lige nu?',
        answer:
          'Absolut. Vi hjælper virksomheder og kommuner med risikovurderinger, værdiredningsplaner, 3D-scanning og kurser, så skaden bliver mindre – eller slet ikke sker. Skriv til os, så finder vi den rigtige løsning.',
      },
    ] satisfies FaqItem[],
  },
  emergencyCta: {
    title: 'Har du brug for hjælp nu?',
    text: `Ring til vores akutberedskab – vi tager telefonen ${figureText.readiness}. Du kan også skrive til os, så vender vi hurtigt tilbage.`,
    actions: [
      { label: `Ring ${company.phoneDisplay}`, href: telHref, variant: 'light', icon: 'phone' },
      { label: 'Send en e-mail', href: mailtoHref, variant: 'ghostLight', icon: 'mail' },
    ] satisfies Action[],
  },
  urgentIcon: 'triangle-exclamation-point',
} as const;
