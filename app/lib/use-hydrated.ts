import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the prerendered HTML and while hydrating, true once React runs the page in the
 * browser. Use it for what the prerendered page must not show or allow, without a hydration
 * mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
