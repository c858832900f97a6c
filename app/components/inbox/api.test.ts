import { afterEach, describe, expect, it, vi } from 'vitest';
import { leadExportUrl, personalDataExportUrl, staffApi, StaffApiError } from './api';
import { filtersFromSearch } from './loaders';
import { json, noContent, stubStaffApi } from '../../../tests/support/inbox';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<StaffApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StaffApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('the staff API client', () => {
  it('sends the session cookie, never uses the HTTP cache, and sends JSON', async () => {
    const calls = stubStaffApi(() => json({ next: 'verify' }));
    await staffApi.login('a@b.dk', 'x');
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"email":"a@b.dk","password":"x"}',
    });
  });

  it("fails with the server's Danish message and status", async () => {
    stubStaffApi(() => json({ message: '  Forkert kode.  ' }, 401));
    const error = await failure(staffApi.verify({ code: '123456' }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Forkert kode.');
  });

  it('falls back to its own Danish message when the answer has none', async () => {
    stubStaffApi(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    expect((await failure(staffApi.me())).message).toBe('Noget gik galt. Prøv igen om lidt.');
    stubStaffApi(() => json({}, 401));
    expect((await failure(staffApi.me())).message).toBe('Du er ikke længere logget ind.');
  });

  it('reads Retry-After in seconds or as a date', async () => {
    stubStaffApi(() => json({ message: 'For mange forsøg.' }, 429, { 'Retry-After': '30' }));
    expect((await failure(staffApi.login('a@b.dk', 'x'))).retryAfter).toBe(30);
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    stubStaffApi(() => json({}, 429, { 'Retry-After': inAMinute }));
    const error = await failure(staffApi.login('a@b.dk', 'x'));
    expect(error.retryAfter).toBeGreaterThan(50);
    expect(error.message).toMatch(/^For mange forsøg\. Vent (1 minut|\d+ sekunder), og prøv igen\.$/);
  });

  it('answers 204 with nothing', async () => {
    stubStaffApi(() => noContent());
    await expect(staffApi.logout()).resolves.toBeUndefined();
  });

  it('builds the download links of the current filter and of one person', () => {
    expect(leadExportUrl({ kind: 'akut-skade', q: ' Bo ', from: '' })).toBe(
      '/api/staff/leads/export.csv?kind=akut-skade&q=Bo',
    );
    expect(leadExportUrl({})).toBe('/api/staff/leads/export.csv');
    expect(personalDataExportUrl({ phone: '+45 12 34 56 78' })).toBe(
      '/api/staff/personal-data/export?phone=%2B45+12+34+56+78',
    );
  });

  it('reads the list filters from the URL, dropping unknown kinds and statuses', () => {
    expect(
      filtersFromSearch(new URLSearchParams('kind=akut-skade&status=done&q=%20vand%20&cursor=x')),
    ).toEqual({
      kind: 'akut-skade',
      status: 'done',
      q: 'vand',
    });
    expect(filtersFromSearch(new URLSearchParams('kind=toString&status=__proto__'))).toEqual({});
  });
});

describe('the audit log details', () => {
  it('reads as Danish', async () => {
    const { describeDetails } = await import('./audit-log/audit-log-page');
    expect(describeDetails({ isCustomer: true })).toEqual(['kunde: ja']);
    expect(describeDetails({ by: 'e-mail', found: 2 })).toEqual(['søgt på: e-mail', 'fundet: 2']);
    expect(describeDetails({ filter: { kind: 'akut-skade', status: 'new' } })).toEqual([
      'filter: (type: Akut, status: Ny)',
    ]);
    expect(describeDetails({ filter: {} })).toEqual(['filter: ingen']);
    expect(describeDetails({ odd: 'x' })).toEqual(['odd: x']);
  });
});
