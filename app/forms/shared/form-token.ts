import { useEffect, useSyncExternalStore } from 'react';
import { formTokenPath } from '../../../domain/spam-names';

/**
 * The form token every lead form sends (domain/spam.ts): fetched when a page with a form or a
 * resource button hydrates, so the server's time trap counts from when the page was opened, kept
 * fresh while it stays open, and fetched anew after each lead (a token brings one lead). This part
 * loads with the page; the forms' own pieces (spam-guard.tsx) load with the forms.
 */

export const formTokenTiming = {
  /** A token lives 2 hours on the server; a form left open renews it after one. */
  renewAfterMs: 60 * 60_000,
  /** After a failed fetch: try again after these pauses (the last one repeats). */
  retryDelaysMs: [2_000, 10_000, 30_000, 60_000],
} as const;

/** The token every mounted form on the page shares, and who is waiting for it. */
const sharedToken = {
  token: undefined as string | undefined,
  listeners: new Set<() => void>(),
  stop: undefined as (() => void) | undefined,
  renew: undefined as (() => void) | undefined,
};

/**
 * Fetches the form token, renews it while the page stays open (handing in the old token, so the
 * server keeps the time the form was opened), and fetches it again when a sleeping tab wakes up
 * with an old one. A failed fetch is retried quietly. Returns the function that stops it all.
 */
function keepFormToken(onToken: (token: string) => void): () => void {
  let stopped = false;
  let loading = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: { token: string; fetchedAt: number } | undefined;
  let failures = 0;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void load(), ms);
  };

  async function load(): Promise<void> {
    if (stopped || loading) return;
    loading = true;
    try {
      const url = current ? `${formTokenPath}?previous=${encodeURIComponent(current.token)}` : formTokenPath;
      const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) throw new Error(`form token: ${response.status}`);
      const data: unknown = await response.json();
      const next = data && typeof data === 'object' ? (data as { token?: unknown }).token : undefined;
      if (typeof next !== 'string' || !next) throw new Error('form token: no token in the answer');
      if (stopped) return;
      current = { token: next, fetchedAt: Date.now() };
      failures = 0;
      onToken(next);
      schedule(formTokenTiming.renewAfterMs);
    } catch {
      if (stopped) return;
      const delays = formTokenTiming.retryDelaysMs;
      schedule(delays[Math.min(failures, delays.length - 1)]!);
      failures++;
    } finally {
      loading = false;
    }
  }

  // Timers stand still while a device sleeps: on waking, an old token is renewed at once.
  const onWake = () => {
    if (document.visibilityState === 'hidden') return;
    if (!current || Date.now() - current.fetchedAt >= formTokenTiming.renewAfterMs) void load();
  };

  sharedToken.renew = () => void load();
  void load();
  document.addEventListener('visibilitychange', onWake);
  window.addEventListener('focus', onWake);
  window.addEventListener('online', onWake);
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onWake);
    window.removeEventListener('focus', onWake);
    window.removeEventListener('online', onWake);
  };
}

/** The first listener starts the token's fetching; when the last one leaves, it stops and is forgotten. */
function subscribeToFormToken(listener: () => void): () => void {
  sharedToken.listeners.add(listener);
  sharedToken.stop ??= keepFormToken((token) => {
    sharedToken.token = token;
    for (const notify of sharedToken.listeners) notify();
  });
  return () => {
    sharedToken.listeners.delete(listener);
    if (sharedToken.listeners.size > 0) return;
    sharedToken.stop?.();
    sharedToken.stop = sharedToken.renew = sharedToken.token = undefined;
  };
}

const currentFormToken = () => sharedToken.token;
const noToken = () => undefined;

/**
 * The form token for the lead's `formToken`: fetched once the page has hydrated and kept fresh
 * while a form is on the page. Undefined until it has arrived; never throws.
 */
export function useFormToken(): string | undefined {
  return useSyncExternalStore(subscribeToFormToken, currentFormToken, noToken);
}

/**
 * Starts fetching the form token without re-rendering the caller when it arrives: for a form whose
 * own code loads later (form-island.tsx), so the token still dates from when the page was opened.
 */
export function useFormTokenPrefetch(): void {
  useEffect(() => subscribeToFormToken(() => {}), []);
}

/**
 * Fetches the next token at once: a token brings one lead, so a form calls this as it sends one
 * (the old token goes along as `previous`, so the server keeps the time the page was opened).
 */
export function renewFormToken(): void {
  sharedToken.renew?.();
}
