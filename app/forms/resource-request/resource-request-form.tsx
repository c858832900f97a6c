import { useId, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { fieldErrors as schemaFieldErrors } from '../../../domain/fields';
import {
  checkResourceRequest,
  resourceRequestLeadSchema,
  type ResourceRequestFormValues,
  type ResourceRequestLeadInput,
} from '../../../domain/resource-request';
import { Button } from '~/components/ui/button';
import { DialogClose } from '~/components/ui/dialog';
import { ErrorSummary, type SummaryItem } from '~/components/ui/error-summary';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { RequiredFieldsNote } from '~/components/ui/label';
import { toast } from '~/components/ui/use-toast';
import { resourceFieldIds, resourceFieldMessages, resourceRequestFields } from './field-messages';
import type { RequestableResource } from './resource-request-dialog';
import { useResourceRequestSubmit } from './use-resource-request-submit';
import { HoneypotField, useSpamGuard } from '../shared/spam-guard';

export type ResourceRequestValues = Required<ResourceRequestFormValues>;
type FieldName = keyof ResourceRequestValues;

const fieldMessages = resourceFieldMessages;

/** Per-field messages for the inline errors of the client checks; their toasts have their own wording. */
function fieldErrors(values: ResourceRequestFormValues): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  if (!values.fullName.trim()) errors.fullName = fieldMessages.fullName;
  if (!values.email.trim()) errors.email = fieldMessages.email;
  // The domain check owns the dialog's e-mail pattern; ask it about the e-mail alone.
  else if (checkResourceRequest({ fullName: '-', email: values.email, phone: '-' }))
    errors.email = fieldMessages.emailInvalid;
  if (!values.phone.trim()) errors.phone = fieldMessages.phone;
  return errors;
}

export interface ResourceRequestFormProps {
  resource: RequestableResource;
  /** Kept by the dialog's opener, so typed values survive closing with 'Annuller'. */
  values: ResourceRequestValues;
  onValuesChange: Dispatch<SetStateAction<ResourceRequestValues>>;
  /** Called after the request was accepted (the opener resets the values and closes the dialog). */
  onSent: () => void;
}

/**
 * The dialog's form: full name, e-mail, phone, optional company. Its own checks (with their toasts)
 * come first; what passes them is checked with the resource request lead's schema and sent as a
 * lead of kind 'ressource'. Loaded only when a dialog opens, so the resources page does not ship
 * the validation code up front.
 */
export default function ResourceRequestForm({
  resource,
  values,
  onValuesChange,
  onSent,
}: ResourceRequestFormProps) {
  const idPrefix = useId();
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failedSubmits, setFailedSubmits] = useState(0);
  const { send, isSending } = useResourceRequestSubmit();
  const { honeypot, spamFields } = useSpamGuard();

  const ids = resourceFieldIds(idPrefix);
  const summary: SummaryItem[] = resourceRequestFields.flatMap(({ name }) =>
    errors[name] ? [{ id: ids[name], message: errors[name] }] : [],
  );

  function update(name: FieldName, value: string) {
    onValuesChange((current) => ({ ...current, [name]: value }));
    // A corrected field loses its error at once; new errors appear only on submit.
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const problem = checkResourceRequest(values);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      setErrors(fieldErrors(values));
      setFailedSubmits((count) => count + 1);
      return;
    }
    const lead: ResourceRequestLeadInput = {
      kind: 'ressource',
      fullName: values.fullName,
      email: values.email,
      phone: values.phone,
      companyName: values.companyName,
      resourceTitle: resource.title,
      resourceType: resource.type,
      ...spamFields(),
    };
    // What the server would refuse (e.g. a phone number that is not one) is said at the field.
    const checked = resourceRequestLeadSchema.safeParse(lead);
    if (!checked.success) {
      const found = schemaFieldErrors(checked.error);
      setErrors({
        fullName: found.fullName,
        email: found.email,
        phone: found.phone,
        companyName: found.companyName,
      });
      setFailedSubmits((count) => count + 1);
      return;
    }
    setErrors({});
    const sent = await send(lead);
    if (sent) onSent();
  }

  return (
    <form noValidate method="post" onSubmit={onSubmit} className="grid gap-4">
      <RequiredFieldsNote />
      <ErrorSummary items={summary} focusKey={failedSubmits} />
      <HoneypotField ref={honeypot} />
      {resourceRequestFields.map((field) => (
        <FormField
          key={field.name}
          id={ids[field.name]}
          label={field.label}
          required={field.required}
          error={errors[field.name]}
        >
          {(control) => (
            <Input
              {...control}
              {...field.input}
              name={field.name}
              value={values[field.name]}
              onChange={(event) => update(field.name, event.target.value)}
            />
          )}
        </FormField>
      ))}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Annuller
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSending}>
          {isSending ? 'Sender...' : 'Send anmodning'}
        </Button>
      </div>
    </form>
  );
}
