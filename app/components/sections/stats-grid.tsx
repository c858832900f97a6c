import { Icon } from '~/components/icon';
import type { Stat } from '~/components/sections/types';
import { cn } from '~/lib/cn';

/** Key figures, e.g. "10+ års erfaring"; the counted ones are swapped in by the server (domain/claims.ts). */
export function StatsGrid({ stats, onDark = false }: { stats: readonly Stat[]; onDark?: boolean }) {
  return (
    <dl className={cn('grid gap-4', stats.length >= 4 ? 'grid-cols-2 lg:grid-cols-4' : 'grid-cols-3')}>
      {stats.map((stat) => {
        return (
          <div
            key={stat.label}
            className={cn(
              'flex flex-col items-center gap-1 rounded-2xl p-3 text-center sm:gap-2 sm:p-5',
              onDark ? 'bg-white/10 text-white' : 'bg-white text-brand-950 shadow-sm ring-1 ring-slate-200',
            )}
          >
            <dt className={cn('order-last text-sm', onDark ? 'text-white/85' : 'text-slate-600')}>
              {stat.label}
            </dt>
            {/* A <dl> group holds only <dt> and <dd>, so the icon is drawn inside the value. */}
            <dd className="flex flex-col items-center gap-1 text-2xl font-bold sm:gap-2 sm:text-3xl">
              <Icon name={stat.icon} className={cn('size-7', onDark ? 'text-brand-200' : 'text-brand-600')} />
              {stat.value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
