import type { Page } from '@playwright/test';

/**
 * Collects what a visitor's browser would report as broken: console errors (including failed
 * resource loads, which Chromium logs as errors) and uncaught exceptions.
 */
export interface ConsoleErrors {
  /** Errors seen so far that no `ignore` pattern matches. */
  readonly errors: readonly string[];
  /** Starts collecting from another page (the `page` fixture is tracked already). */
  track(page: Page): void;
  /** Tolerates errors matching this pattern for the rest of the test (e.g. an expected 404 or 500). */
  ignore(pattern: RegExp): void;
  /** Throws, listing every error, if there is any. */
  assertNone(): void;
}

export function createConsoleErrors(): ConsoleErrors {
  const seen: string[] = [];
  const ignored: RegExp[] = [];
  const tracked = new WeakSet<Page>();
  const visible = () => seen.filter((message) => !ignored.some((pattern) => pattern.test(message)));

  return {
    get errors() {
      return visible();
    },
    track(page) {
      if (tracked.has(page)) return;
      tracked.add(page);
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const location = message.location();
        const where = location.url ? ` (${location.url}:${location.lineNumber})` : '';
        seen.push(`console.error on ${page.url()}: ${message.text()}${where}`);
      });
      page.on('pageerror', (error) => {
        seen.push(`uncaught exception on ${page.url()}: ${error.stack ?? error.message}`);
      });
    },
    ignore(pattern) {
      ignored.push(pattern);
    },
    assertNone() {
      const errors = visible();
      if (errors.length > 0) {
        throw new Error(
          `The browser reported ${errors.length} error(s):\n${errors.map((e) => `  - ${e}`).join('\n')}`,
        );
      }
    },
  };
}
