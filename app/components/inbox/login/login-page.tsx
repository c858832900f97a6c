import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { company } from '../../../../domain/company';
import { inboxPaths, inboxText } from '~/content/inbox';
import { InboxFrame } from '../inbox-frame';
import { LiveMessage } from '../shared/live-message';
import { fieldValue, StepHeading, text, type StepProps } from './parts';
import type * as SecondFactorSteps from './second-factor';

type SecondFactor = typeof SecondFactorSteps;
let secondFactor: SecondFactor | undefined;

/** The steps after the password, loaded when the visitor starts logging in, not with the page. */
async function loadSecondFactor(): Promise<SecondFactor> {
  secondFactor ??= await import('./second-factor');
  return secondFactor;
}

/** The Danish message for a failed login; without the API client, the network failed. */
async function loginErrorMessage(error: unknown): Promise<string> {
  try {
    return (await import('../api')).errorMessage(error);
  } catch {
    return inboxText.errors.network;
  }
}

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
  const [steps, setSteps] = useState(secondFactor);
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
          onDone={async (next) => {
            setSteps(await loadSecondFactor());
            setStep(next === 'enrol' ? { name: 'enrol' } : { name: 'verify' });
          }}
        />
      );
      break;
    case 'verify':
      content = steps ? (
        <steps.VerifyStep headingRef={headingRef} onDone={enter} onRestart={restart} />
      ) : null;
      break;
    case 'enrol':
      content = steps ? (
        <steps.EnrolStep
          headingRef={headingRef}
          onDone={(codes) => setStep({ name: 'recovery-codes', codes })}
          onRestart={restart}
        />
      ) : null;
      break;
    case 'recovery-codes':
      content = steps ? (
        <steps.RecoveryCodes headingRef={headingRef} codes={step.codes} onDone={enter} />
      ) : null;
      break;
  }

  // Starting to fill in the form fetches the next steps, so they are there when the password is.
  return (
    <InboxFrame>
      <div
        className="mx-auto grid max-w-md gap-6 px-4 py-10 sm:py-16"
        onFocusCapture={() => void loadSecondFactor().catch(() => undefined)}
      >
        <p className="text-center text-xl font-bold text-brand-900">{company.name}</p>
        <div className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {content}
        </div>
      </div>
    </InboxFrame>
  );
}

function PasswordStep({
  headingRef,
  loggedOut,
  onDone,
}: StepProps & { loggedOut: boolean; onDone: (next: 'enrol' | 'verify') => Promise<void> }) {
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
      // The API client comes with the first submit (or focus), not with the page.
      const { staffApi } = await import('../api');
      const { next } = await staffApi.login(email, password);
      await onDone(next);
    } catch (caught) {
      setBusy(false);
      setError(await loginErrorMessage(caught));
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

/**
 * What the login route shows if the login page itself fails (it loads no data, so the error is
 * never the server's): a plain message and a link that loads the login page again.
 */
export function LoginFrameError() {
  return (
    <InboxFrame>
      <div className="mx-auto grid max-w-md gap-4 px-4 py-10 sm:py-16">
        <h1 className="text-2xl font-bold text-brand-950">{inboxText.errors.pageTitle}</h1>
        <p role="alert" className="text-lg">
          {inboxText.errors.generic}
        </p>
        <a href={inboxPaths.login} className={buttonClasses('primary', 'md', 'justify-self-start')}>
          {inboxText.errors.retry}
        </a>
      </div>
    </InboxFrame>
  );
}
