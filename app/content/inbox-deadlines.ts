import { insurerDefaults } from '../../domain/insurers';

/**
 * The inbox's words for first-response deadlines (docs/decisions/first-response-deadlines.md):
 * the list's deadline line and order, and the Beredskab page's share answered in time.
 */
export const inboxDeadlineText = {
  /** `when`: '14:20' today, 'man. 16:00' another day of the week, '12.11. 16:00' further away. */
  due: (when: string) => `svar inden ${when}`,
  overdue: (when: string) => `Frist overskredet ${when}`,
  answered: 'Besvaret',
  sort: 'Frist først',
  figures: {
    heading: 'Første svar til tiden',
    caption: (month: string) => `Første svar til tiden, ${month}`,
    columns: {
      kind: 'Henvendelse',
      counted: 'Med frist',
      inTime: 'Til tiden',
      late: 'For sent',
      share: 'Andel til tiden',
      pending: 'Frist ikke nået',
    },
    explain: `Fristen for første svar: en akut skade 15 minutter (i travle perioder den ventetid, kunden fik oplyst), en skadeanmeldelse eller en kontaktformular 24 timer på hverdage (helligdage tæller ikke med), en rekvisition forsikringsselskabets frist i arbejdstimer (hverdage 8–17, som standard ${insurerDefaults.firstResponseHours} timer) og en akut rekvisition 15 minutter. Svaret er første opringning ("Ringet op") eller første besked fra en medarbejder; en fælles besked til alle, der venter, tæller ikke. Ubesvarede henvendelser tæller som for sent, når fristen er passeret; dem, hvis frist ikke er nået endnu, er ikke med i andelen.`,
  },
} as const;
