import { Icon } from '~/components/icon';
import { Link } from 'react-router';
import type { Action } from '~/components/sections/types';
import { Button } from '~/components/ui/button';

/** Renders an Action as a button-styled link. */
export function ActionLink({ action, size = 'lg' }: { action: Action; size?: 'sm' | 'md' | 'lg' }) {
  const content = (
    <>
      {action.icon ? <Icon name={action.icon} /> : null}
      {action.label}
    </>
  );
  return (
    <Button asChild variant={action.variant ?? 'primary'} size={size}>
      {action.to !== undefined ? <Link to={action.to}>{content}</Link> : <a href={action.href}>{content}</a>}
    </Button>
  );
}

export function ActionRow({ actions, className }: { actions: readonly Action[]; className?: string }) {
  return (
    <div className={className ?? 'flex flex-wrap gap-3'}>
      {actions.map((action) => (
        <ActionLink key={action.label} action={action} />
      ))}
    </div>
  );
}
