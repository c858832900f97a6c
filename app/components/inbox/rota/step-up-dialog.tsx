import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { inboxRolesText } from '~/content/inbox-roles';

const text = inboxRolesText.stepUp;

/**
 * Asks for a fresh code from the authenticator app before a change to the chain, a cover or a
 * mobile number (the server refuses those without one): `ask()` opens a modal <dialog> and
 * resolves with the code, or null when it is cancelled (Escape or "Annullér").
 */
export function useStepUp() {
  const [pending, setPending] = useState<((code: string | null) => void) | null>(null);
  const ask = () =>
    new Promise<string | null>((resolve) => {
      setPending(() => resolve);
    });
  const settle = (code: string | null) => {
    pending?.(code);
    setPending(null);
  };
  const dialog = <StepUpDialog open={pending !== null} onDone={settle} />;
  return { ask, dialog };
}

function StepUpDialog({ open, onDone }: { open: boolean; onDone: (code: string | null) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setCode('');
      setInvalid(false);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setInvalid(true);
      document.getElementById('step-up-code')?.focus();
      return;
    }
    onDone(digits);
  };

  return (
    <dialog
      ref={ref}
      // Escape closes the dialog: that is a cancel unless a code was given.
      onClose={() => open && onDone(null)}
      aria-labelledby="step-up-heading"
      className="m-auto w-[min(28rem,calc(100vw-1rem))] rounded-2xl bg-white p-5 backdrop:bg-slate-950/70"
    >
      {open ? (
        <form onSubmit={submit} noValidate className="grid gap-4">
          <h2 id="step-up-heading" className="text-xl font-bold text-brand-950">
            {text.heading}
          </h2>
          <p className="text-slate-700">{text.intro}</p>
          <FormField id="step-up-code" label={text.label} error={invalid ? text.invalid : undefined}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                // The dialog is opened by the person's own click: the code is what they type next.
                autoFocus
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => onDone(null)}>
              {text.cancel}
            </Button>
            <Button type="submit">{text.confirm}</Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
