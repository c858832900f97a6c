import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated the prerendered page, so that clicks are handled client-side
 * (before that, a link click is a full page load and a form submit a real POST).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const hydrated = (element: Element | null) =>
      element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    return (
      '__reactRouterDataRouter' in window &&
      hydrated(document.querySelector('main')) &&
      hydrated(document.querySelector('h1'))
    );
  });
}

/**
 * Turns to each form on the page the way a visitor does (the pointer over it), which makes its
 * code load, and waits until the form has hydrated. A prerendered form is plain HTML until then:
 * fields take typing, and its submit button sends the form as plain HTML.
 */
export async function turnToForms(page: Page): Promise<void> {
  const forms = page.locator('[data-form-island] form');
  for (let index = 0; index < (await forms.count()); index++) {
    const form = forms.nth(index);
    await form.hover({ position: { x: 5, y: 5 } });
    await page.waitForFunction(
      (element) => element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
      await form.elementHandle(),
    );
  }
}

/** Loads a page, waits for hydration, and turns to its forms (`turnToForms`). */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  await turnToForms(page);
  return response;
}

/**
 * Scrolls down the whole page one screen at a time, as a reader would, so lazily loaded images and
 * sections load, then back to the top.
 */
export async function scrollThrough(page: Page): Promise<void> {
  for (let step = 0; step < 60; step += 1) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy({ top: window.innerHeight * 0.8, behavior: 'instant' });
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(60);
    if (atBottom) break;
  }
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/**
 * Marks the current document; `expectSameDocument` later proves a navigation happened client-side
 * (a full page load would have dropped the mark).
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eDocumentMark?: boolean }).__e2eDocumentMark = true;
  });
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { __e2eDocumentMark?: boolean }).__e2eDocumentMark === true,
  );
}
