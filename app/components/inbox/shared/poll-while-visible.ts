/**
 * Asks `poll` again `everyMs` after each answer while the tab is visible: a hidden tab stops
 * asking (its request in flight is cancelled) and asks at once when it is shown again. The first
 * ask comes after `firstDelayMs`, or at once without it. A failed ask changes nothing: the next one
 * asks again. Answers the function that stops it all (an effect's cleanup).
 */
export function pollWhileVisible(
  poll: (signal: AbortSignal) => Promise<void>,
  everyMs: number,
  firstDelayMs?: number,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let stopped = false;
  const hidden = () => document.visibilityState === 'hidden';
  const ask = async () => {
    clearTimeout(timer);
    controller?.abort();
    if (stopped || hidden()) return;
    controller = new AbortController();
    try {
      await poll(controller.signal);
    } catch {
      // A lost session is the page's concern, not the poll's.
    }
    if (!stopped && !hidden()) timer = setTimeout(ask, everyMs);
  };
  const onVisibility = () => {
    if (hidden()) {
      clearTimeout(timer);
      controller?.abort();
    } else void ask();
  };
  if (firstDelayMs === undefined) void ask();
  else timer = setTimeout(ask, firstDelayMs);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
