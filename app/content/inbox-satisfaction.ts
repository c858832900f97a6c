/**
 * The inbox's words for the satisfaction answers: the lead list's filter and the lead page's
 * section with the customer's answer and the koordinator's "Markér som fulgt op", and the
 * Beredskab page's share satisfied of the customers and of the loss adjusters. The scale's labels
 * are in domain/satisfaction.ts.
 */
export const satisfactionText = {
  filter: {
    label: 'Kundetilfredshed',
    all: 'Alle',
    options: [{ value: 'utilfreds', label: 'Utilfreds kunde' }],
  },
  section: {
    heading: 'Kundetilfredshed',
    asked: (at: string) => `Spurgt ${at}. Kunden har ikke svaret endnu.`,
    answer: (score: number, label: string) => `${score} af 5: ${label}`,
    answeredAt: (at: string, changedAt: string | null) =>
      changedAt ? `Svaret ${at}, ændret ${changedAt}` : `Svaret ${at}`,
    comment: 'Kundens kommentar',
    noComment: 'Ingen kommentar.',
    needsFollowUp: 'Utilfreds kunde: ikke fulgt op endnu.',
    handled: (by: string | null, at: string) => `Fulgt op ${at}${by ? ` af ${by}` : ''}.`,
    markHandled: 'Markér som fulgt op',
    marking: 'Markerer …',
    marked: 'Svaret er markeret som fulgt op.',
  },
  figures: {
    heading: 'Tilfredshed',
    intro: (from: string, to: string) =>
      `Hvor mange der svarede tilfreds (4 eller 5) på “Hvor tilfreds er du med vores hjælp?”, fra ${from} til ${to}. Kunder og taksatorer tælles hver for sig, og kun dem, der har svaret.`,
    groups: { kunde: 'Kunder', taksator: 'Taksatorer' },
    byMonth: (who: string) => `${who} pr. måned`,
    byInsurer: (who: string) => `${who} pr. forsikringsselskab`,
    columns: {
      month: 'Måned',
      insurer: 'Forsikringsselskab',
      answered: 'Svar',
      satisfied: 'Tilfredse (4–5)',
      share: 'Andel tilfredse',
    },
    total: 'I alt',
    noInsurer: 'Ikke oplyst',
    empty: (who: string) => `${who}: ingen svar i perioden.`,
  },
} as const;
