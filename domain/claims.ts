/**
 * The two figures the public pages claim, customer satisfaction and handled damages, and the
 * words they are said in. The pages are built saying what we do before anything is measured
 * (`unmeasuredClaims`); the server swaps in the measured figures with their basis when it sends a
 * page (server/claims/, GET /api/tal). Why: docs/decisions/claimed-figures.md.
 */

/** Below this many answers a share says too little: the pages say that we ask instead. */
export const satisfactionMinAnswers = 20;

/** The figures as counted (GET /api/tal); days are Copenhagen calendar days, YYYY-MM-DD. */
export interface ClaimFigures {
  /** The share of answers 4–5, rounded down; null below `satisfactionMinAnswers` answers. */
  satisfiedPercent: number | null;
  answers: number;
  /** The first day the answers counted were given; null: none. */
  since: string | null;
  handledCases: number;
  /** The first day the handled damages counted were closed; null: none. */
  handledSince: string | null;
}

/** One stat card's big value and its line below. */
export interface ClaimText {
  value: string;
  label: string;
}

/**
 * What the pages say while nothing is measured, and as built: served without the server (a
 * static preview), a page claims no number. Each string occurs on the pages only as the card it
 * is (the swaps match whole strings, never a part of a sentence).
 */
export const unmeasuredClaims = {
  satisfaction: { value: 'Vi spørger', label: 'alle kunder, når sagen er afsluttet' },
  handledCases: { value: 'Hver sag', label: 'følges, til den er afsluttet' },
} as const satisfies Record<string, ClaimText>;

/** 3512 → "3.512", as Danish writes numbers. */
export function danishCount(count: number): string {
  const digits = String(Math.max(0, Math.trunc(count)));
  let text = '';
  for (const [index, digit] of [...digits].entries()) {
    if (index > 0 && (digits.length - index) % 3 === 0) text += '.';
    text += digit;
  }
  return text;
}

const yearOf = (day: string) => day.slice(0, 4);

/** The satisfaction card: the share and whom it counts, or that we ask while too few answered. */
export function satisfactionClaim(figures: ClaimFigures): ClaimText {
  if (figures.satisfiedPercent === null || figures.since === null) return unmeasuredClaims.satisfaction;
  return {
    value: `${figures.satisfiedPercent} %`,
    label: `af ${danishCount(figures.answers)} kunder, der har svaret siden ${yearOf(figures.since)}, er tilfredse`,
  };
}

/** The handled-damages card: the count and since when, or what we do while none is counted. */
export function handledCasesClaim(figures: ClaimFigures): ClaimText {
  if (figures.handledCases === 0 || figures.handledSince === null) return unmeasuredClaims.handledCases;
  const noun = figures.handledCases === 1 ? 'skade' : 'skader';
  return {
    value: danishCount(figures.handledCases),
    label: `${noun} håndteret siden ${yearOf(figures.handledSince)}`,
  };
}

type Swap = readonly [string, string];

/**
 * One whole string said otherwise wherever a page carries it: as an element's text in the HTML
 * (>…<), as a string in the page data (…"), and in that data inlined in the HTML's script (\"…\").
 * A sentence that merely contains the words stays as it is.
 */
function wholeStringSwaps(built: string, now: string): Swap[] {
  if (built === now) return [];
  return [
    [`>${built}<`, `>${now}<`],
    [`"${built}"`, `"${now}"`],
    [`\\"${built}\\"`, `\\"${now}\\"`],
  ];
}

/** What to swap in the built pages and their page data to make them claim `figures`. */
export function claimSwaps(figures: ClaimFigures): Swap[] {
  const cards: Array<[ClaimText, ClaimText]> = [
    [unmeasuredClaims.satisfaction, satisfactionClaim(figures)],
    [unmeasuredClaims.handledCases, handledCasesClaim(figures)],
  ];
  return cards.flatMap(([built, now]) => [
    ...wholeStringSwaps(built.value, now.value),
    ...wholeStringSwaps(built.label, now.label),
  ]);
}
