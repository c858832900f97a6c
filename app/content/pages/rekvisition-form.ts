import { company } from '../../../domain/company';
import type { RekvisitionLeadInput } from '../../../domain/rekvisition';

type LabelledField = Exclude<keyof RekvisitionLeadInput, 'kind' | 'images' | 'formToken' | 'website'>;

/**
 * The adjusters' form on /rekvisition: its labels, sections and hints. Apart from the page's copy
 * (./rekvisition.ts), which only the page's loader reads.
 */
export const rekvisitionFormText = {
  formLabel: 'Rekvisition',
  sections: {
    insurer: 'Forsikringsselskab og taksator',
    policyholder: 'Forsikringstager',
    damage: 'Skaden',
    photos: 'Billeder (valgfrit)',
  },
  labels: {
    forsikringsselskab: 'Forsikringsselskab',
    taksatorNavn: 'Taksators navn',
    taksatorEmail: 'Taksators e-mail',
    taksatorTelefon: 'Taksators telefon',
    skadeNr: 'Skadenummer',
    policeNr: 'Policenummer',
    hastegrad: 'Hastegrad',
    fuldeNavn: 'Forsikringstagers navn',
    telefon: 'Forsikringstagers telefon',
    email: 'Forsikringstagers e-mail',
    adresse: 'Adresse',
    skadetype: 'Skadetype',
    skadedato: 'Skadedato',
    besked: 'Beskrivelse af skaden',
    adgang: 'Adgang til skadestedet',
  } satisfies Record<LabelledField, string>,
  hints: {
    hastegrad: 'Akut: skaden udvikler sig og kræver indsats med det samme.',
    policyholder: `Telefonnummer eller e-mail – gerne begge. ${company.name} kontakter forsikringstageren og giver besked om, hvornår vi ringer.`,
    adresse: 'Adressen hvor skaden er sket.',
    besked: 'Hvad er der sket, og hvad er ramt?',
    adgang:
      'Nøgle, dørkode eller hvem der lukker op. Kun til vores medarbejdere – forsikringstageren ser det ikke.',
  },
  urgencyPlaceholder: 'Vælg hastegrad',
  submit: 'Send rekvisition',
} as const;
