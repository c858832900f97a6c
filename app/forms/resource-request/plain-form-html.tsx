import { renderToString } from 'react-dom/server';
import { resourceCatalogue } from '../../../domain/resources';
import { ResourceRequestPlainForm } from './resource-request-plain-form';

/**
 * Each resource's plain request form as HTML, by resource id, for the /resources loader: rendered
 * when the page is prerendered, so the form is in the page without its code in the page's
 * JavaScript. Import it only from a loader (which never reaches the browser).
 */
export function plainResourceFormsHtml(): Record<string, string> {
  return Object.fromEntries(
    resourceCatalogue.map((resource) => [
      resource.id,
      renderToString(<ResourceRequestPlainForm resource={resource} />),
    ]),
  );
}
