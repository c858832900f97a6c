import { company, telHref } from '../../../domain/company';
import { figureText } from '~/content/figures';

export const damageReportPage = {
  metaTitle: 'Anmeld skade – skadeanmeldelse online',
  metaDescription: `Anmeld en brand-, vand-, storm-, skybruds- eller indbrudsskade online, og vedhæft billeder. Vi vender tilbage inden for ${figureText.reply} på hverdage.`,
  hero: {
    badge: 'Skadeanmeldelse',
    title: 'Anmeld en skade',
    intro: `Udfyld formularen, så har vi det, vi skal bruge for at komme i gang. Du hører fra os inden for ${figureText.reply} på hverdage – og vi tager gerne kontakten til dit forsikringsselskab for dig.`,
  },
  emergencyHint: {
    icon: 'siren',
    title: 'Er skaden akut?',
    text: `Står vandet stadig, er der brand- eller stormskade, eller kan bygningen ikke låses af, så ring til os med det samme. Vores akutberedskab er åbent ${figureText.readiness}.`,
    call: { label: `Ring ${company.phoneDisplay}`, href: telHref },
    emergencyLink: { label: 'Send en akut henvendelse', to: '/akut-skade' },
  },
  preparation: {
    icon: 'list-checks',
    title: 'Godt at have ved hånden',
    items: [
      'Navn på forsikringsselskab – og gerne police- og skadenummer',
      'Adressen, hvor skaden er sket',
      'En kort beskrivelse af, hvad der er sket og hvornår',
      'Billeder af skaden, hvis du har dem',
    ],
    note: 'Mangler du police- eller skadenummer, så send anmeldelsen alligevel. Vi kan sagtens finde dem sammen med dig.',
  },
} as const;
