import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { FaqAccordion } from './faq-accordion';

afterEach(cleanup);

const items = [
  { question: 'Hvor hurtigt kan I være fremme?', answer: 'Typisk inden for 30–90 minutter.' },
  { question: 'Dækker I hele Danmark?', answer: 'Ja, vi rykker ud i hele landet.' },
];

describe('FaqAccordion', () => {
  it('prerenders every answer, hidden, under a heading with a collapsed button', () => {
    const html = renderToString(<FaqAccordion items={items} />);
    expect(html).toContain('Typisk inden for 30–90 minutter.');
    expect(html).toMatch(/<h3><button type="button"[^>]*aria-expanded="false"/);
    expect(html.match(/role="region"[^>]*hidden=""/g)).toHaveLength(2);
  });

  it('opens and closes each answer independently, tied to its question', () => {
    render(<FaqAccordion items={items} />);
    const first = screen.getByRole('button', { name: 'Hvor hurtigt kan I være fremme?' });
    const second = screen.getByRole('button', { name: 'Dækker I hele Danmark?' });
    fireEvent.click(first);
    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    const answer = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(answer?.textContent).toBe('Typisk inden for 30–90 minutter.');
    expect(answer?.hidden).toBe(false);
    expect(screen.getByRole('region', { name: 'Hvor hurtigt kan I være fremme?' })).toBe(answer);

    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(answer?.hidden).toBe(true);
    expect(second.getAttribute('aria-expanded')).toBe('true');
  });
});
