import { Icon } from '~/components/icon';
import { cn } from '~/lib/cn';

export interface Step {
  title: string;
  text: string;
  /** Optional timeframe, e.g. 'Inden for 2 timer'. */
  time?: string;
}

/** A numbered process ("Sådan foregår det"). Ordered list, so screen readers announce the steps. */
export function StepList({
  steps,
  layout = 'grid',
}: {
  steps: readonly Step[];
  layout?: 'grid' | 'vertical';
}) {
  return (
    <ol
      className={cn(
        'grid gap-6',
        layout === 'grid' && (steps.length % 3 === 0 ? 'md:grid-cols-3' : 'md:grid-cols-2 lg:grid-cols-4'),
        layout === 'grid' && steps.length === 5 && 'lg:grid-cols-5',
      )}
    >
      {steps.map((step, index) => (
        <li
          key={step.title}
          className="relative flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <span
            aria-hidden="true"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
          >
            {index + 1}
          </span>
          <div className="grid content-start gap-2">
            <h3 className="text-lg font-bold text-brand-950">
              <span className="sr-only">Trin {index + 1}: </span>
              {step.title}
            </h3>
            <p className="text-slate-700">{step.text}</p>
            {step.time ? (
              <p className="inline-flex w-fit items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
                <Icon name="clock" className="size-4" />
                {step.time}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
