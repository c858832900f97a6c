import { describe, expect, it } from 'vitest';
import { renderThankYouHtml } from '../server-render';

describe('/tak for an emergency that repeats an open one', () => {
  it('says so in place of the callback promise, naming no other reference', () => {
    const html = renderThankYouHtml('SK-BBBBBB', 'akut-skade', true);
    expect(html).toContain(
      'Vi har allerede en akut henvendelse fra dig – vi ringer til dig så hurtigt som muligt.',
    );
    expect(html).not.toContain('SK-AAAAAA');
    expect(html).not.toContain('Vi ringer til dig inden for');
  });

  it('keeps the promise for any other emergency', () => {
    expect(renderThankYouHtml('SK-BBBBBB', 'akut-skade')).not.toContain('Vi har allerede');
    expect(renderThankYouHtml('SK-BBBBBB', 'akut-skade', false)).not.toContain('Vi har allerede');
  });
});
