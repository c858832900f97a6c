import '~/lib/zod-browser';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  damageReportLeadSchema,
  withChosenBranch,
  type DamageReportLead,
  type DamageReportLeadInput,
} from '../../../domain/damage-report';
import { isRequesterPersonType, personTypeSelectOptions } from '../../../domain/enums';
import { limits } from '../../../domain/constants';
import { ErrorSummary, summaryItems } from '~/components/ui/error-summary';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Label, RequiredFieldsNote } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { cn } from '~/lib/cn';
import { useHydrated } from '~/lib/use-hydrated';
import {
  AddressField,
  DamageTypeField,
  EmailField,
  FullNameField,
  InsurerField,
  PhoneField,
  PolicyAndClaimNumberFields,
} from '../shared/damage-fields';
import { FormPhotos } from '../shared/photo-picker/form-photos';
import { useDamageReportSubmit } from './use-damage-report-submit';
import { usePhotoUploads } from '../shared/photo-picker/use-photo-uploads';
import { usePhotosForSending } from '../shared/photo-picker/use-photos-for-sending';
import { SendWaitingForPhotos, UnsentPhotosAlert } from '../shared/unsent-photos';
import { formActions, plainFormIds, type FormAnswer } from '../../../domain/plain-forms';
import {
  answeredValues,
  chosenBefore,
  FormErrorNote,
  postedValue,
  tickedBefore,
  useAnsweredErrors,
} from '../shared/posted-answer';
import { HoneypotField, useSpamGuard } from '../shared/spam-guard';
import { UrgentWorkRequestBox } from '../shared/urgent-work-request';
import { consumerPersonType } from '../../../domain/urgent-work-request';

/** Field name → DOM id, in visual order (the error summary follows it). */
const fieldIds = {
  personType: 'report-personType-privatperson',
  virksomhedsnavn: 'report-virksomhedsnavn',
  cvr: 'report-cvr',
  rekvirentNavn: 'report-rekvirentNavn',
  rekvirentTelefon: 'report-rekvirentTelefon',
  rekvirentEmail: 'report-rekvirentEmail',
  fuldeNavn: 'report-fuldeNavn',
  telefon: 'report-telefon',
  adresse: 'report-adresse',
  email: 'report-email',
  forsikringsselskab: 'report-forsikringsselskab',
  policeNr: 'report-policeNr',
  skadeNr: 'report-skadeNr',
  skadetype: 'report-skadetype',
  besked: 'report-besked',
  images: 'report-images',
  udtrykkeligAnmodning: 'report-udtrykkelig-anmodning',
} as const;

type Values = DamageReportLeadInput;

const emptyValues: Values = {
  kind: 'anmeldelse',
  // Empty choices; the schema answers them with 'Vælg hvem du er', 'Vælg …'.
  personType: '' as Values['personType'],
  fuldeNavn: '',
  telefon: '',
  adresse: '',
  email: '',
  virksomhedsnavn: '',
  cvr: '',
  rekvirentNavn: '',
  rekvirentTelefon: '',
  rekvirentEmail: '',
  forsikringsselskab: '' as Values['forsikringsselskab'],
  policeNr: '',
  skadeNr: '',
  skadetype: '' as Values['skadetype'],
  besked: '',
  images: [],
  // Never ticked for the visitor: only their own tick is an express request.
  udtrykkeligAnmodning: false,
};

function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      {title ? <h2 className="text-lg font-semibold text-slate-900">{title}</h2> : null}
      {children}
    </section>
  );
}

const companyFields = ['virksomhedsnavn', 'cvr'] as const;
const requesterFields = ['rekvirentNavn', 'rekvirentTelefon', 'rekvirentEmail'] as const;

/** The values of the branch "Hvem er du?" shows: what is checked and sent. */
const visibleValues = (values: Values) => withChosenBranch(values) as Values;

const schemaResolver = zodResolver(damageReportLeadSchema);
const resolver: Resolver<Values, unknown, DamageReportLead> = (values, context, options) =>
  schemaResolver(visibleValues(values), context, options);

/** The summary lists only fields on screen: errors of a hidden branch may linger until revalidation. */
function visibleFieldIds(
  isCompany: boolean,
  isRequester: boolean,
): Partial<Record<keyof typeof fieldIds, string>> {
  const visible: Partial<Record<keyof typeof fieldIds, string>> = { ...fieldIds };
  if (!isCompany) for (const name of companyFields) delete visible[name];
  if (!isRequester) for (const name of requesterFields) delete visible[name];
  return visible;
}

/** Which block of conditional fields a "Hvem er du?" choice shows (app.css shows and hides them). */
function personTypeBranch(personType: string): 'company' | 'requester' | 'consumer' | undefined {
  if (personType === 'virksomhed') return 'company';
  if (personType === consumerPersonType) return 'consumer';
  return isRequesterPersonType(personType) ? 'requester' : undefined;
}

/**
 * The damage report form of /anmeldelse: validated with the damage report lead's schema and sent as
 * a lead of kind 'anmeldelse', its photos uploaded as they are picked. On success it navigates to /tak.
 * Before its code runs it is a plain HTML form posting to its page, photos included; `answer` is
 * the server's reply to such a post.
 */
export function DamageReportForm({ className, answer }: { className?: string; answer?: FormAnswer }) {
  // A choice made in the prerendered form before its code arrived stays chosen.
  const [initialValues] = useState(() =>
    answer
      ? {
          ...answeredValues(emptyValues, answer),
          udtrykkeligAnmodning: answer.values.udtrykkeligAnmodning === 'on',
        }
      : {
          ...emptyValues,
          personType: chosenBefore('personType') as Values['personType'],
          udtrykkeligAnmodning: tickedBefore('udtrykkeligAnmodning'),
        },
  );
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    control: formControl,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<Values, unknown, DamageReportLead>({
    resolver,
    defaultValues: initialValues,
    errors: useAnsweredErrors<Values>(answer),
    shouldFocusError: false,
  });
  const photos = usePhotoUploads();
  // Sending waits for the photos still uploading; photos still failing stop it, and it says so.
  const { waitingForPhotos, unsentCount, urlsToSend } = usePhotosForSending(photos);
  const submit = useDamageReportSubmit(setError);
  const { honeypot, spamFields } = useSpamGuard();
  const send = (withoutUnsent: boolean) =>
    handleSubmit(async () => {
      const urls = await urlsToSend(withoutUnsent);
      if (!urls) return;
      // The values as typed (the server validates them with the same schema) and the uploaded photos.
      await submit({ ...visibleValues(getValues()), images: urls, ...spamFields() });
    });
  // The summary lists the chosen branch's fields. While hydrating it stays as prerendered (empty).
  const hydrated = useHydrated();
  const watchedPersonType = useWatch({ control: formControl, name: 'personType' });
  const personType = hydrated ? watchedPersonType : (answer?.values.personType ?? '');
  const isCompany = personType === 'virksomhed';
  const isRequester = typeof personType === 'string' && isRequesterPersonType(personType);

  const personError = errors.personType?.message;
  const personErrorId = personError ? 'report-personType-error' : undefined;

  return (
    <form
      id={plainFormIds.anmeldelse}
      noValidate
      // Until its code runs (or when it never does) the browser posts the form, photos included.
      method="post"
      action={formActions.anmeldelse}
      encType="multipart/form-data"
      aria-label="Skadeanmeldelse"
      onSubmit={(event) => void send(false)(event)}
      className={cn('grid gap-6', className)}
    >
      <RequiredFieldsNote />
      <FormErrorNote message={answer?.formError} />
      <HoneypotField ref={honeypot} />
      <ErrorSummary
        items={summaryItems(errors, visibleFieldIds(isCompany, isRequester) as Record<string, string>)}
        focusKey={submitCount}
      />

      <Section>
        <fieldset
          role="radiogroup"
          aria-labelledby="report-personType-legend"
          aria-required="true"
          aria-invalid={personError ? true : undefined}
          aria-describedby={personErrorId}
          className="grid gap-3"
        >
          <legend id="report-personType-legend" className="mb-2 text-lg font-semibold text-slate-900">
            Hvem er du?
            <span aria-hidden="true" className="ml-0.5 text-emergency-700">
              *
            </span>
          </legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {personTypeSelectOptions.map((option) => {
              const id = `report-personType-${option.value}`;
              return (
                <div
                  key={option.value}
                  className="flex items-center gap-3 rounded-lg border border-slate-300 px-3 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    id={id}
                    type="radio"
                    value={option.value}
                    data-branch={personTypeBranch(option.value)}
                    {...register('personType')}
                    {...(answer ? { defaultChecked: answer.values.personType === option.value } : {})}
                    className="size-5 accent-brand-700"
                  />
                  <Label htmlFor={id} className="flex-1 cursor-pointer">
                    {option.label}
                  </Label>
                </div>
              );
            })}
          </div>
          <FieldError id={personErrorId} message={personError} />
        </fieldset>

        {/* Both blocks are always there; app.css shows the one the chosen person type needs. */}
        <div data-branch-fields="company" className="grid gap-5 md:grid-cols-2">
          <FormField
            id={fieldIds.virksomhedsnavn}
            label="Virksomhedsnavn"
            required
            error={errors.virksomhedsnavn?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...register('virksomhedsnavn')}
                {...postedValue(answer, 'virksomhedsnavn')}
                autoComplete="organization"
              />
            )}
          </FormField>
          <FormField id={fieldIds.cvr} label="CVR-nummer" required error={errors.cvr?.message}>
            {(control) => (
              <Input
                {...control}
                {...register('cvr')}
                {...postedValue(answer, 'cvr')}
                inputMode="numeric"
                autoComplete="off"
              />
            )}
          </FormField>
        </div>

        <div data-branch-fields="requester" className="grid gap-5 md:grid-cols-3">
          <FormField
            id={fieldIds.rekvirentNavn}
            label="Rekvirentens navn"
            required
            error={errors.rekvirentNavn?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...register('rekvirentNavn')}
                {...postedValue(answer, 'rekvirentNavn')}
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField
            id={fieldIds.rekvirentTelefon}
            label="Rekvirentens telefon"
            required
            error={errors.rekvirentTelefon?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...register('rekvirentTelefon')}
                {...postedValue(answer, 'rekvirentTelefon')}
                type="tel"
                inputMode="tel"
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField
            id={fieldIds.rekvirentEmail}
            label="Rekvirentens e-mail"
            required
            error={errors.rekvirentEmail?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...register('rekvirentEmail')}
                {...postedValue(answer, 'rekvirentEmail')}
                type="email"
                inputMode="email"
                autoComplete="off"
              />
            )}
          </FormField>
        </div>

        <UrgentWorkRequestBox
          id={fieldIds.udtrykkeligAnmodning}
          registration={register('udtrykkeligAnmodning')}
          ticked={initialValues.udtrykkeligAnmodning === true}
        />
      </Section>

      <Section title="Dine oplysninger">
        <div className="grid gap-5 md:grid-cols-2">
          <FullNameField
            id={fieldIds.fuldeNavn}
            registration={{ ...register('fuldeNavn'), ...postedValue(answer, 'fuldeNavn') }}
            error={errors.fuldeNavn?.message}
          />
          <PhoneField
            id={fieldIds.telefon}
            registration={{ ...register('telefon'), ...postedValue(answer, 'telefon') }}
            error={errors.telefon?.message}
          />
          <AddressField
            id={fieldIds.adresse}
            name="adresse"
            control={formControl}
            hint="Adressen hvor skaden er sket."
            error={errors.adresse?.message}
            className="md:col-span-2"
          />
          <EmailField
            id={fieldIds.email}
            registration={{ ...register('email'), ...postedValue(answer, 'email') }}
            error={errors.email?.message}
            className="md:col-span-2"
          />
        </div>
      </Section>

      <Section title="Forsikring og skade">
        <div className="grid gap-5 md:grid-cols-2">
          <InsurerField
            id={fieldIds.forsikringsselskab}
            registration={{ ...register('forsikringsselskab'), ...postedValue(answer, 'forsikringsselskab') }}
            error={errors.forsikringsselskab?.message}
            className="md:col-span-2"
          />
          <PolicyAndClaimNumberFields
            ids={fieldIds}
            registrations={{
              policeNr: { ...register('policeNr'), ...postedValue(answer, 'policeNr') },
              skadeNr: { ...register('skadeNr'), ...postedValue(answer, 'skadeNr') },
            }}
            errors={{ policeNr: errors.policeNr?.message, skadeNr: errors.skadeNr?.message }}
          />
          <DamageTypeField
            id={fieldIds.skadetype}
            registration={{ ...register('skadetype'), ...postedValue(answer, 'skadetype') }}
            error={errors.skadetype?.message}
            className="md:col-span-2"
          />
          <FormField
            id={fieldIds.besked}
            label="Beskrivelse af skaden"
            error={errors.besked?.message}
            className="md:col-span-2"
          >
            {(control) => (
              <Textarea {...control} {...register('besked')} {...postedValue(answer, 'besked')} rows={6} />
            )}
          </FormField>
        </div>
      </Section>

      <Section title="Billeder (valgfrit)">
        <p className="text-sm text-slate-600">
          Billeder af skaden hjælper os med at vurdere den hurtigt. De sendes med din anmeldelse.
        </p>
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
        label="Send anmeldelse"
        formName="Anmeldelsen"
        isSubmitting={isSubmitting}
        waitingForPhotos={waitingForPhotos}
      />
    </form>
  );
}
