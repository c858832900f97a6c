import { Icon } from '~/components/icon';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '~/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '~/components/ui/dialog';
import type { ResourceRequestValues } from './resource-request-form';

/** What the dialog remembers about the chosen resource; both are sent with the request. */
export interface RequestableResource {
  /** e.g. '10 konkrete tips til en værdiredningsplan' (must match domain/resource-request.ts). */
  title: string;
  /** e.g. 'E-bog'; shown lowercased in the success toast. */
  type: string;
}

// The form (with its validation and the zod-based domain module) loads when a dialog first opens,
// or earlier when the pointer or focus reaches a request button.
const loadForm = () => import('./resource-request-form');
const ResourceRequestForm = lazy(loadForm);

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
 */
export function ResourceRequestButton({
  resource,
  children,
  variant = 'primary',
  className,
}: ResourceRequestButtonProps) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(emptyValues);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant={variant}
          className={className}
          onPointerEnter={() => void loadForm()}
          onFocus={() => void loadForm()}
        >
          <Icon name="download" />
          {children}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={resource.title}
        description={`Udfyld formularen, så sender vi dig ${resource.type.toLowerCase()} gratis på e-mail.`}
      >
        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-2 text-slate-600">
              <Icon name="loader-circle" className="size-5 animate-spin" />
              Indlæser formularen...
            </p>
          }
        >
          <ResourceRequestForm
            resource={resource}
            values={values}
            onValuesChange={setValues}
            onSent={() => {
              setValues(emptyValues);
              setOpen(false);
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
