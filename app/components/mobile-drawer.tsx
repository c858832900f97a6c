import { Icon } from '~/components/icon';
import { lazy, Suspense, useRef, useState } from 'react';
import { shellText } from '~/content/navigation';

// The drawer (and Radix Dialog with it) is loaded on first use, to keep every page's JavaScript
// small; hovering, focusing or touching the button starts the download early.
const loadPanel = () => import('~/components/mobile-drawer-panel');
const MobileDrawerPanel = lazy(loadPanel);

const drawerId = 'mobilmenu';

/** The phone menu: a 300 px drawer from the right. */
export function MobileDrawer() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-brand-900 hover:bg-brand-50 xl:hidden"
        aria-label={shellText.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onTouchStart={loadPanel}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Icon name="menu" className="size-6" />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <MobileDrawerPanel id={drawerId} open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
