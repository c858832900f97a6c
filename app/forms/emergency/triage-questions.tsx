import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { emergencyTriageText } from '~/content/emergency-triage';
import { FieldError } from '~/components/ui/form-field';
import type { EmergencyLeadInput } from '../../../domain/emergency';
import type { FormAnswer } from '../../../domain/plain-forms';
import {
  triageAnswerLabels,
  triageAnswers,
  triageQuestionNames,
  triageQuestions,
  type TriageQuestion,
} from '../../../domain/triage';

/** The DOM id of one answer's radio; a question's first ('ja') is where the error summary leads. */
export function triageRadioId(question: TriageQuestion, answer: string = triageAnswers[0]): string {
  return `akut-${question}-${answer}`;
}

/**
 * The emergency form's four quick questions, each a ja/nej pair of radios. All optional: a
 * question left out is simply not answered. Plain radios, so the form's answer from the server
 * (no scripts) shows them as they were posted.
 */
export function TriageQuestions({
  register,
  errors,
  answer,
}: {
  register: UseFormRegister<EmergencyLeadInput>;
  errors: FieldErrors<EmergencyLeadInput>;
  answer: FormAnswer | undefined;
}) {
  return (
    <fieldset className="grid gap-4" aria-describedby="akut-triage-hint">
      <legend className="text-base font-semibold text-slate-900">{emergencyTriageText.legend}</legend>
      <p id="akut-triage-hint" className="-mt-2 text-sm text-slate-600">
        {emergencyTriageText.hint}
      </p>
      {triageQuestionNames.map((question) => {
        const error = errors[question]?.message;
        const errorId = error ? `akut-${question}-error` : undefined;
        const legendId = `akut-${question}-legend`;
        return (
          <fieldset
            key={question}
            role="radiogroup"
            aria-labelledby={legendId}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            className="grid gap-2"
          >
            <legend id={legendId} className="mb-2 text-sm font-medium text-slate-900">
              {triageQuestions[question]}
            </legend>
            <div className="grid grid-cols-2 gap-3 sm:max-w-xs">
              {triageAnswers.map((value) => {
                const id = triageRadioId(question, value);
                return (
                  <label
                    key={value}
                    htmlFor={id}
                    className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-400 bg-white px-4 py-2 font-medium text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500"
                  >
                    <input
                      id={id}
                      type="radio"
                      value={value}
                      {...register(question)}
                      {...(answer ? { defaultChecked: answer.values[question] === value } : {})}
                      className="size-5 accent-brand-700"
                    />
                    {triageAnswerLabels[value]}
                  </label>
                );
              })}
            </div>
            <FieldError id={errorId} message={error} />
          </fieldset>
        );
      })}
    </fieldset>
  );
}
