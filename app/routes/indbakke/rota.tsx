import { inboxPageRoute } from '~/components/inbox-page-route';

/** /indbakke/vagtplan: who is on call, the chain, overrides, own number (see app/components/inbox/rota/rota-page.tsx). */
const route = inboxPageRoute({ page: 'RotaPage', title: 'rota', loader: 'loadRota' });

export const clientLoader = route.clientLoader;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;
export default route.Page;
