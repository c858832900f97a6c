/**
 * The insurers' rules for the case after the call. Each insurer is a row of the `insurers` table
 * (seeded from the forms' list, edited by a koordinator); a lead's insurer is found by the name its
 * form recorded. These are the rules a row may name and the defaults when it names none.
 */

/** When the first report to the insurer is due, counted from the damage stop (skadestop). */
export const reportRules = ['same-business-day', 'next-business-day', 'second-business-day'] as const;
export type ReportRule = (typeof reportRules)[number];

/** Business days after the damage stop's day by whose end the first report is due. */
export const reportRuleBusinessDays: Record<ReportRule, number> = {
  'same-business-day': 0,
  'next-business-day': 1,
  'second-business-day': 2,
};

export const insurerDefaults = {
  /** An emergency is on site within this many hours of the call-back unless the insurer says otherwise. */
  onSiteHours: 4,
  reportRule: 'next-business-day' as ReportRule,
  /**
   * An insurer's assignment that does not page: its policyholder is called within this many
   * business hours (domain/business-hours.ts, addBusinessHours) unless the insurer says otherwise.
   */
  firstResponseHours: 4,
  /** While drying runs, moisture is measured at least this often. */
  moistureIntervalDays: 7,
} as const;
