import { useEffectEvent, useLayoutEffect } from 'react';
import type { NavigateFunction } from 'react-router';
import { inboxPaths } from '~/content/inbox';
import type { LeadSummary } from '../../../../domain/staff-api/leads';

/** True when the key press belongs to a field being typed in, so no shortcut may take it. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * The list's keyboard shortcuts, listened for on the whole page: j/k move to the next or previous
 * lead, o (or Enter on the page itself) opens it, e closes it, / goes to the search, ? lists them.
 */
export function useLeadListShortcuts({
  leads,
  activeId,
  move,
  rememberScroll,
  closeLead,
  navigate,
  setShortcutsOpen,
}: {
  leads: LeadSummary[];
  activeId: string | null;
  move: (step: 1 | -1) => void;
  rememberScroll: () => void;
  closeLead: (lead: LeadSummary) => Promise<void>;
  navigate: NavigateFunction;
  setShortcutsOpen: (open: boolean) => void;
}) {
  const onShortcut = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
    const active = leads.find((lead) => lead.id === activeId);
    switch (event.key) {
      case 'j':
      case 'k':
        event.preventDefault();
        move(event.key === 'j' ? 1 : -1);
        return;
      case 'o':
      case 'Enter': {
        // Enter on a link or button is theirs; on the page itself it opens the selected lead.
        if (event.key === 'Enter' && event.target !== document.body) return;
        if (!active) return;
        event.preventDefault();
        rememberScroll();
        void navigate(inboxPaths.lead(active.id));
        return;
      }
      case 'e':
        if (!active) return;
        event.preventDefault();
        void closeLead(active);
        return;
      case '/':
        event.preventDefault();
        document.getElementById('filter-q')?.focus();
        return;
      case '?':
        event.preventDefault();
        setShortcutsOpen(true);
        return;
    }
  });

  // Listening from the moment the list is on screen (a layout effect runs as it is shown, a plain
  // effect may come a little later), so a key pressed as soon as the list appears is not lost.
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => onShortcut(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
