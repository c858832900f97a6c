import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from './button';

/**
 * A form's submit button. Enabled from the first paint: before the page's scripts run (or when
 * they never do) the browser posts the form to its page, which takes it. While a send is in
 * flight (`busy`), the button says so with `aria-disabled` and ignores further presses; it is not
 * `disabled`, so it keeps its place in the tab order and focus stays on it.
 */
export function SubmitButton({
  busy,
  onClick,
  ...props
}: Omit<ButtonProps, 'type' | 'asChild' | 'disabled'> & { busy?: boolean }) {
  return (
    <Button
      type="submit"
      aria-disabled={busy || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        // A second press (or Enter in a field, which presses the button) would send the form twice.
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    />
  );
}
