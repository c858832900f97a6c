import { useEffect, useRef } from 'react';
import { Icon } from '~/components/icon';
import { inboxPagesText } from '~/content/inbox-pages';

const text = inboxPagesText.list;

/** The list's keyboard shortcuts in a modal <dialog> (Escape and "Luk" close it). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="shortcuts-heading"
      className="m-auto w-[min(32rem,calc(100vw-1rem))] rounded-2xl bg-white p-5 backdrop:bg-slate-950/70"
    >
      {open ? (
        <div className="grid gap-4">
          <div className="flex items-start justify-between gap-4">
            <h2 id="shortcuts-heading" className="text-xl font-bold text-brand-950">
              {text.shortcutsHeading}
            </h2>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              aria-label={text.closeShortcuts}
              className="rounded-md p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-500"
            >
              <Icon name="x" className="size-6" />
            </button>
          </div>
          <p className="text-slate-700">{text.shortcutsIntro}</p>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
            {text.shortcuts.map((shortcut) => (
              <div key={shortcut.action} className="contents">
                <dt className="flex flex-wrap items-center gap-1">
                  {shortcut.keys.map((key, index) => (
                    <span key={key} className="inline-flex items-center gap-1">
                      {index > 0 ? (
                        <span className="text-sm text-slate-600">{text.shortcutKeysJoin}</span>
                      ) : null}
                      <kbd className="rounded border border-slate-400 bg-slate-50 px-2 py-0.5 font-mono text-sm">
                        {key}
                      </kbd>
                    </span>
                  ))}
                </dt>
                <dd className="text-slate-900">{shortcut.action}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </dialog>
  );
}
