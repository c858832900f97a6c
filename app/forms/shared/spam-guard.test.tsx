import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formTokenTiming,
  HoneypotField,
  useFormToken,
  useFormTokenPrefetch,
  useSpamGuard,
} from './spam-guard';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HoneypotField', () => {
  it('is a text field named "website" that people cannot see, reach or have filled in', () => {
    const { container } = render(
      <form aria-label="Kontakt">
        <HoneypotField defaultValue="" />
      </form>,
    );
    const input = container.querySelector('input')!;
    expect(input.getAttribute('name')).toBe('website');
    expect(input.getAttribute('type')).toBe('text');
    expect(input.getAttribute('tabindex')).toBe('-1');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.hasAttribute('data-1p-ignore')).toBe(true);
    expect(input.getAttribute('data-lpignore')).toBe('true');
    const wrapper = input.closest('[aria-hidden="true"]')!;
    expect(wrapper).not.toBeNull();
    expect(wrapper.className).toContain('sr-only');
    // Not in the accessibility tree: no textbox for assistive technology.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(new FormData(container.querySelector('form')!).get('website')).toBe('');
  });

  it('is registered with react-hook-form like any field, and sends what a bot typed', async () => {
    const sent = vi.fn();
    function Form() {
      const { register, handleSubmit } = useForm<{ website: string }>({ defaultValues: { website: '' } });
      return (
        <form aria-label="Kontakt" onSubmit={handleSubmit(sent)}>
          <HoneypotField {...register('website')} />
          <button type="submit">Send</button>
        </form>
      );
    }
    const { container } = render(<Form />);
    fireEvent.change(container.querySelector('input[name="website"]')!, {
      target: { value: 'https://seo.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent).toHaveBeenCalled());
    expect(sent.mock.calls[0]![0]).toEqual({ website: 'https://seo.example' });
  });
});

function answer(token: string): Response {
  return new Response(JSON.stringify({ token }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

describe('useFormToken', () => {
  it('fetches the token once the form has hydrated and returns it', async () => {
    const fetch = vi.fn(async () => answer('t1'));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useFormToken());
    await vi.waitFor(() => expect(result.current).toBe('t1'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/leads/token', expect.objectContaining({ cache: 'no-store' }));
  });

  it('returns undefined while the fetch fails, never throws, and tries again until it has one', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('Bad Gateway', { status: 502 }))
      .mockResolvedValueOnce(answer('t2'));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useFormToken());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current).toBeUndefined();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(formTokenTiming.retryDelaysMs[0]);
    });
    expect(result.current).toBeUndefined();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(formTokenTiming.retryDelaysMs[1]);
    });
    expect(result.current).toBe('t2');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('renews the token while the form stays open, handing in the old one', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockResolvedValueOnce(answer('first')).mockResolvedValueOnce(answer('second'));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useFormToken());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current).toBe('first');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(formTokenTiming.renewAfterMs);
    });
    expect(result.current).toBe('second');
    expect(fetch).toHaveBeenLastCalledWith('/api/leads/token?previous=first', expect.anything());
  });

  it('renews an old token at once when a sleeping tab becomes visible again', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockResolvedValueOnce(answer('first')).mockResolvedValueOnce(answer('woken'));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useFormToken());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    // The device slept: the clock moved on, the timer did not fire.
    vi.setSystemTime(Date.now() + formTokenTiming.renewAfterMs + 1);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current).toBe('woken');
    // A fresh token is not fetched again on every focus.
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('fetches a fresh token as soon as a form sends one (a token brings one lead), keeping the page’s start', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockResolvedValueOnce(answer('first')).mockResolvedValueOnce(answer('next'));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useSpamGuard());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    let sent: { formToken?: string | undefined } = {};
    await act(async () => {
      sent = result.current.spamFields();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sent.formToken).toBe('first');
    expect(fetch).toHaveBeenLastCalledWith('/api/leads/token?previous=first', expect.anything());
    expect(result.current.spamFields().formToken).toBe('next');
  });

  it('stops when the form goes away', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => answer('t'));
    vi.stubGlobal('fetch', fetch);
    const { unmount } = renderHook(() => useFormToken());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    unmount();
    await vi.advanceTimersByTimeAsync(formTokenTiming.renewAfterMs * 3);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is fetched once for the whole page: fetched early by the prefetch, the form that loads later gets the same token', async () => {
    const fetch = vi.fn(async () => answer('early'));
    vi.stubGlobal('fetch', fetch);
    let prefetchRenders = 0;
    renderHook(() => {
      prefetchRenders++;
      useFormTokenPrefetch();
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await act(async () => {});
    // The prefetch never re-renders its component (a form waiting to hydrate must stay still).
    expect(prefetchRenders).toBe(1);
    const { result } = renderHook(() => useFormToken());
    expect(result.current).toBe('early');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
