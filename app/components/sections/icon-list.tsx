import { Icon, type IconName } from '~/components/icon';
import { cn } from '~/lib/cn';

export interface IconListItem {
  icon: IconName;
  title: string;
  text: string;
}

/**
 * Short points with an icon, a heading and a sentence (highlights, tips, follow-up help).
 * `columns` spreads them side by side on wide screens; the default stacks them.
 */
export function IconList({
  items,
  columns = 1,
  headingLevel = 3,
  tone = 'brand',
}: {
  items: readonly IconListItem[];
  columns?: 1 | 2 | 3;
  headingLevel?: 3 | 4;
  tone?: 'brand' | 'emergency';
}) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const grid = { 1: '', 2: 'md:grid-cols-2', 3: 'md:grid-cols-3' }[columns];
  return (
    <ul className={cn('grid gap-4', grid)}>
      {items.map((item) => {
        return (
          <li
            key={item.title}
            className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <span
              className={cn(
                'inline-flex size-11 shrink-0 items-center justify-center rounded-xl',
                tone === 'emergency' ? 'bg-emergency-100 text-emergency-700' : 'bg-brand-100 text-brand-700',
              )}
            >
              <Icon name={item.icon} className="size-6" />
            </span>
            <div className="grid content-start gap-1">
              <Heading className="text-lg font-bold text-brand-950">{item.title}</Heading>
              <p className="text-slate-700">{item.text}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
