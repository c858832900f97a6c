import * as LabelPrimitive from '@radix-ui/react-label';
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

export interface LabelProps extends ComponentProps<typeof LabelPrimitive.Root> {
  /** Shows the spec's asterisk. It is hidden from screen readers: the field itself carries aria-required. */
  required?: boolean;
}

/** A form label. Always pair it with a field through `htmlFor` (FormField does this for you). */
export function Label({ required, className, children, ...props }: LabelProps) {
  return (
    <LabelPrimitive.Root className={cn('text-sm font-medium text-slate-900', className)} {...props}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-emergency-700">
          *
        </span>
      ) : null}
    </LabelPrimitive.Root>
  );
}

/** The one line per form that explains the asterisk (DESIGN §4). */
export function RequiredFieldsNote({ className }: { className?: string }) {
  return <p className={cn('text-sm text-slate-600', className)}>Felter markeret med * skal udfyldes.</p>;
}
