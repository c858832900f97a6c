import type { IconName } from '~/components/icon';
import type { ButtonVariant } from '~/components/ui/button';

/** A call to action: an internal route (`to`) or an external/tel:/mailto: link (`href`). */
export type Action = { label: string; variant?: ButtonVariant; icon?: IconName } & (
  { to: string; href?: never } | { href: string; to?: never }
);

export interface Stat {
  value: string;
  label: string;
  icon: IconName;
}
