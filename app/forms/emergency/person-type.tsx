import type { UseFormRegisterReturn } from 'react-hook-form';
import { personTypeLabels } from '../../../domain/enums';
import { emergencyPersonTypes } from '../../../domain/emergency';

/** The DOM id of one choice; the first (Privatperson) is where the error summary leads. */
export function personTypeRadioId(value: string = emergencyPersonTypes[0]): string {
  return `akut-personType-${value}`;
}

/**
 * "Hvem er du?": Privatperson or Virksomhed, two radios side by side, Privatperson first and
 * chosen (domain/emergency.ts says why), so most people on a phone need no tap at all.
 */
export function EmergencyPersonType({
  registration,
  chosen,
  error,
}: {
  registration: UseFormRegisterReturn;
  /** The choice in the HTML: the posted one, the one made before the code came, or Privatperson. */
  chosen: string;
  error: string | undefined;
}) {
  const errorId = error ? 'akut-personType-error' : undefined;
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby="akut-personType-legend"
      aria-invalid={error ? true : undefined}
      aria-describedby={errorId}
      className="grid gap-2"
    >
      <legend id="akut-personType-legend" className="mb-2 text-sm font-medium text-slate-900">
        Hvem er du?
      </legend>
      <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
        {emergencyPersonTypes.map((value) => (
          <label
            key={value}
            htmlFor={personTypeRadioId(value)}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-400 bg-white px-4 py-2 font-medium text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500"
          >
            <input
              id={personTypeRadioId(value)}
              type="radio"
              value={value}
              data-branch={value === emergencyPersonTypes[0] ? 'consumer' : undefined}
              {...registration}
              defaultChecked={chosen === value}
              className="size-5 accent-brand-700"
            />
            {personTypeLabels[value]}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-emergency-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
