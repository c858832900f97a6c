import { useEffect } from 'react';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { damageTypeSelectOptions, insurerSelectOptions } from '../../../domain/enums';
import { AddressAutocomplete } from '~/components/address-autocomplete';
import { addressSuggestionsHint, useAddressSuggestionsOn } from '~/components/address-suggestions';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Select } from '~/components/ui/select';

/** A field's registration, and its `defaultValue` in a form the server renders with posted values. */
type PostedRegistration = UseFormRegisterReturn & { defaultValue?: string };

/**
 * The fields the emergency form and the damage report ask alike: the same label,
 * control and autocomplete in both. Each form places them in its own layout and order.
 */
interface RegisteredFieldProps {
  /** The control's DOM id (the error summary links to it). */
  id: string;
  /** `register('fieldName')` of the form, with the posted value when the server answers a post. */
  registration: PostedRegistration;
  error?: string;
  className?: string;
}

export function FullNameField({ id, registration, error, className }: RegisteredFieldProps) {
  return (
    <FormField id={id} label="Fulde navn" required error={error} className={className}>
      {(control) => <Input {...control} {...registration} autoComplete="name" />}
    </FormField>
  );
}

export function PhoneField({ id, registration, error, className }: RegisteredFieldProps) {
  return (
    <FormField id={id} label="Telefon" required error={error} className={className}>
      {(control) => <Input {...control} {...registration} type="tel" inputMode="tel" autoComplete="tel" />}
    </FormField>
  );
}

export function EmailField({ id, registration, error, className }: RegisteredFieldProps) {
  return (
    <FormField id={id} label="E-mail" required error={error} className={className}>
      {(control) => (
        <Input {...control} {...registration} type="email" inputMode="email" autoComplete="email" />
      )}
    </FormField>
  );
}

export function InsurerField({ id, registration, error, className }: RegisteredFieldProps) {
  return (
    <FormField id={id} label="Forsikringsselskab" required error={error} className={className}>
      {(control) => (
        <Select
          {...control}
          {...registration}
          options={insurerSelectOptions}
          placeholder="Vælg forsikringsselskab"
        />
      )}
    </FormField>
  );
}

export function DamageTypeField({ id, registration, error, className }: RegisteredFieldProps) {
  return (
    <FormField id={id} label="Skadetype" required error={error} className={className}>
      {(control) => (
        <Select
          {...control}
          {...registration}
          options={damageTypeSelectOptions}
          placeholder="Vælg skadetype"
        />
      )}
    </FormField>
  );
}

/** Policy and claim numbers: optional, and not something a browser should fill in. */
export function PolicyAndClaimNumberFields({
  ids,
  registrations,
  errors,
}: {
  ids: { policeNr: string; skadeNr: string };
  registrations: { policeNr: PostedRegistration; skadeNr: PostedRegistration };
  errors: { policeNr?: string; skadeNr?: string };
}) {
  return (
    <>
      <FormField id={ids.policeNr} label="Policenummer" error={errors.policeNr}>
        {(control) => <Input {...control} {...registrations.policeNr} autoComplete="off" />}
      </FormField>
      <FormField id={ids.skadeNr} label="Skadenummer" error={errors.skadeNr}>
        {(control) => <Input {...control} {...registrations.skadeNr} autoComplete="off" />}
      </FormField>
    </>
  );
}

/** The damage site's address: free text with suggestions from GET /api/address (our server asks the provider). */
export function AddressField<Values extends FieldValues>({
  id,
  name,
  control,
  hint,
  error,
  className,
}: {
  id: string;
  name: FieldPath<Values>;
  control: Control<Values>;
  hint: string;
  error?: string;
  className?: string;
}) {
  const { field } = useController({ name, control });
  const suggestions = useAddressSuggestionsOn();
  // Text typed into the prerendered field before the form's code ran is kept: the field is
  // controlled, and would otherwise show the form's empty value from its next render on. Run
  // after the controller subscribes to the form's changes (effects run in order).
  useEffect(() => {
    const typed = document.getElementById(id);
    if (typed instanceof HTMLInputElement && typed.value && typed.value !== field.value) {
      field.onChange(typed.value);
    }
    // Only once, when the field first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <FormField
      id={id}
      label="Adresse"
      required
      error={error}
      hint={suggestions.on ? `${hint} ${addressSuggestionsHint}` : hint}
      className={className}
    >
      {(fieldControl) => (
        <AddressAutocomplete
          {...fieldControl}
          {...field}
          onFocus={suggestions.ask}
          autoComplete="address-line1"
        />
      )}
    </FormField>
  );
}
