import * as Dialog from '@radix-ui/react-dialog';
import { Icon } from '~/components/icon';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { MainNavLink } from '~/components/main-nav-link';
import { Button } from '~/components/ui/button';
import { company, telHref } from '../../domain/company';
import { headerActions, mainNavigation, shellText } from '~/content/navigation';

/**
 * The drawer itself, loaded on first use. Radix Dialog gives the focus trap, Escape to close and
 * focus returning to the menu button; choosing a link closes it.
 */
export default function MobileDrawerPanel({
  id,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: it lives outside the dialog (it is not a Radix Trigger), so focus is returned by hand. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" data-site-drawer />
        <Dialog.Content
          id={id}
          data-site-drawer
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[300px] max-w-full flex-col gap-6 overflow-y-auto bg-white p-6 shadow-2xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold text-brand-900">{shellText.drawerTitle}</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-brand-50"
                aria-label={shellText.closeMenu}
              >
                <Icon name="x" className="size-6" />
              </button>
            </Dialog.Close>
          </div>
          <nav aria-label={shellText.mainNavLabel}>
            <ul className="grid gap-1">
              {mainNavigation.map((item) => (
                <li key={item.to}>
                  <MainNavLink
                    to={item.to}
                    label={item.label}
                    onNavigate={close}
                    className="block rounded-lg px-3 py-3 text-lg font-medium text-slate-800 hover:bg-brand-50"
                    activeClassName="bg-brand-50 font-semibold text-brand-800"
                  />
                </li>
              ))}
            </ul>
          </nav>
          <div className="grid gap-3">
            <Button asChild variant="emergency">
              <Link to={headerActions.emergency.to} onClick={close}>
                <Icon name="triangle-exclamation-point" />
                {headerActions.emergency.label}
              </Link>
            </Button>
            <Button asChild variant="primary">
              <Link to={headerActions.report.to} onClick={close}>
                <Icon name="file-text" />
                {headerActions.report.label}
              </Link>
            </Button>
            <a href={telHref} className="mt-2 inline-flex items-center gap-2 font-semibold text-brand-800">
              <Icon name="phone" className="size-5" />
              {company.phoneDisplay}
            </a>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
