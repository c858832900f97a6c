/**
 * The inbox's words for the customers' satisfaction answers: the lead list's filter and the lead
 * page's section with the answer and the koordinator's "Markér som fulgt op". The scale's labels
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
} as const;
