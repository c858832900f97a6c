import { formatVisitTime } from '../../../../domain/case-steps';

/** What a ready-made answer is filled with from the lead. */
export interface CannedReplyFacts {
  name: string;
  reference: string;
  /** The agreed visit (ISO instant), if recorded. */
  visitAt?: string | null;
}

const placeholder = /\{([^{}\s]{1,30})\}/g;

/** The first word of the customer's name: the answers greet them by first name. */
function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * The answer for this lead: {navn}, {reference} and {besigtigelse} filled where the lead knows
 * them; anything else ({tid}, or a visit not yet agreed) stays for staff to write.
 */
export function fillCannedReply(text: string, facts: CannedReplyFacts): string {
  const values: Record<string, string | null> = {
    navn: firstNameOf(facts.name) || null,
    reference: facts.reference,
    besigtigelse: facts.visitAt ? formatVisitTime(new Date(facts.visitAt)) : null,
  };
  return text.replace(placeholder, (whole, name: string) => values[name] ?? whole);
}

/** Placeholders still in the text, each once: the page sends nothing while one is left. */
export function unfilledPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(placeholder)].map((match) => match[1]!))];
}
