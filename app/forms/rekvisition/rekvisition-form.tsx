import '~/lib/zod-browser';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { limits } from '../../../domain/constants';
import {
  rekvisitionLeadSchema,
  rekvisitionUrgencyLabels,
  rekvisitionUrgencies,
  type RekvisitionLead,
  type RekvisitionLeadInput,
} from '../../../domain/rekvisition';
import { ErrorSummary, summaryItems } from '~/components/ui/error-summary';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { RequiredFieldsNote } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { Textarea } from '~/components/ui/textarea';
import { cn } from '~/lib/cn';
import { useHydrated } from '~/lib/use-hydrated';
import { rekvisitionFormText as text } from '~/content/pages/rekvisition-form';
import { AddressField, DamageTypeField, InsurerField } from '../shared/damage-fields';
import { FormPhotos } from '../shared/photo-picker/form-photos';
import { usePhotoUploads } from '../shared/photo-picker/use-photo-uploads';
import { usePhotosForSending } from '../shared/photo-picker/use-photos-for-sending';
import { SendWaitingForPhotos, UnsentPhotosAlert } from '../shared/unsent-photos';
import { formActions, plainFormIds, type FormAnswer } from '../../../domain/plain-forms';
import { answeredValues, FormErrorNote, postedValue, useAnsweredErrors } from '../shared/posted-answer';
import { HoneypotField, useSpamGuard } from '../shared/spam-guard';
import { useRekvisitionSubmit } from './use-rekvisition-submit';

type Values = RekvisitionLeadInput;
type TextName = Exclude<keyof Values, 'kind' | 'images' | 'formToken' | 'website'>;

/** Field name → DOM id, in visual order (the error summary follows it). */
const fieldIds = {
  forsikringsselskab: 'rk-forsikringsselskab',
  taksatorNavn: 'rk-taksatorNavn',
  taksatorEmail: 'rk-taksatorEmail',
  taksatorTelefon: 'rk-taksatorTelefon',
  skadeNr: 'rk-skadeNr',
  policeNr: 'rk-policeNr',
  hastegrad: 'rk-hastegrad',
  fuldeNavn: 'rk-fuldeNavn',
  telefon: 'rk-telefon',
  email: 'rk-email',
  adresse: 'rk-adresse',
  skadetype: 'rk-skadetype',
  skadedato: 'rk-skadedato',
  besked: 'rk-besked',
  adgang: 'rk-adgang',
  images: 'rk-images',
} as const;

const emptyValues: Values = {
  kind: 'rekvisition',
  // Empty choices; the schema answers them with 'Vælg …'.
  forsikringsselskab: '' as Values['forsikringsselskab'],
  taksatorNavn: '',
  taksatorEmail: '',
  taksatorTelefon: '',
  skadeNr: '',
  policeNr: '',
  hastegrad: '' as Values['hastegrad'],
  fuldeNavn: '',
  telefon: '',
  email: '',
  adresse: '',
  skadetype: '' as Values['skadetype'],
  skadedato: '',
  besked: '',
  adgang: '',
  images: [],
};

const urgencyOptions = rekvisitionUrgencies.map((value) => ({
  value,
  label: rekvisitionUrgencyLabels[value],
}));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The adjusters' form of /rekvisition: an insurer's claim handed over, validated with the
 * assignment's schema and sent as a lead of kind 'rekvisition', its photos uploaded as they are
 * picked. On success it navigates to /tak. Before its code runs it is a plain HTML form posting to
 * its page, photos included; `answer` is the server's reply to such a post.
 */
export function RekvisitionForm({ className, answer }: { className?: string; answer?: FormAnswer }) {
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    control: formControl,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<Values, unknown, RekvisitionLead>({
    resolver: zodResolver(rekvisitionLeadSchema),
    defaultValues: answeredValues(emptyValues, answer),
    errors: useAnsweredErrors<Values>(answer),
    shouldFocusError: false,
  });
  const photos = usePhotoUploads();
  const { waitingForPhotos, unsentCount, urlsToSend } = usePhotosForSending(photos);
  const submit = useRekvisitionSubmit(setError);
  const { honeypot, spamFields } = useSpamGuard();
  const hydrated = useHydrated();
  const send = (withoutUnsent: boolean) =>
    handleSubmit(async () => {
      const urls = await urlsToSend(withoutUnsent);
      if (!urls) return;
      // The values as typed (the server validates them with the same schema) and the uploaded photos.
      await submit({ ...getValues(), images: urls, ...spamFields() });
    });

  /** A labelled text input of the form, with its posted value and message. */
  const field = (
    name: TextName,
    props: { required?: boolean; hint?: string; className?: string } & ComponentProps<'input'> = {},
  ) => {
    const { required, hint, className: fieldClassName, ...input } = props;
    return (
      <FormField
        id={fieldIds[name]}
        label={text.labels[name]}
        required={required}
        hint={hint}
        error={errors[name]?.message}
        className={fieldClassName}
      >
        {(control) => <Input {...control} {...register(name)} {...postedValue(answer, name)} {...input} />}
      </FormField>
    );
  };
  const textarea = (name: 'besked' | 'adgang', hint: string) => (
    <FormField
      id={fieldIds[name]}
      label={text.labels[name]}
      hint={hint}
      error={errors[name]?.message}
      className="md:col-span-2"
    >
      {(control) => <Textarea {...control} {...register(name)} {...postedValue(answer, name)} rows={4} />}
    </FormField>
  );

  return (
    <form
      id={plainFormIds.rekvisition}
      noValidate
      // Until its code runs (or when it never does) the browser posts the form, photos included.
      method="post"
      action={formActions.rekvisition}
      encType="multipart/form-data"
      aria-label={text.formLabel}
      onSubmit={(event) => void send(false)(event)}
      className={cn('grid gap-6', className)}
    >
      <RequiredFieldsNote />
      <FormErrorNote message={answer?.formError} />
      <HoneypotField ref={honeypot} />
      <ErrorSummary items={summaryItems(errors, fieldIds)} focusKey={submitCount} />

      <Section title={text.sections.insurer}>
        <div className="grid gap-5 md:grid-cols-2">
          <InsurerField
            id={fieldIds.forsikringsselskab}
            registration={{ ...register('forsikringsselskab'), ...postedValue(answer, 'forsikringsselskab') }}
            error={errors.forsikringsselskab?.message}
          />
          {field('taksatorNavn', { required: true, autoComplete: 'name' })}
          {field('taksatorEmail', {
            required: true,
            type: 'email',
            inputMode: 'email',
            autoComplete: 'email',
          })}
          {field('taksatorTelefon', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {field('skadeNr', { required: true, autoComplete: 'off' })}
          {field('policeNr', { autoComplete: 'off' })}
          <FormField
            id={fieldIds.hastegrad}
            label={text.labels.hastegrad}
            required
            hint={text.hints.hastegrad}
            error={errors.hastegrad?.message}
          >
            {(control) => (
              <Select
                {...control}
                {...register('hastegrad')}
                {...postedValue(answer, 'hastegrad')}
                options={urgencyOptions}
                placeholder={text.urgencyPlaceholder}
              />
            )}
          </FormField>
        </div>
      </Section>

      <Section title={text.sections.policyholder}>
        <p className="text-sm text-slate-700">{text.hints.policyholder}</p>
        <div className="grid gap-5 md:grid-cols-2">
          {field('fuldeNavn', { required: true, autoComplete: 'off', className: 'md:col-span-2' })}
          {field('telefon', { type: 'tel', inputMode: 'tel', autoComplete: 'off' })}
          {field('email', { type: 'email', inputMode: 'email', autoComplete: 'off' })}
          <AddressField
            id={fieldIds.adresse}
            name="adresse"
            control={formControl}
            hint={text.hints.adresse}
            error={errors.adresse?.message}
            className="md:col-span-2"
          />
        </div>
      </Section>

      <Section title={text.sections.damage}>
        <div className="grid gap-5 md:grid-cols-2">
          <DamageTypeField
            id={fieldIds.skadetype}
            registration={{ ...register('skadetype'), ...postedValue(answer, 'skadetype') }}
            error={errors.skadetype?.message}
          />
          {field('skadedato', { type: 'date', autoComplete: 'off' })}
          {textarea('besked', text.hints.besked)}
          {textarea('adgang', text.hints.adgang)}
        </div>
      </Section>

      <Section title={text.sections.photos}>
        <FormPhotos
          id={fieldIds.images}
          hydrated={hydrated}
          uploads={photos}
          maxImages={limits.reportMaxImages}
          isSubmitting={isSubmitting}
          waitingForPhotos={waitingForPhotos}
          photosDropped={answer?.photosDropped}
          error={errors.images?.message}
        />
      </Section>

      <UnsentPhotosAlert count={unsentCount} onSendWithout={() => void send(true)()} />
      <SendWaitingForPhotos
        label={text.submit}
        formName="Rekvisitionen"
        isSubmitting={isSubmitting}
        waitingForPhotos={waitingForPhotos}
      />
    </form>
  );
}
