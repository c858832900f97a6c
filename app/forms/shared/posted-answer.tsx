import { useEffect, useRef, useState } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { FieldError } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { photoFieldName, type FormAnswer } from '../../../domain/plain-forms';

/**
 * Helpers for a form rendered again by the server with what a visitor posted without JavaScript
 * (domain/plain-forms.ts). react-hook-form's `register` leaves the value out of the HTML, so the posted
 * values go in as the fields' `defaultValue`s; its errors come from `useForm({ errors })`, which
 * are in `formState.errors` from the first render on, the server's included.
 */

/** The form's empty values with the posted ones in their place (text values only; never `kind`). */
export function answeredValues<Values extends object>(empty: Values, answer: FormAnswer | undefined): Values {
  if (!answer) return empty;
  const values: Record<string, unknown> = { ...(empty as Record<string, unknown>) };
  for (const [name, initial] of Object.entries(empty)) {
    const posted = answer.values[name];
    if (name !== 'kind' && typeof initial === 'string' && typeof posted === 'string') values[name] = posted;
  }
  return values as Values;
}

/**
 * The checked radio of a group in the prerendered form, chosen before the form's code arrived
 * (forms load on first use): the form starts from it. '' on the server or when none is checked.
 */
export function chosenBefore(name: string): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLInputElement>(`form input[name="${name}"]:checked`)?.value ?? '';
}

/** Whether a checkbox of the prerendered form was ticked before the form's code arrived (false on the server). */
export function tickedBefore(name: string): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector<HTMLInputElement>(`form input[name="${name}"]`)?.checked ?? false;
}

/**
 * The answer's messages as react-hook-form errors, for `useForm({ errors })`. Kept in state: a new
 * object on every render would make react-hook-form put them back after each of its own checks.
 */
export function useAnsweredErrors<Values extends FieldValues>(
  answer: FormAnswer | undefined,
): FieldErrors<Values> | undefined {
  const [errors] = useState(() =>
    answer
      ? (Object.fromEntries(
          Object.entries(answer.errors).map(([name, message]) => [name, { type: 'server', message }]),
        ) as FieldErrors<Values>)
      : undefined,
  );
  return errors;
}

/**
 * `defaultValue` for a registered text field, select or textarea: the posted value in the
 * server's HTML. Nothing without an answer, so the scripted form behaves as it always did.
 */
export function postedValue(answer: FormAnswer | undefined, name: string): { defaultValue?: string } {
  return answer ? { defaultValue: answer.values[name] ?? '' } : {};
}

/** A message about the whole form from the server (over the limit, the store unreachable, …). */
export function FormErrorNote({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border-2 border-emergency-700 bg-emergency-50 p-4 text-sm font-medium text-emergency-900"
    >
      {message}
    </p>
  );
}

/** Why the photos must be chosen again: the form came back, and files never come back with it. */
export const photosDroppedMessage = 'Billederne blev ikke sendt med. Vælg dem igen.';

export interface PlainPhotoInputProps {
  id: string;
  /** The limits, in Danish ('Højst 3 billeder, hvert på højst 10 MB.'), shown above the input. */
  hint?: string;
  /** The id of a hint the form already shows about the photos, instead of `hint`. */
  describedBy?: string;
  /** The server could not keep the photos posted with the form. */
  photosDropped?: boolean;
  error?: string;
  /**
   * When the scripted picker takes the input's place: the photos chosen in it meanwhile (a visitor
   * may choose them before the form's code has arrived), which the picker then takes over.
   */
  onHandOver?: (files: File[]) => void;
}

/**
 * The photo input of a form before its code runs: the browser's own file input, posted with the
 * form as multipart. The scripted picker takes its place once the form's code has loaded.
 */
export function PlainPhotoInput({
  id,
  hint,
  describedBy,
  photosDropped,
  error,
  onHandOver,
}: PlainPhotoInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const handOver = useRef(onHandOver);
  useEffect(() => {
    handOver.current = onHandOver;
  });
  useEffect(() => {
    const element = input.current;
    return () => {
      const files = Array.from(element?.files ?? []);
      if (files.length > 0) handOver.current?.(files);
    };
  }, []);
  const hintId = hint ? `${id}-hint` : describedBy;
  const droppedId = photosDropped ? `${id}-dropped` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Tilføj billeder</Label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {photosDropped ? (
        <p id={droppedId} className="text-sm font-medium text-emergency-700">
          {photosDroppedMessage}
        </p>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        name={photoFieldName}
        multiple
        accept="image/*"
        aria-describedby={[hintId, droppedId, errorId].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        className="block w-full rounded-lg border border-slate-400 bg-white p-2 text-sm text-slate-900 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
