import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

/** Shared look of text-like fields; `aria-invalid` turns the border red. */
export const fieldClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-emergency-700 aria-invalid:focus-visible:outline-emergency-600/40';

/** A text input (type text, email, tel, …). Pass `autoComplete`/`inputMode` for the field's meaning. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClass, 'h-12', className)} {...props} />;
}
