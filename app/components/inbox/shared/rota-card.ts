/** The classes of a section of the rota page (a card) and of its heading. */
export const card = 'grid min-w-0 content-start gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5';
export const cardHeading = 'text-xl font-bold text-brand-950';
