import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './submit-button';

afterEach(cleanup);

describe('SubmitButton', () => {
  it('is an enabled submit button in the prerendered HTML, so the form posts before the scripts run', () => {
    const html = renderToString(<SubmitButton>Send besked</SubmitButton>);
    expect(html).toMatch(/<button[^>]*type="submit"/);
    // No disabled attribute, no aria-disabled, and no class naming one either.
    expect(html).not.toContain('disabled');
  });

  it('says it is busy while a send is in flight and ignores further presses, without leaving the tab order', () => {
    const submitted = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => submitted(event.nativeEvent)}>
        <SubmitButton busy>Sender...</SubmitButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Sender...' }) as HTMLButtonElement;
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('sends the form when it is not busy', () => {
    const submitted = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => submitted(event.nativeEvent)}>
        <SubmitButton>Send besked</SubmitButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Send besked' });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(button);
    expect(submitted).toHaveBeenCalledTimes(1);
  });
});
