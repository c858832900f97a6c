import '~/lib/zod-browser';
import { zodResolver } from '@hookform/resolvers/zod';
import { Icon } from '~/components/icon';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { limits } from '../../../domain/constants';
import { emergencyLeadSchema, type EmergencyLead, type EmergencyLeadInput } from '../../../domain/emergency';
import { buttonClasses } from '~/components/ui/button';
import { ErrorSummary, summaryItems } from '~/components/ui/error-summary';
import { FormField } from '~/components/ui/form-field';
import { RequiredFieldsNote } from '~/components/ui/label';
import { SubmitButton } from '~/components/ui/submit-button';
import { Textarea } from '~/components/ui/textarea';
import { company, telHref } from '../../../domain/company';
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
import { EmergencySent, type SentEmergency } from './emergency-sent';
import { FormPhotos } from '../shared/photo-picker/form-photos';
import { usePhotoUploads } from '../shared/photo-picker/use-photo-uploads';
import { usePhotosForSending } from '../shared/photo-picker/use-photos-for-sending';
import { UnsentPhotosAlert } from '../shared/unsent-photos';
import { unsentPhotos } from '~/content/pages/after-send';
import { triageRadioId, TriageQuestions } from './triage-questions';
import { useEmergencySubmit } from './use-emergency-submit';
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
import { EmergencyPersonType, personTypeRadioId } from './person-type';

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
  personfare: triageRadioId('personfare'),
  kloakvand: triageRadioId('kloakvand'),
  ubeboelig: triageRadioId('ubeboelig'),
  saarbare: triageRadioId('saarbare'),
  images: 'akut-billeder',
  personType: personTypeRadioId(),
  udtrykkeligAnmodning: 'akut-udtrykkelig-anmodning',
} as const;

const emptyValues: EmergencyLeadInput = {
  kind: 'akut-skade',
  fuldeNavn: '',
  adresse: '',
  telefon: '',
  email: '',
  // The empty placeholder choices; the schema rejects them with 'Vælg …'.
  forsikringsselskab: '' as EmergencyLeadInput['forsikringsselskab'],
  policeNr: '',
  skadeNr: '',
  skadetype: '' as EmergencyLeadInput['skadetype'],
  besked: '',
  // Unanswered: no radio chosen (a posted answer goes in as each radio's defaultChecked).
  personfare: '',
  kloakvand: '',
  ubeboelig: '',
  saarbare: '',
  images: [],
  personType: consumerPersonType,
  // Never ticked for the visitor: only their own tick is an express request.
  udtrykkeligAnmodning: false,
};

/**
 * The emergency form of /akut-skade: contact details, insurer and damage, up to 3 photos,
 * 'Send akut henvendelse' and a call button; validated with the emergency lead's schema and sent
 * as a lead of kind 'akut-skade'. Self-contained: render it where the form goes. Once sent, the
 * confirmation takes the form's place for as long as the page is open. Before its code runs it is
 * a plain HTML form posting to its page, photos included; `answer` is the server's reply to such a
 * post.
 */
export function EmergencyForm({ className, answer }: { className?: string; answer?: FormAnswer }) {
  // A choice made or a box ticked in the prerendered form before its code arrived stays so.
  const [initialValues] = useState<EmergencyLeadInput>(() =>
    answer
      ? {
          ...answeredValues(emptyValues, answer),
          udtrykkeligAnmodning: answer.values.udtrykkeligAnmodning === 'on',
        }
      : {
          ...emptyValues,
          personType: (chosenBefore('personType') ||
            emptyValues.personType) as EmergencyLeadInput['personType'],
          udtrykkeligAnmodning: tickedBefore('udtrykkeligAnmodning'),
        },
  );
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<EmergencyLeadInput, unknown, EmergencyLead>({
    resolver: zodResolver(emergencyLeadSchema),
    defaultValues: initialValues,
    errors: useAnsweredErrors<EmergencyLeadInput>(answer),
    // Focus goes to the error summary instead.
    shouldFocusError: false,
  });
  // Each photo uploads as soon as it is picked; sending waits for those still uploading and tries
  // failed ones once more; photos still failing stop it, and it says so.
  const photos = usePhotoUploads();
  const { waitingForPhotos, unsentCount, urlsToSend } = usePhotosForSending(photos);
  const [sent, setSent] = useState<SentEmergency | null>(null);

  const submit = useEmergencySubmit(setSent, setError);
  const { honeypot, spamFields } = useSpamGuard();
  // The picker needs the form's code; until then the browser's own file input is there.
  const hydrated = useHydrated();

  const send = (withoutUnsent: boolean) =>
    handleSubmit(async () => {
      const urls = await urlsToSend(withoutUnsent);
      if (!urls) return;
      // The values as typed (the server validates them with the same schema) and the uploaded photos.
      await submit({ ...getValues(), images: urls, ...spamFields() });
    });

  if (sent) return <EmergencySent sent={sent} className={className} />;

  return (
    <form
      id={plainFormIds['akut-skade']}
      noValidate
      // Until its code runs (or when it never does) the browser posts the form, photos included.
      method="post"
      action={formActions['akut-skade']}
      encType="multipart/form-data"
      aria-label="Akut henvendelse"
      onSubmit={(event) => void send(false)(event)}
      className={cn('grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8', className)}
    >
      <RequiredFieldsNote />
      <FormErrorNote message={answer?.formError} />
      <HoneypotField ref={honeypot} />
      <ErrorSummary items={summaryItems(errors, fieldIds)} focusKey={submitCount} />
      <div className="grid gap-5 md:grid-cols-2">
        <FullNameField
          id={fieldIds.fuldeNavn}
          registration={{ ...register('fuldeNavn'), ...postedValue(answer, 'fuldeNavn') }}
          error={errors.fuldeNavn?.message}
        />
        <AddressField
          id={fieldIds.adresse}
          name="adresse"
          control={control}
          hint="Skadestedets adresse."
          error={errors.adresse?.message}
        />
        <PhoneField
          id={fieldIds.telefon}
          registration={{ ...register('telefon'), ...postedValue(answer, 'telefon') }}
          error={errors.telefon?.message}
        />
        <EmailField
          id={fieldIds.email}
          registration={{ ...register('email'), ...postedValue(answer, 'email') }}
          error={errors.email?.message}
        />
        <InsurerField
          id={fieldIds.forsikringsselskab}
          registration={{ ...register('forsikringsselskab'), ...postedValue(answer, 'forsikringsselskab') }}
          error={errors.forsikringsselskab?.message}
        />
        <DamageTypeField
          id={fieldIds.skadetype}
          registration={{ ...register('skadetype'), ...postedValue(answer, 'skadetype') }}
          error={errors.skadetype?.message}
        />
        <PolicyAndClaimNumberFields
          ids={fieldIds}
          registrations={{
            policeNr: { ...register('policeNr'), ...postedValue(answer, 'policeNr') },
            skadeNr: { ...register('skadeNr'), ...postedValue(answer, 'skadeNr') },
          }}
          errors={{ policeNr: errors.policeNr?.message, skadeNr: errors.skadeNr?.message }}
        />
      </div>
      <FormField
        id={fieldIds.besked}
        label="Beskrivelse"
        error={errors.besked?.message}
        hint="Hvad er der sket, og hvad er ramt?"
      >
        {(field) => (
          <Textarea {...field} {...register('besked')} {...postedValue(answer, 'besked')} rows={5} />
        )}
      </FormField>
      <TriageQuestions register={register} errors={errors} answer={answer} />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-900">Billeder af skaden (valgfrit)</legend>
        <FormPhotos
          id={fieldIds.images}
          hydrated={hydrated}
          uploads={photos}
          maxImages={limits.emergencyMaxImages}
          isSubmitting={isSubmitting}
          waitingForPhotos={waitingForPhotos}
          photosDropped={answer?.photosDropped}
          error={errors.images?.message}
        />
      </fieldset>
      <EmergencyPersonType
        registration={register('personType')}
        chosen={String(initialValues.personType)}
        error={errors.personType?.message}
      />
      <UrgentWorkRequestBox
        id={fieldIds.udtrykkeligAnmodning}
        registration={register('udtrykkeligAnmodning')}
        ticked={initialValues.udtrykkeligAnmodning === true}
      />
      <UnsentPhotosAlert count={unsentCount} onSendWithout={() => void send(true)()} />
      <div className="grid gap-2">
        <div className="flex flex-col gap-3 sm:flex-row">
          <SubmitButton variant="emergency" size="lg" busy={isSubmitting} className="w-full sm:w-auto">
            <Icon name="send" />
            {waitingForPhotos ? unsentPhotos.waiting : isSubmitting ? 'Sender...' : 'Send akut henvendelse'}
          </SubmitButton>
          <a href={telHref} className={buttonClasses('outline', 'lg', 'w-full sm:w-auto')}>
            <Icon name="phone" />
            Ring {company.phoneDisplay}
          </a>
        </div>
        <p role="status" className="text-sm text-slate-700">
          {waitingForPhotos ? unsentPhotos.waitingNote('Henvendelsen') : ''}
        </p>
      </div>
    </form>
  );
}
