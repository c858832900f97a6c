/**
 * Keeps an open lead page current (docs/decisions/on-call-inbox.md, "Live updates"): while the
 * tab is visible it asks GET /api/staff/leads/:id/version every few seconds with the version it
 * knows as If-None-Match (unchanged: an empty 304), and loads the lead anew when someone else has
 * taken the case, called back, changed it or written. Reloading keeps the page's own state, so a
 * note being typed stays where it is.
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { livePollMs } from './live-inbox';
import { pollWhileVisible } from './shared/poll-while-visible';

/** The lead's version now; `null` when it could not be read (the next poll asks again). */
export async function fetchLeadVersion(
  id: string,
  known: string | null,
  signal?: AbortSignal,
): Promise<string | null> {
  const response = await fetch(`/api/staff/leads/${encodeURIComponent(id)}/version`, {
    credentials: 'include',
    cache: 'no-store',
    headers: known ? { 'If-None-Match': `"${known}"` } : {},
    signal,
  });
  if (response.status === 304) return known;
  if (!response.ok) return null;
  const answer = (await response.json()) as { version?: unknown };
  return typeof answer.version === 'string' ? answer.version : null;
}

/**
 * Polls the lead's version; `loaded` is the version read just before the lead the page shows
 * (null when unknown: the first answer then counts as what is shown).
 */
export function useLiveLead(id: string, loaded: string | null): void {
  const revalidator = useRevalidator();
  const known = useRef(loaded);
  // A new `loaded` for the same lead (the page loaded it anew) only moves what is known.
  useEffect(() => {
    if (loaded) known.current = loaded;
  }, [loaded]);
  const reload = useEffectEvent(() => void revalidator.revalidate());
  const loadedAtStart = useEffectEvent(() => loaded);

  useEffect(() => {
    known.current = loadedAtStart();
    // Without a version read with the lead, the first answer must come at once to count as it.
    return pollWhileVisible(
      async (signal) => {
        const version = await fetchLeadVersion(id, known.current, signal);
        if (!signal.aborted && version && version !== known.current) {
          const shown = known.current;
          known.current = version;
          if (shown) reload();
        }
      },
      livePollMs,
      known.current ? livePollMs : 0,
    );
  }, [id]);
}
