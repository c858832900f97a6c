/**
 * The server's folders, top layer first (docs/decisions/server-layout.md). A folder imports only
 * folders of the layers below its own; `npm run lint` enforces it. The files directly in server/
 * (app.ts, index.ts, staff-routes.ts, staff-cli.ts, backup-cli.ts) put the app together and stand above all.
 *
 * Features hold their routes, use-cases and texts; infrastructure never imports a feature.
 */
export const serverLayers: readonly (readonly string[])[] = [
  // Features, the ones that build on others first.
  ['forms'],
  ['inbox'],
  ['messages'],
  ['case'],
  ['oncall'],
  ['privacy'],
  ['staff'],
  ['leads'],
  ['uploads'],
  // Infrastructure.
  ['plugins', 'static'],
  ['mail'],
  ['queue', 'sms', 'storage', 'address', 'auth', 'observability', 'backup'],
  ['db'],
];
