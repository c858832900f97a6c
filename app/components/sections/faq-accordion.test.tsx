import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FaqAccordion } from './faq-accordion';

const items = [
  { question: 'Hvor hurtigt kan I være fremme?', answer: 'Typisk inden for 30–90 minutter.' },
  { question: 'Dækker I hele Danmark?', answer: 'Ja, vi rykker ud i hele landet.' },
];

describe('FaqAccordion', () => {
  it('prerenders each question as a closed disclosure whose summary holds the question as a heading', () => {
    const html = renderToString(<FaqAccordion items={items} />);
    expect(html.match(/<details\b/g)).toHaveLength(2);
    expect(html).not.toMatch(/<details[^>]*\bopen/);
    expect(html).toMatch(/<summary[^>]*><h3>Hvor hurtigt kan I være fremme\?<\/h3>/);
  });

  it('keeps every answer in the HTML, inside its own question, with no script needed to open it', () => {
    const html = renderToString(<FaqAccordion items={items} />);
    const [first, second] = html.split('</details>');
    expect(first).toContain('Typisk inden for 30–90 minutter.');
    expect(second).toContain('Ja, vi rykker ud i hele landet.');
    expect(html).not.toMatch(/\shidden(=|\s|>)/);
  });
});
