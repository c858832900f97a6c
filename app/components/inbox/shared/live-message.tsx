import { cn } from '~/lib/cn';

/**
 * A message that screen readers announce when it changes: a polite status, or an alert for an
 * error. The region is always in the page (empty when there is nothing to say), because a live
 * region added together with its text is not reliably announced.
 */
export function LiveMessage({
  message,
  tone = 'status',
  id,
  className,
}: {
  message: string | null | undefined;
  tone?: 'status' | 'error';
  id?: string;
  className?: string;
}) {
  const visible = Boolean(message);
  return (
    <p
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        visible
          ? tone === 'error'
            ? 'rounded-lg border border-emergency-700 bg-emergency-50 px-4 py-3 font-medium text-emergency-800'
            : 'rounded-lg border border-brand-600 bg-brand-50 px-4 py-3 font-medium text-brand-900'
          : 'sr-only',
        className,
      )}
    >
      {message}
    </p>
  );
}
