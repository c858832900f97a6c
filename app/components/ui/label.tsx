import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

export interface LabelProps extends ComponentProps<'label'> {
  /** Shows the required-field asterisk. It is hidden from screen readers: the field itself carries aria-required. */
  required?: boolean;
}

/**
 * A form label. Always pair it with a field through `htmlFor` (FormField does this for you).
 * A double click on it focuses the field without selecting the label's text.
 */
export function Label({ required, className, children, onMouseDown, ...props }: LabelProps) {
  return (
    <label
      className={cn('text-sm font-medium text-slate-900', className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    >
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-emergency-700">
          *
        </span>
      ) : null}
    </label>
  );
}

/** The one line per form that explains the asterisk. */
export function RequiredFieldsNote({ className }: { className?: string }) {
  return <p className={cn('text-sm text-slate-600', className)}>Felter markeret med * skal udfyldes.</p>;
}
