import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Insurer } from '../../../../domain/staff-api/insurers';
import { json, renderRoutes, stubStaffApi } from '../../../../tests/support/inbox';
import { InsurerRules } from './insurer-rules';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tryg: Insurer = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Tryg',
  claimsEmail: null,
  onSiteHours: null,
  firstResponseHours: null,
  reportRule: 'next-business-day',
  active: true,
};

function renderInsurers(role: 'koordinator' | 'medarbejder' = 'koordinator') {
  const calls = stubStaffApi((call) => {
    if (call.method === 'PUT') {
      const body = call.body as Insurer;
      if (body.claimsEmail === 'forkert')
        return json(
          {
            message: 'Nogle af oplysningerne er ugyldige.',
            errors: {
              claimsEmail: ['Skriv en gyldig e-mailadresse til skadeafdelingen, eller lad feltet stå tomt.'],
            },
          },
          400,
        );
      return json({ insurer: { ...tryg, ...body } });
    }
    return json({ insurer: tryg });
  });
  const view = renderRoutes(
    [{ path: '/indbakke/beredskab', Component: () => <InsurerRules insurers={[tryg]} /> }],
    '/indbakke/beredskab',
    role,
  );
  return { calls, ...view };
}

describe('the insurers’ rules on the Beredskab page', () => {
  it('saves one insurer’s claims address and rules, and says so', async () => {
    const { calls } = renderInsurers();
    const form = await screen.findByRole('form', { name: 'Tryg' });
    fireEvent.change(within(form).getByLabelText('Skadeafdelingens e-mail'), {
      target: { value: 'skade@tryg.example' },
    });
    fireEvent.change(within(form).getByLabelText(/Fremme inden/), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText(/Rekvisition: ring inden/), { target: { value: '8' } });
    fireEvent.change(within(form).getByLabelText('Første rapport'), {
      target: { value: 'same-business-day' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Gem' }));
    expect(await within(form).findByText('Tryg er gemt.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      url: `/api/staff/insurers/${tryg.id}`,
      body: {
        claimsEmail: 'skade@tryg.example',
        onSiteHours: 2,
        firstResponseHours: 8,
        reportRule: 'same-business-day',
        active: true,
      },
    });
  });

  it('shows the server’s Danish message at the field it is about', async () => {
    renderInsurers();
    const form = await screen.findByRole('form', { name: 'Tryg' });
    const email = within(form).getByLabelText('Skadeafdelingens e-mail');
    fireEvent.change(email, { target: { value: 'forkert' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Gem' }));
    expect(await within(form).findByText(/Skriv en gyldig e-mailadresse/)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('alert').textContent).toContain('ugyldige');
  });

  it('is not shown to a medarbejder', async () => {
    renderInsurers('medarbejder');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Forsikringsselskaber' })).toBeNull();
  });
});
