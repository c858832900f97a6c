import type { ReactNode } from 'react';

/**
 * A table of the figures page: it scrolls sideways on a phone (a focusable region named by its
 * caption, whose id is `${id}-caption`), under a header row of `columns`; `children` are its rows.
 */
export function FiguresTable({
  id,
  caption,
  captionClassName = 'sr-only',
  columns,
  children,
}: {
  id: string;
  caption: ReactNode;
  /** Default: read by screen readers only, the card's heading standing above the table. */
  captionClassName?: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
      <table className="w-full text-left">
        <caption id={`${id}-caption`} className={captionClassName}>
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-300 align-bottom">
            {columns.map((label) => (
              <th key={label} scope="col" className="px-2 py-2 first:pl-0">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A row of a FiguresTable: `name` heads it, `children` are its cells; the total row stands apart
 * under a heavier rule and in bold.
 */
export function FiguresRow({
  name,
  total = false,
  children,
}: {
  name: ReactNode;
  total?: boolean;
  children: ReactNode;
}) {
  return (
    <tr className={total ? 'border-t-2 border-slate-400 font-semibold' : 'border-b border-slate-200'}>
      <th scope="row" className="py-2 pr-2 text-left wrap-anywhere">
        {name}
      </th>
      {children}
    </tr>
  );
}
