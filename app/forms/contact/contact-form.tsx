import '~/lib/zod-browser';
import { zodResolver } from '@hookform/resolvers/zod';
import { Icon } from '~/components/icon';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { contactLeadSchema, type ContactLead, type ContactLeadInput } from '../../../domain/contact';
import { serviceSelectOptions } from '../../../domain/enums';
import { ErrorSummary, summaryItems } from '~/components/ui/error-summary';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { RequiredFieldsNote } from '~/components/ui/label';
import { SubmitButton } from '~/components/ui/submit-button';
import { Select } from '~/components/ui/select';
import { Textarea } from '~/components/ui/textarea';
import { cn } from '~/lib/cn';
import { formActions, plainFormIds, type FormAnswer } from '../../../domain/plain-forms';
import { answeredValues, FormErrorNote, postedValue, useAnsweredErrors } from '../shared/posted-answer';
import { HoneypotField, useSpamGuard } from '../shared/spam-guard';
import { useContactSubmit } from './use-contact-submit';

/** Field name → DOM id, in visual order (the error summary lists errors in this order). */
const fieldIds = {
  name: 'contact-name',
  email: 'contact-email',
  phone: 'contact-phone',
  service: 'contact-service',
  message: 'contact-message',
} as const;

const emptyValues: ContactLeadInput = {
  kind: 'kontakt',
  name: '',
  email: '',
  phone: '',
  // The empty placeholder choice; the schema rejects it with 'Vælg en ydelse'.
  service: '' as ContactLeadInput['service'],
  message: '',
};

/**
 * The contact form of /contact: validated with the contact lead's schema, sent as a lead of kind
 * 'kontakt'. Self-contained: render it where the form goes. Before its code runs it is a plain
 * HTML form posting to its page; `answer` is the server's reply to such a post (the values, and
 * the messages of what it could not accept).
 */
export function ContactForm({ className, answer }: { className?: string; answer?: FormAnswer }) {
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    reset,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<ContactLeadInput, unknown, ContactLead>({
    resolver: zodResolver(contactLeadSchema),
    defaultValues: answeredValues(emptyValues, answer),
    errors: useAnsweredErrors<ContactLeadInput>(answer),
    // Focus goes to the error summary instead.
    shouldFocusError: false,
  });
  const onSent = useCallback(() => reset(emptyValues), [reset]);
  const submit = useContactSubmit(onSent, setError);
  const { honeypot, spamFields } = useSpamGuard();

  return (
    <form
      id={plainFormIds.kontakt}
      noValidate
      // Until its code runs (or when it never does) the browser posts the form to its page.
      method="post"
      action={formActions.kontakt}
      aria-label="Kontaktformular"
      // The values as typed, not the schema's output: the server validates them with the same schema.
      onSubmit={handleSubmit(() => submit({ ...getValues(), ...spamFields() }))}
      className={cn('grid gap-5', className)}
    >
      <RequiredFieldsNote />
      <FormErrorNote message={answer?.formError} />
      <ErrorSummary items={summaryItems(errors, fieldIds)} focusKey={submitCount} />
      <div className="grid gap-5 md:grid-cols-2">
        <FormField id={fieldIds.name} label="Navn" required error={errors.name?.message}>
          {(control) => (
            <Input {...control} {...register('name')} {...postedValue(answer, 'name')} autoComplete="name" />
          )}
        </FormField>
        <FormField id={fieldIds.email} label="E-mail" required error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('email')}
              {...postedValue(answer, 'email')}
              type="email"
              inputMode="email"
              autoComplete="email"
            />
          )}
        </FormField>
        <FormField id={fieldIds.phone} label="Telefon" error={errors.phone?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('phone')}
              {...postedValue(answer, 'phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
            />
          )}
        </FormField>
        <FormField
          id={fieldIds.service}
          label="Hvad drejer det sig om?"
          required
          error={errors.service?.message}
        >
          {(control) => (
            <Select
              {...control}
              {...register('service')}
              {...postedValue(answer, 'service')}
              options={serviceSelectOptions}
              placeholder="Vælg ydelse"
            />
          )}
        </FormField>
      </div>
      <FormField id={fieldIds.message} label="Besked" error={errors.message?.message}>
        {(control) => (
          <Textarea {...control} {...register('message')} {...postedValue(answer, 'message')} rows={6} />
        )}
      </FormField>
      <HoneypotField ref={honeypot} />
      <div>
        <SubmitButton size="lg" busy={isSubmitting} className="w-full sm:w-auto">
          <Icon name="send" />
          {isSubmitting ? 'Sender besked...' : 'Send besked'}
        </SubmitButton>
      </div>
    </form>
  );
}
