import '~/lib/zod-browser';
import { zodResolver } from '@hookform/resolvers/zod';
import { Phone, Send } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { limits } from '../../../domain/constants';
import { emergencyFormSchema, type EmergencyFormValues } from '../../../domain/emergency';
import { damageTypeSelectOptions, insurerSelectOptions } from '../../../domain/enums';
import { AddressAutocomplete } from '~/components/address-autocomplete';
import { buttonClasses } from '~/components/ui/button';
import { ErrorSummary, summaryItems } from '~/components/ui/error-summary';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { RequiredFieldsNote } from '~/components/ui/label';
import { NoScriptNote, SubmitButton } from '~/components/ui/submit-button';
import { Select } from '~/components/ui/select';
import { Textarea } from '~/components/ui/textarea';
import { company, telHref } from '~/content/company';
import { cn } from '~/lib/cn';
import { ImageUploads, type UploadedImage } from './image-uploads';
import { useEmergencySubmit } from './use-emergency-submit';

/** Field name → DOM id, in visual order (the error summary lists errors in this order). */
const fieldIds = {
  fuldeNavn: 'akut-fulde-navn',
  adresse: 'akut-adresse',
  telefon: 'akut-telefon',
  email: 'akut-email',
  forsikringsselskab: 'akut-forsikringsselskab',
  policeNr: 'akut-policenummer',
  skadeNr: 'akut-skadenummer',
  skadetype: 'akut-skadetype',
  besked: 'akut-beskrivelse',
} as const;

const emptyValues: EmergencyFormValues = {
  fuldeNavn: '',
  adresse: '',
  telefon: '',
  email: '',
  // The empty placeholder choices; the schema rejects them with the spec's messages.
  forsikringsselskab: '' as EmergencyFormValues['forsikringsselskab'],
  policeNr: '',
  skadeNr: '',
  skadetype: '' as EmergencyFormValues['skadetype'],
  besked: '',
};

/**
 * The emergency form of /akut-skade (SPEC §4, §5, §7, §8): contact details, insurer and damage,
 * up to 3 photos, 'Send akut henvendelse' and a call button. Self-contained: render it where the
 * form goes. The form stays on the page after sending.
 */
export function EmergencyForm({ className }: { className?: string }) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<EmergencyFormValues>({
    resolver: zodResolver(emergencyFormSchema),
    defaultValues: emptyValues,
    // Focus goes to the error summary instead (DESIGN §4).
    shouldFocusError: false,
  });
  const [images, setImages] = useState<UploadedImage[]>([]);
  const [resetKey, setResetKey] = useState(0);
  const imageUrls = useMemo(() => images.map((image) => image.uploadURL), [images]);

  const onSent = useCallback(() => {
    reset(emptyValues);
    setImages([]);
    setResetKey((key) => key + 1);
  }, [reset]);
  const submit = useEmergencySubmit(imageUrls, onSent);

  return (
    <form
      noValidate
      aria-label="Akut henvendelse"
      onSubmit={handleSubmit(submit)}
      className={cn('grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8', className)}
    >
      <RequiredFieldsNote />
      <NoScriptNote />
      <ErrorSummary items={summaryItems(errors, fieldIds)} focusKey={submitCount} />
      <div className="grid gap-5 md:grid-cols-2">
        <FormField id={fieldIds.fuldeNavn} label="Fulde navn" required error={errors.fuldeNavn?.message}>
          {(field) => <Input {...field} {...register('fuldeNavn')} autoComplete="name" />}
        </FormField>
        <FormField
          id={fieldIds.adresse}
          label="Adresse"
          required
          error={errors.adresse?.message}
          hint="Skadestedets adresse. Skriv mindst 3 tegn for at få forslag."
        >
          {(field) => (
            <Controller
              name="adresse"
              control={control}
              render={({ field: { value, onChange, onBlur, name, ref } }) => (
                <AddressAutocomplete
                  {...field}
                  name={name}
                  ref={ref}
                  value={value}
                  onChange={onChange}
                  onBlur={onBlur}
                  autoComplete="street-address"
                />
              )}
            />
          )}
        </FormField>
        <FormField id={fieldIds.telefon} label="Telefon" required error={errors.telefon?.message}>
          {(field) => (
            <Input {...field} {...register('telefon')} type="tel" inputMode="tel" autoComplete="tel" />
          )}
        </FormField>
        <FormField id={fieldIds.email} label="E-mail" required error={errors.email?.message}>
          {(field) => (
            <Input {...field} {...register('email')} type="email" inputMode="email" autoComplete="email" />
          )}
        </FormField>
        <FormField
          id={fieldIds.forsikringsselskab}
          label="Forsikringsselskab"
          required
          error={errors.forsikringsselskab?.message}
        >
          {(field) => (
            <Select
              {...field}
              {...register('forsikringsselskab')}
              options={insurerSelectOptions}
              placeholder="Vælg forsikringsselskab"
            />
          )}
        </FormField>
        <FormField id={fieldIds.skadetype} label="Skadetype" required error={errors.skadetype?.message}>
          {(field) => (
            <Select
              {...field}
              {...register('skadetype')}
              options={damageTypeSelectOptions}
              placeholder="Vælg skadetype"
            />
          )}
        </FormField>
        <FormField id={fieldIds.policeNr} label="Policenummer" error={errors.policeNr?.message}>
          {(field) => <Input {...field} {...register('policeNr')} autoComplete="off" />}
        </FormField>
        <FormField id={fieldIds.skadeNr} label="Skadenummer" error={errors.skadeNr?.message}>
          {(field) => <Input {...field} {...register('skadeNr')} autoComplete="off" />}
        </FormField>
      </div>
      <FormField
        id={fieldIds.besked}
        label="Beskrivelse"
        error={errors.besked?.message}
        hint="Hvad er der sket, og hvad er ramt?"
      >
        {(field) => <Textarea {...field} {...register('besked')} rows={5} />}
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-900">Billeder af skaden</legend>
        <p id="akut-billeder-hint" className="text-sm text-slate-600">
          Valgfrit. Højst {limits.emergencyMaxImages} billeder, hvert på højst{' '}
          {limits.maxImageBytes / 1024 / 1024} MB.
        </p>
        <ImageUploads
          images={images}
          onChange={setImages}
          resetKey={resetKey}
          describedBy="akut-billeder-hint"
        />
      </fieldset>
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton variant="emergency" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {isSubmitting ? 'Sender...' : 'Send akut henvendelse'}
        </SubmitButton>
        <a href={telHref} className={buttonClasses('outline', 'lg', 'w-full sm:w-auto')}>
          <Phone aria-hidden="true" />
          Ring {company.phoneDisplay}
        </a>
      </div>
    </form>
  );
}
