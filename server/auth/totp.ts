/**
 * The second factor: time-based one-time codes (RFC 6238: 30 s, 6 digits, SHA-1 — what every
 * authenticator app reads from a QR code) with otpauth, the QR code with qrcode.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

function totp(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The enrolment data: the otpauth:// URL, the same as a QR code (SVG markup) and the secret. */
export async function totpEnrolment(
  secret: string,
  account: string,
  siteName: string,
): Promise<{ otpauthUrl: string; qrSvg: string; secret: string }> {
  const otpauthUrl = totp(secret, account, siteName).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrSvg, secret };
}

export const totpPeriodSeconds = 30;

/** The 30-second time step a moment falls in (what RFC 6238 counts). */
export function totpStepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / totpPeriodSeconds);
}

/**
 * The time step of `code` when it is the current code, or the one just before or after (clock
 * drift); null otherwise. A login stores the step it accepted, so the same code cannot be used twice.
 */
export function acceptedTotpStep(secret: string, code: string, now: Date = new Date()): number | null {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const delta = totp(secret, 'staff', 'staff').validate({
    token: digits,
    timestamp: now.getTime(),
    window: 1,
  });
  return delta === null ? null : totpStepAt(now) + delta;
}
