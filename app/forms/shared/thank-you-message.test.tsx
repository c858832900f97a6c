import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderThankYouHtml } from '../server-render';
import { thankYouByCopy } from '~/content/pages/thank-you';
import { ThankYouMessage, useThankYouQuery } from './thank-you-message';
import { hydrateOver } from '~/test/hydrate';

function ThankYouTop({ search }: { search: string }) {
  const { reference, kind, urgent } = useThankYouQuery(new URLSearchParams(search));
  return <ThankYouMessage reference={reference} kind={kind} urgent={urgent} byCopy={thankYouByCopy} />;
}

const hydrate = (html: string, search: string) => hydrateOver(html, <ThankYouTop search={search} />);

describe('the top of /tak', () => {
  it('is the damage report thanks without a reference, as prerendered', () => {
    const html = renderToString(<ThankYouTop search="" />);
    expect(html).toContain('id="tak-besked"');
    expect(html).toContain('Tak – vi har modtaget din anmeldelse');
    expect(html).not.toContain('data-testid="reference"');
  });

  it('hydrates the section the server put in for a posted form, showing its reference from the first render', async () => {
    const { container, hydrationErrors } = await hydrate(
      renderThankYouHtml('SK-AB12CD', 'ressource'),
      '?ref=SK-AB12CD&type=ressource',
    );
    expect(hydrationErrors).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="reference"]')?.textContent).toContain('SK-AB12CD');
    expect(container.textContent).toContain('Tjek din e-mail');
  });

  it('shows the reference right after hydration when the page came without it', async () => {
    const { container, hydrationErrors } = await hydrate(
      renderToString(<ThankYouTop search="" />),
      '?ref=SK-7F3K2&type=akut-skade',
    );
    expect(hydrationErrors).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="reference"]')?.textContent).toContain('SK-7F3K2');
    expect(container.textContent).toContain('Vi ringer til dig inden for 15 minutter');
  });

  it('says an assignment marked urgent is handled as urgent, after hydration as from the server', async () => {
    const search = '?ref=RK-7F3K2Q&type=rekvisition&akut=1';
    const { container, hydrationErrors } = await hydrate(
      renderThankYouHtml('RK-7F3K2Q', 'rekvisition', false, { urgent: true }),
      search,
    );
    expect(hydrationErrors).not.toHaveBeenCalled();
    expect(container.textContent).toContain('Tak – rekvisitionen behandles som akut');
    const normal = renderThankYouHtml('RK-7F3K2Q', 'rekvisition');
    expect(normal).toContain('Tak – rekvisitionen er modtaget');
  });

  it('never shows an odd reference', async () => {
    const { container } = await hydrate(
      renderToString(<ThankYouTop search="" />),
      `?ref=${encodeURIComponent('Ring 90 90 90 90 nu')}`,
    );
    expect(container.querySelector('[data-testid="reference"]')).toBeNull();
  });
});
