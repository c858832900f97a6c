import type { LucideIcon } from 'lucide-react';
import type { ButtonVariant } from '~/components/ui/button';

/** A call to action: an internal route (`to`) or an external/tel:/mailto: link (`href`). */
export type Action = { label: string; variant?: ButtonVariant; icon?: LucideIcon } & (
  { to: string; href?: never } | { href: string; to?: never }
);

export interface Stat {
  value: string;
  label: string;
  icon: LucideIcon;
}
