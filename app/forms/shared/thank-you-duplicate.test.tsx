import { describe, expect, it } from 'vitest';
import { renderThankYouHtml } from '../server-render';

describe('/tak for an emergency that repeats an open one', () => {
  it('says the first reference in place of the callback promise', () => {
    const html = renderThankYouHtml('SK-BBBBBB', 'akut-skade', 'sk-aaaaaa');
    expect(html).toContain(
      'Vi har allerede din henvendelse SK-AAAAAA – vi ringer til dig så hurtigt som muligt.',
    );
    expect(html).not.toContain('Vi ringer til dig inden for');
  });

  it('keeps the promise for any other emergency, and ignores what is not a reference', () => {
    expect(renderThankYouHtml('SK-BBBBBB', 'akut-skade')).not.toContain('Vi har allerede');
    expect(renderThankYouHtml('SK-BBBBBB', 'akut-skade', '<b>')).not.toContain('Vi har allerede');
  });
});
