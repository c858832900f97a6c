import { useEffect, useRef } from 'react';
import { Icon } from '~/components/icon';
import { buttonClasses } from '~/components/ui/button';
import { emergencySent } from '~/content/pages/after-send';
import { company, telHref } from '../../../domain/company';
import { duplicateNotice } from '../../../domain/duplicate-leads';
import {
  announcedCallbackText,
  normalCallbackMinutes,
  waterDamageTypes,
  type AnnouncedCallback,
} from '../../../domain/surge';
import { cn } from '~/lib/cn';

/** What the server answered a sent emergency, and what the sender chose that shapes the advice. */
export interface SentEmergency {
  reference: string | undefined;
  /** It repeats an open emergency of the sender's: told so, not a new promise. */
  duplicate: boolean;
  /** The callback time announced (surge mode); the normal promise when the answer had none. */
  callback: AnnouncedCallback | undefined;
  /** The number we will call, as shown. */
  phone: string;
  damageType: string;
}

/**
 * The emergency form's place once it is sent: the reference, the promise (the announced time,
 * first in line, or the emergency it repeats), where the case link comes, and what to do now.
 * It stays until the page is left, so a sender who looks away and back sees the lead was taken,
 * not an empty form to send again. Focus moves to its heading, so screen readers read it out.
 */
export function EmergencySent({ sent, className }: { sent: SentEmergency; className?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const callback = sent.callback ?? { minutes: normalCallbackMinutes, inSurge: false, critical: false };
  const promise = sent.duplicate ? duplicateNotice() : announcedCallbackText(callback, sent.phone);
  // A long wait with water coming in: the water advice before anything else.
  const waterFirst = callback.inSurge && waterDamageTypes.includes(sent.damageType);
  const advice = waterFirst ? [...emergencySent.waterAdvice, ...emergencySent.advice] : emergencySent.advice;
  return (
    <section
      aria-labelledby="akut-sendt-titel"
      data-testid="emergency-sent"
      className={cn('grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8', className)}
    >
      <div className="flex items-start gap-3">
        <Icon name="circle-check-big" className="size-8 shrink-0 text-brand-700" />
        <h2
          id="akut-sendt-titel"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold text-brand-950 focus:outline-none"
        >
          {emergencySent.title}
        </h2>
      </div>
      <p className="text-lg font-semibold text-slate-900">{promise}</p>
      {sent.reference ? (
        <div className="grid gap-1 rounded-xl bg-brand-50 px-5 py-4" data-testid="reference">
          <p className="text-sm font-semibold text-slate-600">{emergencySent.referenceLabel}</p>
          <p className="font-mono text-2xl font-bold tracking-wider text-brand-900">{sent.reference}</p>
          <p className="text-sm text-slate-600">{emergencySent.referenceNote}</p>
        </div>
      ) : null}
      <p className="text-slate-700">{emergencySent.caseLink}</p>
      <div className="grid gap-2">
        <h3 className="text-lg font-bold text-brand-950">{emergencySent.nowTitle}</h3>
        <ol className="grid list-decimal gap-1 pl-5 text-slate-800">
          {advice.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      </div>
      <p className="font-semibold text-emergency-800">{emergencySent.danger}</p>
      <a href={telHref} className={buttonClasses('outline', 'lg', 'w-full sm:w-auto sm:justify-self-start')}>
        <Icon name="phone" />
        Ring {company.phoneDisplay}
      </a>
    </section>
  );
}
