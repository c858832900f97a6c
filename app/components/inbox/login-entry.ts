/**
 * What the login route (app/routes/indbakke/login.tsx) imports on demand: the login page alone.
 * The login is the inbox's first load, so it carries neither the frame behind the login
 * (./index.ts) nor the pages (./pages.ts).
 */
export { inboxMeta } from './meta';
export { LoginFrameError, LoginPage } from './login/login-page';
