import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import type { TotpEnrolment } from '../../../../domain/staff-api/login';
import { errorMessage, staffApi } from '../api';
import { LiveMessage } from '../shared/live-message';
import { inboxSecondFactorText as text } from '~/content/inbox-second-factor';
import { fieldValue, StepHeading, type StepProps } from './parts';

/*
 * The login's steps after the password: a code from the authenticator app or a recovery code,
 * and the first time, connecting the app and saving the recovery codes. Loaded on demand by
 * ./login-page.tsx once the visitor starts logging in, so the login page loads without them.
 */

/** A code field: six digits, the phone's number pad, and the code the device may offer. */
function CodeInput({
  id,
  inputRef,
  error,
  describedBy,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  error: boolean;
  describedBy: string;
}) {
  return (
    <Input
      id={id}
      ref={inputRef}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className="max-w-48 font-mono text-xl tracking-[0.3em]"
    />
  );
}

const onlyDigits = (value: string) => value.replace(/\s+/g, '');

export function VerifyStep({
  headingRef,
  onDone,
  onRestart,
}: StepProps & { onDone: () => void; onRestart: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const switched = useRef(false);

  useEffect(() => {
    if (switched.current) inputRef.current?.focus();
  }, [useRecovery]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    let answer: { code: string } | { recoveryCode: string };
    if (useRecovery) {
      const recoveryCode = fieldValue(form, 'recoveryCode').trim();
      if (!recoveryCode) return fail(text.recoveryMissing);
      answer = { recoveryCode };
    } else {
      const code = onlyDigits(fieldValue(form, 'code'));
      if (!/^\d{6}$/.test(code)) return fail(text.codeMissing);
      answer = { code };
    }
    setError(null);
    setBusy(true);
    try {
      await staffApi.verify(answer);
      onDone();
    } catch (caught) {
      setBusy(false);
      fail(errorMessage(caught));
    }
  };

  function fail(message: string) {
    setError(message);
    if (inputRef.current) inputRef.current.value = '';
    inputRef.current?.focus();
  }

  const toggle = () => {
    switched.current = true;
    setError(null);
    setUseRecovery((value) => !value);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <StepHeading headingRef={headingRef}>{text.verifyHeading}</StepHeading>
      <p className="text-slate-700">{useRecovery ? text.recoveryHint : text.verifyIntro}</p>
      <LiveMessage id="verify-error" message={error} tone="error" />
      {useRecovery ? (
        <FormField id="verify-recovery" label={text.recoveryCode}>
          {(control) => (
            <Input
              {...control}
              ref={inputRef}
              name="recoveryCode"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'verify-error' : undefined}
              className="font-mono"
            />
          )}
        </FormField>
      ) : (
        <FormField id="verify-code" label={text.code} hint={text.codeHint}>
          {(control) => (
            <CodeInput
              id={control.id}
              inputRef={inputRef}
              error={Boolean(error)}
              describedBy={[control['aria-describedby'], error ? 'verify-error' : undefined]
                .filter(Boolean)
                .join(' ')}
            />
          )}
        </FormField>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? text.verifying : text.verify}
      </Button>
      <div className="flex flex-wrap justify-between gap-3">
        <button type="button" onClick={toggle} className={buttonClasses('ghost', 'sm', 'px-2 underline')}>
          {useRecovery ? text.useApp : text.useRecoveryCode}
        </button>
        <button type="button" onClick={onRestart} className={buttonClasses('ghost', 'sm', 'px-2 underline')}>
          {text.restart}
        </button>
      </div>
    </form>
  );
}

/** The QR code as an image: our server's SVG markup is never put into the page as markup. */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP', easier to type into an app. */
function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

export function EnrolStep({
  headingRef,
  onDone,
  onRestart,
}: StepProps & { onDone: (codes: string[]) => void; onRestart: () => void }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    staffApi.enrolment().then(
      (answer) => live && setEnrolment(answer),
      (caught) => live && setLoadError(errorMessage(caught)),
    );
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = onlyDigits(fieldValue(event.currentTarget, 'code'));
    const fail = (message: string) => {
      setError(message);
      if (inputRef.current) inputRef.current.value = '';
      inputRef.current?.focus();
    };
    if (!/^\d{6}$/.test(code)) return fail(text.codeMissing);
    setError(null);
    setBusy(true);
    try {
      const { recoveryCodes } = await staffApi.enrol(code);
      onDone(recoveryCodes);
    } catch (caught) {
      setBusy(false);
      fail(errorMessage(caught));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <StepHeading headingRef={headingRef}>{text.enrolHeading}</StepHeading>
      <p className="text-slate-700">{text.enrolIntro}</p>
      <LiveMessage message={loadError} tone="error" />
      <ol className="grid list-decimal gap-4 pl-5">
        <li>
          <div className="grid gap-3">
            <span>{text.enrolStepScan}</span>
            {enrolment ? (
              <>
                <img
                  src={svgDataUrl(enrolment.qrSvg)}
                  alt={text.qrAlt}
                  width={224}
                  height={224}
                  className="size-56 rounded-lg border border-slate-200 bg-white p-2"
                />
                <p className="text-sm text-slate-700">{text.manualEntry}</p>
                <code className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-lg break-all text-slate-900">
                  {groupSecret(enrolment.secret)}
                </code>
              </>
            ) : loadError ? null : (
              <p role="status" className="text-slate-700">
                {text.enrolLoading}
              </p>
            )}
          </div>
        </li>
        <li>
          <FormField id="enrol-code" label={text.enrolStepCode} hint={text.codeHint}>
            {(control) => (
              <CodeInput
                id={control.id}
                inputRef={inputRef}
                error={Boolean(error)}
                describedBy={[control['aria-describedby'], error ? 'enrol-error' : undefined]
                  .filter(Boolean)
                  .join(' ')}
              />
            )}
          </FormField>
        </li>
      </ol>
      <LiveMessage id="enrol-error" message={error} tone="error" />
      <Button type="submit" disabled={busy || !enrolment}>
        {busy ? text.enrolling : text.enrol}
      </Button>
      <button
        type="button"
        onClick={onRestart}
        className={buttonClasses('ghost', 'sm', 'justify-self-start px-2 underline')}
      >
        {text.restart}
      </button>
    </form>
  );
}

export function RecoveryCodes({
  headingRef,
  codes,
  onDone,
}: StepProps & { codes: string[]; onDone: () => void }) {
  const [message, setMessage] = useState<string | null>(null);
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`${codes.join('\r\n')}\r\n`)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setMessage(text.copied);
    } catch {
      setMessage(text.copyFailed);
    }
  };

  return (
    <div className="grid gap-5">
      <StepHeading headingRef={headingRef}>{text.recoveryHeading}</StepHeading>
      <p className="text-slate-700">{text.recoveryIntro}</p>
      <ol
        aria-label={text.recoveryListLabel}
        className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,20ch),1fr))] gap-x-6 gap-y-2 rounded-lg bg-slate-100 p-4 font-mono text-base text-slate-900 sm:text-lg"
      >
        {/* A column is as wide as a whole code (19 characters), so codes never run into each other. */}
        {codes.map((code) => (
          <li key={code} className="whitespace-nowrap">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          {text.copy}
        </Button>
        <a href={file} download={text.downloadFileName} className={buttonClasses('outline', 'sm')}>
          {text.download}
        </a>
      </div>
      <LiveMessage message={message} />
      <Button type="button" onClick={onDone}>
        {text.saved}
      </Button>
    </div>
  );
}
