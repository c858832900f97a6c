import { Icon, type IconName } from '~/components/icon';
import { cn } from '~/lib/cn';

export interface CheckListColumn {
  icon?: IconName;
  title: string;
  items: readonly string[];
}

/** Two or three headed check lists side by side, e.g. "Hvem vi hjælper" and "Sådan arbejder vi". */
export function CheckListColumns({ lists }: { lists: readonly CheckListColumn[] }) {
  return (
    <div className={cn('grid gap-6', lists.length >= 3 ? 'lg:grid-cols-3' : 'md:grid-cols-2')}>
      {lists.map((list) => {
        return (
          <div
            key={list.title}
            className="grid content-start gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
          >
            <h3 className="flex items-center gap-3 text-xl font-bold text-brand-950">
              {list.icon ? (
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon name={list.icon} className="size-5" />
                </span>
              ) : null}
              {list.title}
            </h3>
            <ul className="grid gap-3">
              {list.items.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700">
                  <Icon name="check" className="mt-1 size-5 shrink-0 text-brand-600" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
