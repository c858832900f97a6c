import { inboxPageRoute } from '~/components/inbox-page-route';

/** /indbakke/beredskab: the month's on-call figures (see app/components/inbox/figures/figures-page.tsx). */
const route = inboxPageRoute({ page: 'FiguresPage', title: 'figures', loader: 'loadFigures' });

export const clientLoader = route.clientLoader;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;
export default route.Page;
