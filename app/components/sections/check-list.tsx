import { Icon } from '~/components/icon';
import { cn } from '~/lib/cn';

/**
 * A list of short points with check marks (benefits, what is included, a checklist). A plain
 * <ul>, so screen readers announce the count.
 */
export function CheckList({
  items,
  columns = 1,
  className,
}: {
  items: readonly string[];
  columns?: 1 | 2 | 3;
  className?: string;
}) {
  const grid = { 1: '', 2: 'md:grid-cols-2', 3: 'md:grid-cols-2 lg:grid-cols-3' }[columns];
  return (
    <ul className={cn('grid gap-3', grid, className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-800">
          <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Icon name="check" className="size-4" />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
