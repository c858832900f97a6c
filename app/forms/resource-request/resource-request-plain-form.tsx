import { resourceRequestMessages } from '../../../domain/resource-request';
import { definiteResourceType } from '../../../domain/resources';
import { ErrorSummary, summaryItems } from '~/components/ui/error-summary';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { RequiredFieldsNote } from '~/components/ui/label';
import { SubmitButton } from '~/components/ui/submit-button';
import { resourceFormAction, resourceFormId, type FormAnswer } from '../../../domain/plain-forms';
import { FormErrorNote } from '../shared/posted-answer';
import { HoneypotField } from '../shared/spam-guard';
import { resourceFieldIds, resourceFieldMessages, resourceRequestFields } from './field-messages';

const requiredFields = ['fullName', 'email', 'phone'] as const;

/**
 * The answer's messages as the dialog words them: the schema says 'Navn, e-mail og telefonnummer
 * skal udfyldes.' for each empty required field, the dialog names the field.
 */
function shownErrors(errors: Readonly<Record<string, string>>): Record<string, string> {
  const shown: Record<string, string> = { ...errors };
  for (const name of requiredFields) {
    if (shown[name] === resourceRequestMessages.requiredDescription)
      shown[name] = resourceFieldMessages[name];
  }
  return shown;
}

/** A resource as its plain form names it: its catalogue id (domain/resources.ts), title and type. */
export interface PlainFormResource {
  id: string;
  title: string;
  type: string;
}

/**
 * The request form of one resource as plain HTML, for a visitor whose browser runs no scripts (or
 * has not yet): the same fields as the dialog's form, the resource in hidden fields, posted to
 * /resources. The server renders it again with `answer` when it cannot take the request.
 *
 * It has no state and no handlers: /resources puts its HTML into the page from its loader, so
 * none of this (nor the lead schema's module it reads messages from) adds to the page's JavaScript.
 */
export function ResourceRequestPlainForm({
  resource,
  answer,
}: {
  resource: PlainFormResource;
  answer?: FormAnswer;
}) {
  const formId = resourceFormId(resource.id);
  const ids = resourceFieldIds(formId);
  const errors = shownErrors(answer?.errors ?? {});
  // What the dialog says in its toast when a required field is empty, said here above the form.
  const requiredNote = requiredFields.some(
    (name) => answer?.errors[name] === resourceRequestMessages.requiredDescription,
  )
    ? resourceRequestMessages.requiredDescription
    : undefined;
  const value = (name: string) => answer?.values[name] ?? '';
  const summary = summaryItems(
    Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, { message }])),
    ids,
  );
  return (
    <form
      id={formId}
      noValidate
      method="post"
      action={resourceFormAction(resource.id)}
      aria-label={`Bestil ${resource.title}`}
      className="grid gap-4"
    >
      <p className="text-slate-700">
        Udfyld formularen, så sender vi dig {definiteResourceType(resource.type)} gratis på e-mail.
      </p>
      <RequiredFieldsNote />
      {/* A resource the catalogue does not know is no field's fault: it is said for the form. */}
      <FormErrorNote message={answer?.formError ?? errors.resourceTitle ?? errors.resourceType} />
      <FormErrorNote message={requiredNote} />
      <ErrorSummary items={summary} focusKey={0} />
      <HoneypotField />
      <input type="hidden" name="resourceTitle" value={resource.title} />
      <input type="hidden" name="resourceType" value={resource.type} />
      {resourceRequestFields.map((field) => (
        <FormField
          key={field.name}
          id={ids[field.name]}
          label={field.label}
          required={field.required}
          error={errors[field.name]}
        >
          {(control) => (
            <Input {...control} {...field.input} name={field.name} defaultValue={value(field.name)} />
          )}
        </FormField>
      ))}
      <div>
        <SubmitButton>Send anmodning</SubmitButton>
      </div>
    </form>
  );
}
