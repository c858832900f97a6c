import { Icon } from '~/components/icon';
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** "Indlæser …" with a spinner, announced politely, while a part of the page is on its way. */
export function LoadingNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={cn('flex items-center gap-2 text-slate-600', className)}>
      <Icon name="loader-circle" className="size-5 animate-spin" />
      {children}
    </p>
  );
}
