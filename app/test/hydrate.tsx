import type { ReactElement } from 'react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, vi } from 'vitest';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/**
 * Hydrates `element` over server-rendered `html` as the browser would (unmounted after the test):
 * the container, its text and React's hydration errors.
 */
export async function hydrateOver(html: string, element: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const hydrationErrors = vi.fn();
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError: hydrationErrors });
  });
  return { container, text: container.textContent ?? '', hydrationErrors };
}
