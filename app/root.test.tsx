import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { company } from '../domain/company';
import { HydrateFallback } from '~/root';

describe('the SPA fallback page the inbox starts from', () => {
  it('has a document title and keeps search engines out', () => {
    const html = renderToStaticMarkup(<HydrateFallback />);
    expect(html).toContain(`<title>Indbakke – ${company.name}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});
