import type { ReactNode, RefObject } from 'react';
import { inboxText } from '~/content/inbox';

/** What the login's steps share (./login-page.tsx, ./second-factor.tsx). */
export const text = inboxText.login;

export interface StepProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
}

export function StepHeading({ headingRef, children }: StepProps & { children: ReactNode }) {
  return (
    <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-950 focus:outline-none">
      {children}
    </h1>
  );
}

export function fieldValue(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}
