import { Icon, type IconName } from '~/components/icon';
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/**
 * A boxed hint, e.g. "Er det akut? Ring til os". `emergency` draws it in red; the text stays dark
 * on a pale background for AA contrast.
 */
export function Callout({
  icon,
  title,
  children,
  tone = 'brand',
  className,
}: {
  icon: IconName;
  title: string;
  children: ReactNode;
  tone?: 'brand' | 'emergency';
  className?: string;
}) {
  const emergency = tone === 'emergency';
  return (
    <aside
      aria-label={title}
      className={cn(
        'flex gap-4 rounded-2xl border-l-4 p-5 sm:p-6',
        emergency ? 'border-emergency-700 bg-emergency-50' : 'border-brand-700 bg-brand-50',
        className,
      )}
    >
      <Icon
        name={icon}
        className={cn('mt-0.5 size-6 shrink-0', emergency ? 'text-emergency-700' : 'text-brand-700')}
      />
      <div className="grid gap-2 text-slate-800">
        <p className="text-lg font-bold text-slate-900">{title}</p>
        {children}
      </div>
    </aside>
  );
}
