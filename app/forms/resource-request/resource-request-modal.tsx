import { lazy, Suspense, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { definiteResourceType } from '../../../domain/resources';
import { Dialog, DialogContent } from '~/components/ui/dialog';
import { LoadingNote } from '~/components/ui/loading-note';
import type { RequestableResource } from './resource-request-dialog';
import type { ResourceRequestValues } from './resource-request-form';

// The form (with its validation and the zod-based domain module) loads with the dialog's first opening.
const ResourceRequestForm = lazy(() => import('./resource-request-form'));

export interface ResourceRequestModalProps {
  resource: RequestableResource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  values: ResourceRequestValues;
  onValuesChange: Dispatch<SetStateAction<ResourceRequestValues>>;
  onSent: () => void;
  /** The button that opened the dialog: focus goes back to it when the dialog closes. */
  opener: RefObject<HTMLElement | null>;
}

/** The request dialog itself (Radix Dialog: focus trap, Escape, background inert), loaded on first use. */
export function ResourceRequestModal({
  resource,
  open,
  onOpenChange,
  values,
  onValuesChange,
  onSent,
  opener,
}: ResourceRequestModalProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={resource.title}
        description={`Udfyld formularen, så sender vi dig ${definiteResourceType(resource.type)} gratis på e-mail.`}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <Suspense fallback={<LoadingNote>Indlæser formularen...</LoadingNote>}>
          <ResourceRequestForm
            resource={resource}
            values={values}
            onValuesChange={onValuesChange}
            onSent={onSent}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
