import type { IconListItem } from '~/components/sections/icon-list';
import type { Step } from '~/components/sections/step-list';
import type { Action } from '~/components/sections/types';
import { company, telHref } from '../../../domain/company';
import { figureText } from '~/content/figures';
import { images } from '~/content/images';

export const emergencyPage = {
  metaTitle: `Akut skade – ring ${company.phoneDisplay} døgnet rundt`,
  metaDescription: `Akut brand-, vand-, storm- eller indbrudsskade? Ring ${company.phoneDisplay} eller send en akut henvendelse med billeder. Vi kontakter dig ${figureText.callbackWithin} – ${figureText.readiness}.`,
  hero: {
    badge: `${figureText.readiness} akut skadeservice`,
    title: 'Akut skade? Vi rykker ud nu',
    intro: `Ring til vores akutberedskab, eller udfyld formularen herunder. Vi kontakter dig ${figureText.callbackWithin} og sætter indsatsen i gang med det samme – døgnet rundt, i hele Danmark.`,
    phoneLabel: 'Akut telefon – døgnåben',
    phoneDisplay: company.phoneDisplay,
    actions: [
      { label: `Ring ${company.phoneDisplay}`, href: telHref, variant: 'light', icon: 'phone' },
    ] satisfies Action[],
    image: images.heroEmergency,
  },
  lifeSafety: {
    title: 'Er der fare for liv eller helbred?',
    text: 'Ring 112 først, og kom i sikkerhed. Gå aldrig ind i en brændende, røgfyldt eller oversvømmet bygning for at redde ting. Når alle er i sikkerhed, tager vi os af resten.',
  },
  form: {
    eyebrow: 'Akut henvendelse',
    title: 'Fortæl os, hvad der er sket',
    intro: `Udfyld felterne, og vedhæft gerne billeder af skaden. Vi ringer til dig ${figureText.callbackWithin} på det nummer, du skriver.`,
  },
  nextSteps: {
    eyebrow: 'Sådan hjælper vi',
    title: 'Det sker, når du har kontaktet os',
    steps: [
      {
        title: 'Vi kontakter dig',
        text: 'En skadeekspert ringer dig op, får overblik over skaden og giver dig råd til, hvad du selv kan gøre lige nu.',
        time: `${figureText.callbackWithinAtStart}`,
      },
      {
        title: 'Vi rykker ud',
        text: 'Vores hold kører ud med udstyr til at stoppe skaden, sikre værdierne og dokumentere alt med foto og 3D-scanning.',
        time: `Typisk ${figureText.arrival}`,
      },
      {
        title: 'Vi kontakter forsikringen',
        text: 'Vi tager kontakten til dit forsikringsselskab og taksator, så dækning og næste skridt bliver afklaret hurtigt.',
      },
      {
        title: 'Vi følger op',
        text: 'Du får en plan for det videre forløb og én fast kontaktperson, der følger sagen, til den er afsluttet.',
      },
    ] satisfies Step[],
  },
  followUp: {
    eyebrow: 'Efter den akutte indsats',
    title: 'Vi hjælper dig hele vejen',
    intro:
      'Når skaden er stoppet, begynder arbejdet med at redde, istandsætte og komme tilbage til hverdagen. Vi klarer det hele – eller den del, du har brug for.',
    items: [
      {
        icon: 'droplets',
        title: 'Affugtning og tørring',
        text: 'Vi måler fugten, sætter affugtere op og forebygger skimmelsvamp og følgeskader.',
      },
      {
        icon: 'boxes',
        title: 'Nedpakning og opmagasinering',
        text: 'Indbo og varelager pakkes, registreres og opbevares sikkert, mens der renoveres.',
      },
      {
        icon: 'sparkles',
        title: 'Rengøring og sanering',
        text: 'Sod, røg og forurenet vand fjernes med de rette metoder, så mest muligt kan reddes.',
      },
      {
        icon: 'scan-line',
        title: 'Dokumentation til forsikringen',
        text: 'Foto, 3D-scanning og registrering giver et præcist grundlag for erstatningsopgørelsen.',
      },
      {
        icon: 'house',
        title: 'Genhusning',
        text: `Er boligen eller virksomheden ubrugelig, finder vi midlertidige rammer – typisk inden for ${figureText.housing}.`,
      },
      {
        icon: 'hard-hat',
        title: 'Koordinering af håndværkere',
        text: 'Vi styrer renovering og genopretning, så tingene sker i den rigtige rækkefølge.',
      },
    ] satisfies IconListItem[],
  },
  cta: {
    title: 'Ikke akut, men vil du anmelde en skade?',
    text: `Brug vores skadeanmeldelse, så vender vi tilbage inden for ${figureText.reply} på hverdage.`,
    actions: [
      { label: 'Anmeld skade', to: '/anmeldelse', variant: 'light', icon: 'file-text' },
      { label: `Ring ${company.phoneDisplay}`, href: telHref, variant: 'ghostLight', icon: 'phone' },
    ] satisfies Action[],
  },
  icons: { lifeSafety: 'shield-exclamation-point' },
} as const;
