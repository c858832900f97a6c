import type { UseFormRegisterReturn } from 'react-hook-form';
import { urgentWorkRequestText } from '../../../domain/urgent-work-request';

/**
 * A private person's express request that we start the urgent work at once (the wording's
 * versions are kept in domain/urgent-work-request.ts). Never ticked for them: only a box the
 * person ticks is an express request. It shows only while "Privatperson" is chosen: the radio
 * carries `data-branch="consumer"` and app.css shows this block, with or without the form's code.
 */
export function UrgentWorkRequestBox({
  id,
  registration,
  ticked,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  /** Ticked in the HTML: the server's answer to a posted form, or ticked before the code came. */
  ticked: boolean;
}) {
  return (
    <div data-branch-fields="consumer" className="grid gap-2">
      <label
        htmlFor={id}
        className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-400 bg-white p-4 text-sm text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50"
      >
        <input
          id={id}
          type="checkbox"
          {...registration}
          defaultChecked={ticked}
          aria-describedby={`${id}-hint`}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        {urgentWorkRequestText}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Frivilligt. Uden kryds har du 14 dages fortrydelsesret.
      </p>
    </div>
  );
}
