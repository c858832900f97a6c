/**
 * Test helpers for the inbox's components (vitest, happy-dom): a stand-in for the staff API on
 * `fetch`, a memory router, and sample data shaped like the API's answers.
 */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { StaffRoleContext } from '../../app/components/inbox/shared/staff-role';
import type { StaffRole } from '../../domain/staff-api/roles';
import type { LeadDetail, LeadSummary, StatusCounts } from '../../domain/staff-api/leads';

export interface FetchCall {
  method: string;
  /** Path and query, as the inbox asked for it. */
  url: string;
  body: unknown;
  init: RequestInit | undefined;
}

/** Replaces fetch with `answer`; returns the list of calls it received. */
export function stubStaffApi(answer: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: FetchCall = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      init,
    };
    calls.push(call);
    return answer(call);
  });
  return calls;
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const noContent = () => new Response(null, { status: 204 });

/**
 * Renders `routes` in a memory router at `path`, for a staff member of `role` (as the inbox's
 * frame provides it; koordinator, who sees everything, unless told); returns the router.
 */
export function renderRoutes(routes: RouteObject[], path: string, role: StaffRole = 'koordinator') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <StaffRoleContext value={role}>
      <RouterProvider router={router} />
    </StaffRoleContext>,
  );
  return { router, ...view };
}

/** A stand-in for a page the test leaves to, showing where it arrived. */
export function Arrived({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

export const counts: StatusCounts = { new: 3, 'in-progress': 1, done: 4, spam: 2 };

export function summary(overrides: Partial<LeadSummary> = {}): LeadSummary {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'kontakt',
    reference: 'SK-1001',
    name: 'Ane Jensen',
    email: 'ane@example.dk',
    phone: '+4522345678',
    town: 'Roskilde',
    insurer: null,
    status: 'new',
    priority: 'normal',
    // As stored: an emergency pages the on-call staff (an urgent assignment is given it explicitly).
    pagesOnCall: (overrides.kind ?? 'kontakt') === 'akut-skade',
    receivedAt: '2026-12-03T09:15:00.000Z',
    isCustomer: false,
    photoCount: 0,
    topic: 'Skadeservice',
    ...overrides,
  };
}

export function detail(overrides: Partial<LeadDetail> = {}): LeadDetail {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    kind: 'akut-skade',
    kindLabel: 'Akut skade',
    reference: 'SK-2002',
    status: 'new',
    priority: 'normal',
    pagesOnCall: (overrides.kind ?? 'akut-skade') === 'akut-skade',
    receivedAt: '2026-12-03T09:15:00.000Z',
    statusChangedAt: null,
    statusChangedBy: null,
    isCustomer: false,
    name: 'Bo Hansen',
    email: 'bo@example.dk',
    phone: '+45 22 34 56 78',
    rows: [
      { label: 'Navn', value: 'Bo Hansen' },
      { label: 'E-mail', value: 'bo@example.dk', href: 'mailto:bo@example.dk' },
      { label: 'Telefon', value: '22 34 56 78', href: 'tel:+4522345678' },
      { label: 'Adresse', value: 'Algade 1, 4000 Roskilde' },
      { label: 'Beskrivelse', value: 'Vand i kælderen.\nStiger stadig.', multiline: true },
    ],
    spamReasons: null,
    images: [
      {
        id: 'img-1',
        contentType: 'image/jpeg',
        originalName: 'kaelder.jpg',
        bytes: 1_536_000,
        url: '/api/objects/leads/a.jpg?expires=1&signature=x',
      },
      {
        id: 'img-2',
        contentType: 'image/png',
        originalName: null,
        bytes: 2048,
        url: '/api/objects/leads/b.png?expires=1&signature=y',
      },
    ],
    notes: [],
    assignedTo: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    calledBackAt: null,
    calledBackBy: null,
    ...overrides,
  };
}
