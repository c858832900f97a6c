import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { Label } from './label';

/** The attributes FormField hands to its control: spread them onto the Input/Select/Textarea. */
export interface FieldControlProps {
  id: string;
  'aria-required'?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  /** The control's DOM id; the error summary links to `#id`. Prefix it per form (e.g. 'contact-name'). */
  id: string;
  label: ReactNode;
  required?: boolean;
  /** Danish error message; shown under the field and tied to it with aria-describedby. */
  error?: string;
  /** Help text under the label, also tied with aria-describedby. */
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One labelled field of the accessible form pattern.
 *
 *   <FormField id="contact-email" label="E-mail" required error={errors.email?.message}>
 *     {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" />}
 *   </FormField>
 */
export function FormField({ id, label, required, error, hint, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        'aria-required': required ? true : undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The inline error line under a field (or a group of fields). Renders nothing without a message. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-emergency-700">
      {message}
    </p>
  );
}
