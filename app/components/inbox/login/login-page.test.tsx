import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page';
import { svgDataUrl } from './second-factor';
import { Arrived, json, renderRoutes, stubStaffApi, type FetchCall } from '../../../../tests/support/inbox';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const qrSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/><script>alert(1)</script></svg>';

function renderLogin() {
  return renderRoutes(
    [
      { path: '/indbakke/login', Component: LoginPage },
      { path: '/indbakke', Component: () => <Arrived name="Henvendelserne" /> },
    ],
    '/indbakke/login',
  );
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

function logIn(email = 'anna@skadekompagniet.dk', password = 'korrekt hest batteri') {
  fireEvent.change(field('E-mail'), { target: { value: email } });
  fireEvent.change(field('Adgangskode'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
}

/** Once the QR code shows, types `value` as the newly connected app's code and connects it. */
async function connectApp(value: string) {
  await screen.findByRole('img', { name: 'QR-kode til godkendelsesappen' });
  fireEvent.change(screen.getByLabelText('Skriv den 6-cifrede kode, appen viser.'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Forbind appen' }));
}

/** Types `value` as the authenticator app's code, once the step shows, and confirms it. */
async function confirmCode(value: string) {
  fireEvent.change(await screen.findByLabelText('Kode fra godkendelsesappen'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
}

describe('the login page', () => {
  it('asks for e-mail and password with the autocomplete a password manager needs, and calls nothing first', () => {
    const calls = stubStaffApi(() => json({}));
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Log ind i indbakken' })).toBeTruthy();
    expect(field('E-mail').getAttribute('autocomplete')).toBe('username');
    expect(field('E-mail').type).toBe('email');
    expect(field('Adgangskode').getAttribute('autocomplete')).toBe('current-password');
    expect(field('Adgangskode').type).toBe('password');
    expect(screen.getByRole('main')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says what is missing without asking the server', async () => {
    const calls = stubStaffApi(() => json({}));
    renderLogin();
    fireEvent.change(field('E-mail'), { target: { value: 'anna@skadekompagniet.dk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Skriv både din e-mail og din adgangskode.');
    expect(document.activeElement).toBe(field('Adgangskode'));
    expect(calls).toEqual([]);
  });

  it("shows the server's message for a wrong password, clears the password and focuses it", async () => {
    const calls = stubStaffApi(() => json({ message: 'Forkert e-mail eller adgangskode.' }, 401));
    renderLogin();
    logIn();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Forkert e-mail eller adgangskode.'),
    );
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/staff/login',
      body: { email: 'anna@skadekompagniet.dk', password: 'korrekt hest batteri' },
    });
    expect(calls[0]!.init?.credentials).toBe('include');
    expect(field('Adgangskode').value).toBe('');
    expect(field('Adgangskode').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Adgangskode'));
  });

  it('says how long to wait when the server limits attempts', async () => {
    stubStaffApi(() => json({}, 429, { 'Retry-After': '120' }));
    renderLogin();
    logIn();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('For mange forsøg. Vent 2 minutter, og prøv igen.'),
    );
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderLogin();
    logIn();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/ingen forbindelse til serveren/),
    );
  });

  describe('with an authenticator app already connected', () => {
    function verifyApi(verify: (call: FetchCall) => Response) {
      return stubStaffApi((call) =>
        call.url === '/api/staff/login' ? json({ next: 'verify' }) : verify(call),
      );
    }

    it('asks for the 6-digit code with the number pad and one-time-code autocomplete, focusing the step', async () => {
      verifyApi(() => json({ ok: true }));
      renderLogin();
      logIn();
      const heading = await screen.findByRole('heading', { level: 1, name: 'Bekræft, at det er dig' });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      const code = field('Kode fra godkendelsesappen');
      expect(code.getAttribute('inputmode')).toBe('numeric');
      expect(code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(code.getAttribute('maxlength')).toBe('6');
    });

    it('enters the inbox with a right code', async () => {
      const calls = verifyApi(() => json({ ok: true }));
      renderLogin();
      logIn();
      await confirmCode('123 456');
      expect(await screen.findByRole('heading', { name: 'Henvendelserne' })).toBeTruthy();
      expect(calls[1]).toMatchObject({
        method: 'POST',
        url: '/api/staff/totp/verify',
        body: { code: '123456' },
      });
    });

    it("shows the server's message for a wrong code and lets the user try again", async () => {
      verifyApi(() => json({ message: 'Koden passer ikke. Prøv igen.' }, 401));
      renderLogin();
      logIn();
      const code = (await screen.findByLabelText('Kode fra godkendelsesappen')) as HTMLInputElement;
      fireEvent.change(code, { target: { value: '000000' } });
      fireEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe('Koden passer ikke. Prøv igen.'),
      );
      expect(code.value).toBe('');
      expect(document.activeElement).toBe(code);
    });

    it("shows the server's wait when too many wrong codes were given for the account", async () => {
      const capped = 'For mange forkerte koder til kontoen. Vent 15 minutter, og prøv igen.';
      verifyApi(() => json({ message: capped }, 429, { 'Retry-After': '900' }));
      renderLogin();
      logIn();
      const code = (await screen.findByLabelText('Kode fra godkendelsesappen')) as HTMLInputElement;
      fireEvent.change(code, { target: { value: '123456' } });
      fireEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(capped));
      expect(screen.getByRole('button', { name: 'Bekræft' })).toHaveProperty('disabled', false);
    });

    it('refuses a code that is not 6 digits without asking the server', async () => {
      const calls = verifyApi(() => json({ ok: true }));
      renderLogin();
      logIn();
      await confirmCode('12a');
      expect((await screen.findByRole('alert')).textContent).toBe('Skriv de 6 cifre fra godkendelsesappen.');
      expect(calls).toHaveLength(1);
    });

    it('accepts a recovery code instead', async () => {
      const calls = verifyApi(() => json({ ok: true }));
      renderLogin();
      logIn();
      fireEvent.click(await screen.findByRole('button', { name: 'Brug en gendannelseskode' }));
      const recovery = await screen.findByLabelText('Gendannelseskode');
      await waitFor(() => expect(document.activeElement).toBe(recovery));
      expect(screen.queryByLabelText('Kode fra godkendelsesappen')).toBeNull();
      fireEvent.change(recovery, { target: { value: ' abcd-efgh ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
      expect(await screen.findByRole('heading', { name: 'Henvendelserne' })).toBeTruthy();
      expect(calls[1]).toMatchObject({ url: '/api/staff/totp/verify', body: { recoveryCode: 'abcd-efgh' } });
      expect(screen.queryByRole('button', { name: 'Brug koden fra appen i stedet' })).toBeNull();
    });

    it('can start over with e-mail and password', async () => {
      verifyApi(() => json({ ok: true }));
      renderLogin();
      logIn();
      fireEvent.click(await screen.findByRole('button', { name: 'Start forfra' }));
      expect(await screen.findByRole('heading', { name: 'Log ind i indbakken' })).toBeTruthy();
    });
  });

  describe('the first time', () => {
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `kode-${i}-abcd`);

    function enrolApi(enrol: (call: FetchCall) => Response = () => json({ recoveryCodes })) {
      return stubStaffApi((call) => {
        if (call.url === '/api/staff/login') return json({ next: 'enrol' });
        if (call.url === '/api/staff/totp/enrolment')
          return json({ otpauthUrl: 'otpauth://totp/x', qrSvg, secret: 'JBSWY3DPEHPK3PXP' });
        return enrol(call);
      });
    }

    it('shows the QR code as an image (never as markup) and the secret for manual entry', async () => {
      enrolApi();
      const { container } = renderLogin();
      logIn();
      const qr = (await screen.findByRole('img', {
        name: 'QR-kode til godkendelsesappen',
      })) as HTMLImageElement;
      expect(qr.getAttribute('src')).toBe(svgDataUrl(qrSvg));
      const base64 = qr.getAttribute('src')!.replace('data:image/svg+xml;base64,', '');
      expect(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))).toBe(qrSvg);
      expect(container.querySelector('svg path[d="M0 0h7v7H0z"]')).toBeNull();
      expect(container.querySelector('script')).toBeNull();
      expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    });

    it('connects the app with a code, then shows the 10 recovery codes once, to copy or download', async () => {
      const calls = enrolApi();
      const writeText = vi.fn().mockResolvedValue(undefined);
      vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
      renderLogin();
      logIn();
      await connectApp('654321');
      const list = await screen.findByRole('list', { name: 'Dine gendannelseskoder' });
      expect(calls.at(-1)).toMatchObject({
        method: 'POST',
        url: '/api/staff/totp/enrol',
        body: { code: '654321' },
      });
      expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual(recoveryCodes);
      await waitFor(() =>
        expect(document.activeElement).toBe(
          screen.getByRole('heading', { name: 'Gem dine gendannelseskoder' }),
        ),
      );

      fireEvent.click(screen.getByRole('button', { name: 'Kopiér koderne' }));
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Koderne er kopieret.'));
      expect(writeText).toHaveBeenCalledWith(recoveryCodes.join('\n'));

      const download = screen.getByRole('link', { name: 'Hent som fil' });
      expect(download.getAttribute('download')).toBe('gendannelseskoder-skadekompagniet.txt');
      expect(decodeURIComponent(download.getAttribute('href')!.split(',')[1]!)).toBe(
        `${recoveryCodes.join('\r\n')}\r\n`,
      );

      fireEvent.click(screen.getByRole('button', { name: 'Jeg har gemt koderne' }));
      expect(await screen.findByRole('heading', { name: 'Henvendelserne' })).toBeTruthy();
    });

    it("shows the server's message for a wrong code", async () => {
      enrolApi(() => json({ message: 'Koden passer ikke. Prøv igen.' }, 400));
      renderLogin();
      logIn();
      await connectApp('111111');
      await waitFor(() =>
        expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
          'Koden passer ikke. Prøv igen.',
        ),
      );
    });

    it("shows the server's wait when too many wrong codes were given for the account", async () => {
      const capped = 'For mange forkerte koder til kontoen. Vent 15 minutter, og prøv igen.';
      enrolApi(() => json({ message: capped }, 429, { 'Retry-After': '900' }));
      renderLogin();
      logIn();
      await connectApp('111111');
      await waitFor(() =>
        expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(capped),
      );
    });
  });
});
