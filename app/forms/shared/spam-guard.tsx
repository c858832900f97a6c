import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { formTokenPath, honeypotFieldName } from '../../../domain/spam';

/**
 * The two pieces every lead form sends against spam, without a captcha (domain/spam.ts):
 *
 *   const formToken = useFormToken();
 *   …
 *   <HoneypotField {...register('website')} />
 *   …
 *   await sendLead({ ...values, formToken });
 *
 * Neither ever stands in a person's way: the hidden field cannot be reached by keyboard, screen
 * reader or autofill, and a form without a token still sends (the server then files the lead
 * under spam for staff to look through, rather than losing it).
 */

type HoneypotProps = Omit<
  ComponentProps<'input'>,
  'name' | 'type' | 'tabIndex' | 'autoComplete' | 'aria-hidden' | 'hidden'
>;

/**
 * A text field named "website" that people never see and form-filling bots fill in. Hidden from
 * sight (not with display:none, which many bots skip) and from assistive technology, out of the
 * tab order, and marked for password managers and autofill to leave alone. Register it with the
 * form like any field: `<HoneypotField {...register('website')} />`.
 */
export function HoneypotField(props: HoneypotProps) {
  return (
    <div aria-hidden="true" className="sr-only">
      <label>
        Lad dette felt være tomt
        <input
          {...props}
          type="text"
          name={honeypotFieldName}
          tabIndex={-1}
          autoComplete="off"
          data-1p-ignore=""
          data-lpignore="true"
          data-bwignore=""
          data-form-type="other"
        />
      </label>
    </div>
  );
}

export const formTokenTiming = {
  /** A token lives 2 hours on the server; a form left open renews it after one. */
  renewAfterMs: 60 * 60_000,
  /** After a failed fetch: try again after these pauses (the last one repeats). */
  retryDelaysMs: [2_000, 10_000, 30_000, 60_000],
} as const;

/**
 * The form token for the lead's `formToken`: fetched once the form has hydrated, renewed while the
 * form stays open (handing in the old token, so the server keeps the time the form was opened),
 * and fetched again when a sleeping tab wakes up with an old one. Undefined until it has arrived;
 * a failed fetch is retried quietly and never throws.
 */
export function useFormToken(): string | undefined {
  const [token, setToken] = useState<string | undefined>(undefined);

  useEffect(() => {
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
        const url = current
          ? `${formTokenPath}?previous=${encodeURIComponent(current.token)}`
          : formTokenPath;
        const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
        if (!response.ok) throw new Error(`form token: ${response.status}`);
        const data: unknown = await response.json();
        const next = data && typeof data === 'object' ? (data as { token?: unknown }).token : undefined;
        if (typeof next !== 'string' || !next) throw new Error('form token: no token in the answer');
        if (stopped) return;
        current = { token: next, fetchedAt: Date.now() };
        failures = 0;
        setToken(next);
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
  }, []);

  return token;
}

/**
 * Both pieces for a form: render `<HoneypotField ref={honeypot} />` inside it and send
 * `{ ...values, ...spamFields() }`. The honeypot's value travels only when something filled it.
 */
export function useSpamGuard() {
  const formToken = useFormToken();
  const honeypot = useRef<HTMLInputElement>(null);
  const spamFields = useCallback(
    () => ({ formToken, website: honeypot.current?.value || undefined }),
    [formToken],
  );
  return { honeypot, spamFields };
}
