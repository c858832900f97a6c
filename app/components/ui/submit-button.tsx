import { company, mailtoHref, telHref } from '../../../domain/company';
import { useHydrated } from '~/lib/use-hydrated';
import { Button, type ButtonProps } from './button';

/**
 * A form's submit button. The forms send JSON from JavaScript, so the button stays disabled
 * until the page is hydrated: before that the browser would post the form to the page itself,
 * which cannot take it, and the visitor's input would be lost.
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, 'type' | 'asChild'>) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={!hydrated || disabled} {...props} />;
}

/** Without JavaScript a form cannot be sent: say so, and how to reach us instead. */
export function NoScriptNote() {
  return (
    <noscript>
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
        Formularen kræver JavaScript, som er slået fra i din browser. Ring til os på{' '}
        <a href={telHref} className="font-semibold underline">
          {company.phoneDisplay}
        </a>{' '}
        eller skriv til{' '}
        <a href={mailtoHref} className="font-semibold underline">
          {company.email}
        </a>
        .
      </p>
    </noscript>
  );
}
