import { Icon } from '~/components/icon';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { findResourceByTitle } from '../../../domain/resources';
import { buttonClasses, type ButtonVariant } from '~/components/ui/button';
import { LoadingNote } from '~/components/ui/loading-note';
import { useHydrated } from '~/lib/use-hydrated';
import { resourceSectionId } from '../../../domain/plain-forms';
import { useFormTokenPrefetch } from '../shared/form-token';
import type { ResourceRequestValues } from './resource-request-form';
import type { ResourceRequestModalProps } from './resource-request-modal';

/** What the dialog remembers about the chosen resource; both are sent with the request. */
export interface RequestableResource {
  /** e.g. '10 konkrete tips til en værdiredningsplan' (must match domain/resource-request.ts). */
  title: string;
  /** e.g. 'E-bog'; the dialog and its success toast name it in its definite form ('e-bogen'). */
  type: string;
}

// The dialog and its form (Radix Dialog, the validation, the zod-based domain module) load when a
// dialog first opens, or earlier when the pointer or focus reaches a request button.
const loadModal = () => import('./resource-request-modal');
const loadForm = () => import('./resource-request-form');
// Both chunks are needed before the dialog opens. When either cannot be loaded (a dropped
// connection, a blocked script), the request goes to the resource's plain form on the page instead.
const ResourceRequestModal = lazy((): Promise<{ default: ComponentType<ResourceRequestModalProps> }> =>
  Promise.all([loadModal(), loadForm()]).then(
    ([module]) => ({ default: module.ResourceRequestModal }),
    () => ({ default: ShowPlainForm }),
  ),
);

function ShowPlainForm({ resource, onOpenChange }: ResourceRequestModalProps) {
  useEffect(() => {
    const id = findResourceByTitle(resource.title)?.id;
    onOpenChange(false);
    if (id) window.location.hash = resourceSectionId(id);
  }, [resource.title, onOpenChange]);
  return null;
}
const preload = () => {
  // Only a head start: a failure shows when the dialog is opened.
  loadModal().catch(() => {});
  loadForm().catch(() => {});
};

const emptyValues: ResourceRequestValues = { fullName: '', email: '', phone: '', companyName: '' };

export interface ResourceRequestButtonProps {
  resource: RequestableResource;
  /** The button's text, e.g. 'Hent e-bogen gratis'. */
  children: ReactNode;
  variant?: ButtonVariant;
  className?: string;
}

/**
 * A resource's request button and its dialog: full name, e-mail, phone and optional company; on
 * success the fields reset and the dialog closes; 'Annuller' closes it and keeps what was typed.
 *
 * The button is a link to the resource's plain request form on the page (/resources#hent-…),
 * which is where it leads before the page's scripts run, or when they never do; once they run,
 * it opens the dialog instead.
 */
export function ResourceRequestButton({
  resource,
  children,
  variant = 'primary',
  className,
}: ResourceRequestButtonProps) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted, so it can animate out and keeps what was typed.
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState(emptyValues);
  const opener = useRef<HTMLAnchorElement>(null);
  const resourceId = findResourceByTitle(resource.title)?.id;
  const hydrated = useHydrated();
  const openDialog = () => {
    setOpened(true);
    setOpen(true);
  };
  // The token is fetched when the page opens, not when the dialog does: someone whose browser
  // fills the dialog in at once has still spent seconds on the page.
  useFormTokenPrefetch();

  return (
    <>
      <a
        ref={opener}
        href={resourceId ? `#${resourceSectionId(resourceId)}` : undefined}
        // A link to the plain form until the page's scripts run; then a button that opens the dialog.
        role={hydrated ? 'button' : undefined}
        className={buttonClasses(variant, 'md', className)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          event.preventDefault();
          openDialog();
        }}
        onKeyDown={(event) => {
          // Space presses a button; a link takes only Enter.
          if (event.key === ' ') {
            event.preventDefault();
            openDialog();
          }
        }}
      >
        <Icon name="download" />
        {children}
      </a>
      {opened ? (
        // Shown under the button on a slow connection, until the dialog's code has arrived.
        <Suspense fallback={<LoadingNote className="mt-2 text-sm">Åbner formularen...</LoadingNote>}>
          <ResourceRequestModal
            resource={resource}
            open={open}
            onOpenChange={setOpen}
            values={values}
            onValuesChange={setValues}
            onSent={() => {
              setValues(emptyValues);
              setOpen(false);
            }}
            opener={opener}
          />
        </Suspense>
      ) : null}
    </>
  );
}
