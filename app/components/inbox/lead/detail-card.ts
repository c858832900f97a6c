/** Printed, a card is a plain block of the one-page case sheet: no frame, tighter type. */
export const card =
  'grid min-w-0 content-start gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 print:gap-1 print:border-0 print:p-0';
export const cardHeading = 'text-xl font-bold text-brand-950 print:text-base';
