/**
 * What the visitor chose in the prerendered form before its code arrived (forms load on first
 * use): the form's code starts from it, so a choice made meanwhile stays made.
 */

/** The value of the checked radio of a group ('' on the server or when none is checked). */
export function chosenBefore(name: string): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLInputElement>(`form input[name="${name}"]:checked`)?.value ?? '';
}

/** Whether a checkbox was ticked (false on the server). */
export function tickedBefore(name: string): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector<HTMLInputElement>(`form input[name="${name}"]`)?.checked ?? false;
}
