import type { FormEvent, ReactNode } from 'react';
import { cn } from '~/lib/cn';

/**
 * A card of an inbox page: a section named by its heading (whose id is `${id}-heading`). On the
 * lead page the printed case sheet takes a card as a plain block (`print="sheet"`: no frame,
 * tighter type) or leaves it out (`print="hidden"`); other pages' cards print as they show.
 */
export function Card({
  id,
  heading,
  print,
  className,
  children,
}: {
  id: string;
  heading: ReactNode;
  print?: 'sheet' | 'hidden';
  /** More classes for the section (a frame of its own, another gap). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cn(
        'grid min-w-0 content-start gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5',
        print === 'sheet' && 'print:gap-1 print:border-0 print:p-0',
        print === 'hidden' && 'print:hidden',
        className,
      )}
    >
      <h2
        id={`${id}-heading`}
        className={cn('text-xl font-bold text-brand-950', print === 'sheet' && 'print:text-base')}
      >
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** A form of a card, named by a heading of its own (an h3, whose id is `${id}-heading`). */
export function CardForm({
  id,
  heading,
  onSubmit,
  className,
  children,
}: {
  id: string;
  heading: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** More classes for the form (a rule above it, hidden in print). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={cn('grid gap-3', className)}
      aria-labelledby={`${id}-heading`}
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-brand-950">
        {heading}
      </h3>
      {children}
    </form>
  );
}
