import { company, telHref } from '../../../domain/company';
import { figureText } from '~/content/figures';
import { rekvisitionLink } from '~/content/navigation';

/** The page /rekvisition: where an insurer or its loss adjuster hands a claim over. */
export const rekvisitionPage = {
  metaTitle: 'Rekvisition – for forsikringsselskaber og taksatorer',
  metaDescription: `Send en skade videre til ${company.name}: vi kontakter forsikringstageren inden for ${figureText.reply} på hverdage og holder dig orienteret om sagen.`,
  hero: {
    badge: rekvisitionLink.label,
    title: 'Send en rekvisition',
    intro:
      'Giv os skaden, så kontakter vi forsikringstageren og aftaler det videre forløb. Du får en kvittering med referencenummeret på e-mail.',
  },
  steps: {
    icon: 'list-checks',
    title: 'Det sker, når du har sendt',
    items: [
      `Vi kontakter forsikringstageren inden for ${figureText.reply} på hverdage og fortæller, hvornår vi ringer.`,
      'Du får en kvittering med referencenummeret og tidspunktet. Når vi har bekræftet opgaven, kan du få et link, hvor du følger sagen.',
      'Adgangsoplysninger (nøgle, dørkode) ser kun vores medarbejdere.',
    ],
  },
  urgent: {
    icon: 'siren',
    title: 'Haster det?',
    text: 'Står vandet stadig, eller kan bygningen ikke låses af, så ring til vores døgnvagt med det samme.',
    call: { label: `Ring ${company.phoneDisplay}`, href: telHref },
  },
} as const;
