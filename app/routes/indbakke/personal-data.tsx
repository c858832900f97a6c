import { inboxPageRoute } from '~/components/inbox-page-route';

/** /indbakke/persondata: find, export or erase one person's data (see app/components/inbox/personal-data/personal-data-page.tsx). */
const route = inboxPageRoute({ page: 'PersonalDataPage', title: 'personalData' });

export const clientLoader = route.clientLoader;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;
export default route.Page;
