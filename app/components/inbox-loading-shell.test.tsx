import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrateFallback } from '~/root';

describe("the inbox's loading shell", () => {
  it('is what the SPA fallback page shows: a header and a loading line, text the browser paints at once', () => {
    const html = renderToString(<HydrateFallback />);
    expect(html).toContain('<header');
    expect(html).toContain('Indbakke');
    expect(html).toContain('Henter indbakken …');
    expect(html).toContain('role="status"');
    // Plain markup only: nothing in it waits for scripts (no images, no lazy parts).
    expect(html).not.toMatch(/<img|<script|loading=/);
  });
});
