import { useState } from 'react';

/**
 * A section's request in flight: `run` marks the section busy while `work` runs (its buttons wait
 * meanwhile) and hands a failure to `failed`, by default the page's `onError`.
 */
export function useBusy(onError: (error: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>, failed: (error: unknown) => void = onError) => {
    setBusy(true);
    try {
      await work();
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}
