import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { company } from '../../../domain/company';
import { inboxPaths, inboxText } from '~/content/inbox';
import { errorMessage, staffApi } from './api';
import { InboxFrame } from './inbox-layout';
import { LiveMessage } from './live-message';
import type { TotpEnrolment } from '../../../domain/staff-api';

const text = inboxText.login;

type Step =
  { name: 'password' } | { name: 'verify' } | { name: 'enrol' } | { name: 'recovery-codes'; codes: string[] };

/**
 * /indbakke/login: e-mail and password, then the second factor: the first time, connecting an
 * authenticator app (QR code, then the recovery codes, shown once); afterwards a code from the app
 * or a recovery code. The page asks the server nothing before the visitor acts, so it loads
 * without a failed request.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const loggedOut = Boolean((location.state as { loggedOut?: boolean } | null)?.loggedOut);
  const [step, setStep] = useState<Step>({ name: 'password' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  // Each new step is announced by moving focus to its heading.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step.name]);

  const enter = () => navigate(inboxPaths.inbox, { replace: true });
  const restart = () => setStep({ name: 'password' });

  let content: ReactNode;
  switch (step.name) {
    case 'password':
      content = (
        <PasswordStep
          headingRef={headingRef}
          loggedOut={loggedOut}
          onDone={(next) => setStep(next === 'enrol' ? { name: 'enrol' } : { name: 'verify' })}
        />
      );
      break;
    case 'verify':
      content = <VerifyStep headingRef={headingRef} onDone={enter} onRestart={restart} />;
      break;
    case 'enrol':
      content = (
        <EnrolStep
          headingRef={headingRef}
          onDone={(codes) => setStep({ name: 'recovery-codes', codes })}
          onRestart={restart}
        />
      );
      break;
    case 'recovery-codes':
      content = <RecoveryCodes headingRef={headingRef} codes={step.codes} onDone={enter} />;
      break;
  }

  return (
    <InboxFrame>
      <div className="mx-auto grid max-w-md gap-6 px-4 py-10 sm:py-16">
        <p className="text-center text-xl font-bold text-brand-900">{company.name}</p>
        <div className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {content}
        </div>
      </div>
    </InboxFrame>
  );
}

interface StepProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
}

function StepHeading({ headingRef, children }: StepProps & { children: ReactNode }) {
  return (
    <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-950 focus:outline-none">
      {children}
    </h1>
  );
}

function fieldValue(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}

function PasswordStep({
  headingRef,
  loggedOut,
  onDone,
}: StepProps & { loggedOut: boolean; onDone: (next: 'enrol' | 'verify') => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = fieldValue(event.currentTarget, 'email').trim();
    const password = fieldValue(event.currentTarget, 'password');
    if (!email || !password) {
      setError(text.missingFields);
      (email ? passwordRef : emailRef).current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { next } = await staffApi.login(email, password);
      onDone(next);
    } catch (caught) {
      setBusy(false);
      setError(errorMessage(caught));
      if (passwordRef.current) passwordRef.current.value = '';
      passwordRef.current?.focus();
    }
  };

  const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': 'login-error' } : {};
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <StepHeading headingRef={headingRef}>{text.heading}</StepHeading>
      <p className="text-slate-700">{text.intro}</p>
      <LiveMessage message={loggedOut ? inboxText.shell.loggedOut : null} />
      <LiveMessage id="login-error" message={error} tone="error" />
      <FormField id="login-email" label={text.email}>
        {(control) => (
          <Input
            {...control}
            {...invalid}
            ref={emailRef}
            name="email"
            type="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField id="login-password" label={text.password}>
        {(control) => (
          <Input
            {...control}
            {...invalid}
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
          />
        )}
      </FormField>
      <Button type="submit" disabled={busy}>
        {busy ? text.submitting : text.submit}
      </Button>
    </form>
  );
}

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

function VerifyStep({
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

function EnrolStep({
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

function RecoveryCodes({ headingRef, codes, onDone }: StepProps & { codes: string[]; onDone: () => void }) {
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
        className="grid gap-2 rounded-lg bg-slate-100 p-4 font-mono text-lg text-slate-900 sm:grid-cols-2"
      >
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
