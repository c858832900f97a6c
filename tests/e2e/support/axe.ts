import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA plus axe's best practices (landmarks, heading order, …). */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One readable paragraph per violation: rule, impact, help link and the offending elements. */
export function describeViolations(violations: AxeResults['violations']): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`,
        )
        .join('\n');
      const more = violation.nodes.length > 8 ? `\n    … and ${violation.nodes.length - 8} more` : '';
      return `[${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join('\n\n');
}

/**
 * Fails with a readable list unless axe finds zero violations on the page as it is now (open a
 * dialog or show error messages first to scan those states).
 */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  expect(
    results.violations,
    `axe violations on ${label}:\n\n${describeViolations(results.violations)}`,
  ).toEqual([]);
}
