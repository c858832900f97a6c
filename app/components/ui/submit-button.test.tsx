import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { company } from '../../../domain/company';
import { NoScriptNote, SubmitButton } from './submit-button';

afterEach(cleanup);

describe('SubmitButton', () => {
  it('is disabled in the prerendered HTML, before the page can send the form', () => {
    const html = renderToString(<SubmitButton>Send besked</SubmitButton>);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  });

  it('is enabled once React runs the page, unless the form disables it', () => {
    render(
      <>
        <SubmitButton>Send besked</SubmitButton>
        <SubmitButton disabled>Sender...</SubmitButton>
      </>,
    );
    expect((screen.getByRole('button', { name: 'Send besked' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Sender...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('NoScriptNote', () => {
  it('tells visitors without JavaScript to call or write, with our phone number and e-mail', () => {
    const html = renderToString(<NoScriptNote />);
    expect(html).toContain('<noscript>');
    expect(html).toContain('Formularen kræver JavaScript');
    expect(html).toContain(`href="tel:${company.phoneE164}"`);
    expect(html).toContain(`href="mailto:${company.email}"`);
  });
});
