/**
 * The server's folders, top layer first (docs/decisions/server-layout.md). A folder imports only
 * folders of the layers below its own; `npm run lint` enforces it. The files directly in server/
 * (app.ts, index.ts, staff-routes.ts, staff-cli.ts, backup-cli.ts) put the app together and stand above all.
 *
 * Features hold their routes, use-cases and texts; infrastructure never imports a feature.
 */
export const serverLayers: readonly (readonly string[])[] = [
  // Features, the ones that build on others first.
  ['forms', 'insurer-api'],
  ['inbox'],
  ['casework'],
  ['messages'],
  ['case'],
  ['oncall'],
  ['privacy'],
  ['staff'],
  ['leads'],
  ['uploads', 'claims'],
  // Infrastructure.
  ['plugins', 'static'],
  ['mail'],
  ['queue', 'sms', 'storage', 'address', 'auth', 'observability', 'backup'],
  ['db'],
];

/**
 * A feature split into sub-folders keeps them one way too, top first: a sub-folder imports only
 * the sub-folders of the layers below its own, never the files directly in the feature's folder
 * (its staff API's routes), which stand above them all. `npm run lint` enforces it.
 */
export const featureSubLayers: Readonly<Record<string, readonly (readonly string[])[]>> = {
  // The phone pages use everything below; taking an emergency ends its paging; paging reads the
  // surge and sends the figures; all of them read the rota.
  oncall: [['phone-pages'], ['assignment'], ['paging'], ['surge', 'figures'], ['rota']],
  // A staff member's e-mail answer is sent on as our message to the customer.
  messages: [['incoming'], ['outgoing']],
  // The case after the call: the adjuster's page shows the reports, the report reads the clocks,
  // the clocks read the milestones and the drying log, all read the insurers' rules.
  casework: [['adjuster'], ['report'], ['clocks'], ['milestones', 'drying'], ['insurers']],
};
