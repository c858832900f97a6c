import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderResourceLinksHtml, renderThankYouHtml } from '../server-render';
import { thankYouByCopy } from '~/content/pages/thank-you';
import { ThankYouMessage, useThankYouQuery } from './thank-you-message';
import { hydrateOver } from '~/test/hydrate';

function ThankYouTop({ search }: { search: string }) {
  return <ThankYouMessage {...useThankYouQuery(new URLSearchParams(search))} byCopy={thankYouByCopy} />;
}

const hydrate = (html: string, search: string) => hydrateOver(html, <ThankYouTop search={search} />);

const surgeWater = '?ref=SK-7F3K2&type=akut-skade&ventetid=120&travlt=1&skade=skybrudsskade';

describe('/tak after an emergency in surge, and per kind', () => {
  it('hydrates the server’s surge section: the announced wait, the water advice first, no "blevet akut"', async () => {
    const { text, hydrationErrors } = await hydrate(
      renderThankYouHtml('SK-7F3K2', 'akut-skade', undefined, {
        announced: { minutes: 120, inSurge: true, critical: false },
        waterDamage: true,
      }),
      surgeWater,
    );
    expect(hydrationErrors).not.toHaveBeenCalled();
    expect(text).toContain('Vi ringer til dig, forventet ventetid: ca. 2 timer.');
    expect(text).not.toContain('inden for 15 minutter');
    expect(text.indexOf('Slå strømmen fra i våde rum.')).toBeGreaterThan(text.indexOf('ca. 2 timer'));
    expect(text).not.toContain('Er situationen blevet akut');
  });

  it('shows the same right after hydration over the prerendered page', async () => {
    const { text } = await hydrate(renderToString(<ThankYouTop search="" />), surgeWater);
    expect(text).toContain('forventet ventetid: ca. 2 timer.');
    expect(text).toContain('Løft ting væk fra gulvet.');
  });

  it('keeps the 15 minutes, without water advice, for a wait out of bounds', async () => {
    const { text } = await hydrate(
      renderToString(<ThankYouTop search="" />),
      '?ref=SK-7F3K2&type=akut-skade&ventetid=100000&travlt=1&skade=vandskade',
    );
    expect(text).toContain('Vi ringer til dig inden for 15 minutter');
    expect(text).not.toContain('Slå strømmen fra');
  });

  it('tells a danger to people it is first in line', async () => {
    const { text } = await hydrate(
      renderToString(<ThankYouTop search="" />),
      '?ref=SK-7F3K2&type=akut-skade&ventetid=15&travlt=1&kritisk=1',
    );
    expect(text).toContain('Du er forrest i køen, fordi der er fare for personer.');
  });

  it('gives a resource request the PDF words, no "blevet akut", and links without "Anmeld en skade mere"', async () => {
    const { text } = await hydrate(
      renderThankYouHtml('SK-AB12CD', 'ressource'),
      '?ref=SK-AB12CD&type=ressource',
    );
    expect(text).toContain('vi sender materialet til dig som PDF');
    expect(text).not.toContain('Er situationen blevet akut');
    const links = renderResourceLinksHtml();
    expect(links).toContain('Se flere ressourcer');
    expect(links).not.toContain('Anmeld en skade mere');
  });

  it('still asks a damage report whether it became urgent', async () => {
    const { text } = await hydrate(
      renderThankYouHtml('SK-AB12CD', 'anmeldelse'),
      '?ref=SK-AB12CD&type=anmeldelse',
    );
    expect(text).toContain('Er situationen blevet akut i mellemtiden?');
  });
});
