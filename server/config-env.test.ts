/**
 * Secrets from files (<SETTING>_FILE) and DATABASE_URL in parts, through loadConfig as the server,
 * the staff command and the backup read them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dir = mkdtempSync(join(tmpdir(), 'config-env-'));
const secretFile = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const base = { DATA_DIR: dir, SIGNING_SECRET: 'a'.repeat(40) };

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('settings from files', () => {
  it('reads any setting from <SETTING>_FILE, without the final line break', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      SIGNING_SECRET_FILE: secretFile('signing', `${'s'.repeat(40)}\n`),
      SMS_WEBHOOK_SECRET_FILE: secretFile('webhook', 'webhook-secret-123456'),
      SMS_PROVIDER: 'gatewayapi',
      SMS_API_TOKEN_FILE: secretFile('sms', 'token-from-file\n'),
    });
    expect(config.signingSecret).toBe('s'.repeat(40));
    expect(JSON.stringify(config)).toContain('token-from-file');
    expect(JSON.stringify(config)).toContain('webhook-secret-123456');
  });

  it('refuses a setting given both ways, and a file it cannot read, naming the variable only', () => {
    expect(
      problems({
        ...base,
        METRICS_TOKEN: 'x'.repeat(20),
        METRICS_TOKEN_FILE: secretFile('m', 'y'.repeat(20)),
      }),
    ).toEqual(['METRICS_TOKEN_FILE: METRICS_TOKEN is set as well; set one of them']);
    const missing = problems({ ...base, SMTP_URL_FILE: join(dir, 'nope') });
    expect(missing).toEqual([`SMTP_URL_FILE: cannot read ${join(dir, 'nope')} (ENOENT)`]);
  });
});

describe('DATABASE_URL in parts', () => {
  it('encodes user and password, so @, / and # stay in the password', () => {
    const config = loadConfig({
      ...base,
      DATABASE_HOST: 'db',
      DATABASE_NAME: 'skadeservice',
      DATABASE_USER: 'skadeservice_site',
      DATABASE_PASSWORD_FILE: secretFile('db', 'p@ss/wörd#1\n'),
    });
    const url = new URL(config.databaseUrl!);
    expect(url.hostname).toBe('db');
    expect(url.port).toBe('5432');
    expect(url.pathname).toBe('/skadeservice');
    expect(decodeURIComponent(url.username)).toBe('skadeservice_site');
    expect(decodeURIComponent(url.password)).toBe('p@ss/wörd#1');
  });

  it('refuses DATABASE_HOST beside DATABASE_URL', () => {
    expect(problems({ ...base, DATABASE_URL: 'postgres://a@b/c', DATABASE_HOST: 'db' })).toEqual([
      'DATABASE_HOST: DATABASE_URL is set as well; set one of them',
    ]);
  });
});
