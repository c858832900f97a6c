import type { Action } from '~/components/sections/types';
import { company, telHref } from '../../../domain/company';

/**
 * A page's own call to action followed by the phone call every service page offers beside it:
 * one place, so the number and how the button looks stay the same on every page.
 */
export function withCallAction(first: Action): Action[] {
  return [
    first,
    { label: `Ring ${company.phoneDisplay}`, href: telHref, variant: 'ghostLight', icon: 'phone' },
  ];
}
