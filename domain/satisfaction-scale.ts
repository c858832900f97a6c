/**
 * The satisfaction question's scale and rules, without schema code (the inbox imports it at run
 * time): the five answers and their Danish labels, one answer per case changeable for 14 days
 * from the first, 1–2 followed up by a koordinator, 4–5 counted as satisfied. The case page's
 * form schema is in ./satisfaction.ts.
 */
export const satisfactionScores = [1, 2, 3, 4, 5] as const;
export type SatisfactionScore = (typeof satisfactionScores)[number];

export const satisfactionQuestion = 'Hvor tilfreds er du med vores hjælp?';

export const satisfactionLabels: Record<SatisfactionScore, string> = {
  1: 'Meget utilfreds',
  2: 'Utilfreds',
  3: 'Hverken tilfreds eller utilfreds',
  4: 'Tilfreds',
  5: 'Meget tilfreds',
};

/** An answer may be changed this long after the first one; after that it stands. */
export const satisfactionChangeDays = 14;
/** The comment's length, at most. */
export const satisfactionCommentMaxChars = 1000;

/** An answer of at most this is followed up by a koordinator ("Utilfreds kunde"). */
export function isUnhappy(score: number): boolean {
  return score <= 2;
}

/** An answer of at least this counts as satisfied in the figures (and is invited to review us). */
export function isSatisfied(score: number): boolean {
  return score >= 4;
}

/** True while an answer first given at `answeredAt` may still be changed. */
export function satisfactionChangeable(answeredAt: Date, now: Date): boolean {
  return now.getTime() - answeredAt.getTime() <= satisfactionChangeDays * 24 * 60 * 60_000;
}
