/**
 * A page's schema.org data as JSON-LD. `json` comes from structuredDataJson() in the page's
 * loader, so it is built at prerender time and travels as page data, not in the page's JavaScript.
 * Like every inline script, it is covered by the page's own CSP hash (server/static/site.ts).
 */
export function StructuredData({ json }: { json: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
