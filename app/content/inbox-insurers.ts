import type { ReportRule } from '../../domain/insurers';

/** The inbox's insurers page and the figures per insurer on the Beredskab page. */
export const inboxInsurersText = {
  heading: 'Forsikringsselskaber',
  intro:
    'Hvert selskabs regler for sagen efter opkaldet: hvor den første rapport sendes hen, hvor hurtigt vi er fremme ved en akut skade, hvor hurtigt vi ringer til forsikringstageren på en rekvisition, og hvornår den første rapport skal være sendt. Et tomt felt betyder standarden.',
  columns: {
    name: 'Selskab',
    claimsEmail: 'Skadeafdelingens e-mail',
    onSiteHours: 'Fremme inden (timer)',
    firstResponseHours: 'Rekvisition: ring inden (arbejdstimer)',
    reportRule: 'Første rapport',
    active: 'Aktiv',
  },
  onSiteHoursHint: (hours: number) => `Standard: ${hours} timer efter opringning`,
  firstResponseHoursHint: (hours: number) => `Standard: ${hours} arbejdstimer (hverdage 8–17)`,
  save: 'Gem',
  saving: 'Gemmer …',
  saved: (name: string) => `${name} er gemt.`,
  reportRules: {
    'same-business-day': 'Samme hverdag',
    'next-business-day': 'Førstkommende hverdag',
    'second-business-day': 'Anden hverdag',
  } satisfies Record<ReportRule, string>,
  figures: {
    heading: 'Pr. forsikringsselskab',
    caption: (month: string) => `Pr. forsikringsselskab, ${month}`,
    intro:
      'Henvendelser i måneden, der nævner et forsikringsselskab. Tiderne regnes fra henvendelsen kom ind.',
    empty: 'Ingen henvendelser med forsikringsselskab i måneden.',
    columns: {
      insurer: 'Selskab',
      leads: 'Henvendelser',
      toOnSite: 'Til fremmøde, median',
      toDamageStop: 'Til skadestop, median',
      reportsOnTime: 'Første rapport til tiden',
    },
    reportsOnTime: (onTime: number, due: number) => (due ? `${onTime} af ${due}` : '–'),
    csv: 'Hent pr. forsikringsselskab som CSV',
  },
} as const;
