import { Icon } from '~/components/icon';
import { useEffect, useId, useRef } from 'react';
import { cn } from '~/lib/cn';

export interface SummaryItem {
  /** The DOM id of the field to focus. */
  id: string;
  message: string;
}

export interface ErrorSummaryProps {
  items: readonly SummaryItem[];
  /**
   * Bump on every failed submit (react-hook-form's `submitCount` works): the summary then takes focus
   * so keyboard and screen-reader users land on the list of what to fix.
   */
  focusKey: number;
  className?: string;
}

/**
 * 'Ret venligst følgende': the list of a form's errors after a failed submit, each linking to its
 * field. Use with `useForm({ shouldFocusError: false })` so focus comes here, not to a field.
 */
export function ErrorSummary({ items, focusKey, className }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const hasItems = items.length > 0;

  useEffect(() => {
    if (focusKey > 0 && hasItems) ref.current?.focus();
    // Only a new submit moves focus; errors fixed while typing must not steal it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);

  if (!hasItems) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className={cn(
        'scroll-mt-28 rounded-lg border-2 border-emergency-700 bg-emergency-50 p-4 text-emergency-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emergency-600',
        className,
      )}
    >
      <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold">
        <Icon name="circle-exclamation-point" className="size-5 shrink-0" />
        Ret venligst følgende
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-7 text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              className="underline underline-offset-2 hover:no-underline"
              onClick={(event) => {
                event.preventDefault();
                const field = document.getElementById(item.id);
                field?.focus();
                field?.scrollIntoView?.({ block: 'center' });
              }}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Turns react-hook-form errors into summary items in the form's visual order.
 * `fieldIds` maps each field name to its DOM id, in the order the fields appear.
 */
export function summaryItems(
  errors: Partial<Record<string, { message?: unknown } | undefined>>,
  fieldIds: Readonly<Record<string, string>>,
): SummaryItem[] {
  const items: SummaryItem[] = [];
  for (const [name, id] of Object.entries(fieldIds)) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) items.push({ id, message });
  }
  return items;
}
