import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { company } from '../domain/company.ts';
import { adressevaelgerDefaults } from './address/defaults.ts';
import { ConfigError, loadConfig } from './config.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'config-test-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message.split('\n');
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      mail: { smtpUrl: undefined, from: `"${company.name}" <no-reply@localhost>`, to: company.email },
      s3: null,
      address: { kind: 'adressevaelger', url: 'https://adressevaelger.dk', token: 'adressevaelger123' },
      trustProxy: false,
      logLevel: 'info',
      submissionRateLimitPerMinute: 10,
      spamChecks: true,
    });
    expect(config.clientDir).toMatch(/build[/\\]client$/);
  });

  it('resolves the default data directory ./data to an absolute path', () => {
    const config = loadConfig({ SIGNING_SECRET: 'x'.repeat(32) });
    expect(config.dataDir).toBe(resolve('data'));
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '', DATABASE_URL: '  ' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('creates a signing secret once, keeps it private and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'signing-secret');
    expect(first.signingSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).signingSecret).toBe(first.signingSecret);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.signingSecret);
  });

  it('prefers SIGNING_SECRET over the file', () => {
    writeFileSync(join(dataDir, 'signing-secret'), 'f'.repeat(64));
    expect(loadConfig({ DATA_DIR: dataDir, SIGNING_SECRET: 's'.repeat(40) }).signingSecret).toBe(
      's'.repeat(40),
    );
  });

  it('reads every variable when set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://skade.example.dk',
      DATABASE_URL: 'postgres://u:p@db:5432/site',
      SMTP_URL: 'smtps://u:p@mail.example.dk:465',
      MAIL_FROM: 'Site <site@example.dk>',
      MAIL_TO: 'leads@example.dk',
      S3_ENDPOINT: 'https://s3.example.dk/',
      S3_REGION: 'eu-north-1',
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
      S3_FORCE_PATH_STYLE: 'true',
      ADDRESS_API_KIND: 'gsearch',
      ADDRESS_API_URL: 'https://gsearch.example.dk/rest/gsearch/v2.0/adresse/',
      ADDRESS_API_TOKEN: 'tok',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: '/srv/client',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://skade.example.dk',
      databaseUrl: 'postgres://u:p@db:5432/site',
      mail: {
        smtpUrl: 'smtps://u:p@mail.example.dk:465',
        from: 'Site <site@example.dk>',
        to: 'leads@example.dk',
      },
      s3: {
        endpoint: 'https://s3.example.dk',
        region: 'eu-north-1',
        bucket: 'uploads',
        accessKeyId: 'AK',
        secretAccessKey: 'SK',
        forcePathStyle: true,
      },
      address: { kind: 'gsearch', url: 'https://gsearch.example.dk/rest/gsearch/v2.0/adresse', token: 'tok' },
      trustProxy: { hops: 1 },
      logLevel: 'warn',
      clientDir: '/srv/client',
    });
  });

  it.each([
    ['true', { hops: 1 }],
    ['TRUE', { hops: 1 }],
    ['yes', { hops: 1 }],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10', { hops: 10 }],
    ['false', false],
    ['no', false],
    ['0', false],
    ['10.0.0.1', { addresses: ['10.0.0.1'] }],
    [' 10.0.0.1 , 10.8.0.0/16,::1,fd00::/8 ', { addresses: ['10.0.0.1', '10.8.0.0/16', '::1', 'fd00::/8'] }],
  ])('reads TRUST_PROXY=%j as the proxies in front of the server', (value, trustProxy) => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it('builds the default sender from the public host name', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://skade.example.dk' }).mail.from).toBe(
      `"${company.name}" <no-reply@skade.example.dk>`,
    );
  });

  it('asks the live public Adressevælger with its shared token when no ADDRESS_API_* is set', () => {
    const { address } = loadConfig({ DATA_DIR: dataDir });
    expect(address).toEqual({
      kind: 'adressevaelger',
      url: 'https://adressevaelger.dk',
      token: 'adressevaelger123',
    });
    expect(address).toEqual({ kind: 'adressevaelger', ...adressevaelgerDefaults });
  });

  it('switches address suggestions off with ADDRESS_API_KIND=off, whatever else is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir, ADDRESS_API_KIND: 'off' }).address).toBeNull();
    expect(
      loadConfig({ DATA_DIR: dataDir, ADDRESS_API_KIND: 'off', ADDRESS_API_URL: 'http://127.0.0.1:9' })
        .address,
    ).toBeNull();
  });

  it('lets a personal token or another Adressevælger URL replace the defaults', () => {
    expect(loadConfig({ DATA_DIR: dataDir, ADDRESS_API_TOKEN: 'min-egen-token' }).address).toEqual({
      kind: 'adressevaelger',
      url: 'https://adressevaelger.dk',
      token: 'min-egen-token',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        ADDRESS_API_KIND: 'adressevaelger',
        ADDRESS_API_URL: 'http://127.0.0.1:9/',
      }).address,
    ).toEqual({ kind: 'adressevaelger', url: 'http://127.0.0.1:9', token: 'adressevaelger123' });
  });

  it('defaults GSearch to its public address resource', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir, ADDRESS_API_KIND: 'gsearch', ADDRESS_API_TOKEN: 't' }).address,
    ).toEqual({
      kind: 'gsearch',
      url: 'https://api.dataforsyningen.dk/rest/gsearch/v2.0/adresse',
      token: 't',
    });
  });

  it('takes a URL without a kind to be a DAWA-compatible service', () => {
    expect(loadConfig({ DATA_DIR: dataDir, ADDRESS_API_URL: 'http://127.0.0.1:9999/' }).address).toEqual({
      kind: 'dawa',
      url: 'http://127.0.0.1:9999',
      token: undefined,
    });
  });

  it('switches the spam checks off with SPAM_CHECKS=off, and the submission limit with 0', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SPAM_CHECKS: 'off' }).spamChecks).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, SPAM_CHECKS: 'on' }).spamChecks).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SPAM_CHECKS: 'false' }).spamChecks).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' }).submissionRateLimitPerMinute,
    ).toBe(0);
  });

  it("states the company's price basis to private customers unless PRICE_INFO says otherwise", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).priceInfo).toBe(company.priceInfo);
    expect(loadConfig({ DATA_DIR: dataDir, PRICE_INFO: '' }).priceInfo).toBe(company.priceInfo);
    expect(loadConfig({ DATA_DIR: dataDir, PRICE_INFO: ' Timepris 695 kr. inkl. moms ' }).priceInfo).toBe(
      'Timepris 695 kr. inkl. moms',
    );
    expect(problems({ DATA_DIR: dataDir, PRICE_INFO: 'x'.repeat(301) })[0]).toMatch(/^PRICE_INFO/);
  });

  it('returns a frozen object', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.mail)).toBe(true);
  });
});

describe('loadConfig errors', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['PUBLIC_URL', 'https://example.dk/'],
    ['PUBLIC_URL', 'https://example.dk/site'],
    ['PUBLIC_URL', 'ftp://example.dk'],
    ['DATABASE_URL', 'mysql://db/site'],
    ['SMTP_URL', 'http://mail'],
    ['MAIL_TO', 'not-an-address'],
    ['S3_ENDPOINT', 'nope'],
    ['S3_FORCE_PATH_STYLE', 'maybe'],
    ['ADDRESS_API_KIND', 'google'],
    ['ADDRESS_API_URL', 'adresser'],
    ['SIGNING_SECRET', 'short'],
    ['TRUST_PROXY', 'sometimes'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '10.0.0.1,'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1/8/8'],
    ['TRUST_PROXY', 'proxy.example.dk'],
    ['LOG_LEVEL', 'loud'],
    ['SPAM_CHECKS', 'sometimes'],
    ['RATE_LIMIT_SUBMISSIONS_PER_MINUTE', '-1'],
    ['HEARTBEAT_URL', 'hc-ping.com/abc'],
    ['HEARTBEAT_URL', 'ftp://monitor.example.dk/ping'],
  ])('names %s when it is %j', (name, value) => {
    const s3: Record<string, string> = name.startsWith('S3_')
      ? { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's' }
      : {};
    const lines = problems({ ...s3, [name]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${name}: `));
    const holdsCredentials = ['DATABASE_URL', 'SMTP_URL', 'SIGNING_SECRET'].includes(name);
    if (holdsCredentials) expect(lines[0], 'a credential is never repeated in the log').not.toContain(value);
    else expect(lines[0]).toContain(value);
  });

  it("sends SMS as the company's short name, which meets the rule SMS_SENDER is held to", () => {
    expect(loadConfig({ SIGNING_SECRET: 'x'.repeat(32) }).sms.sender).toBe(company.shortName);
    const chosen = loadConfig({ SIGNING_SECRET: 'x'.repeat(32), SMS_SENDER: company.shortName });
    expect(chosen.sms.sender).toBe(company.shortName);
  });

  it('names a bad token without repeating it', () => {
    const lines = problems({ SMS_PROVIDER: 'cpsms', SMS_API_TOKEN: 'hemmelig-uden-kolon' });
    expect(lines).toEqual(['SMS_API_TOKEN: must be username:apikey for SMS_PROVIDER=cpsms']);
  });

  it('gives one line per bad variable', () => {
    const lines = problems({ PORT: 'x', LOG_LEVEL: 'y', PUBLIC_URL: 'z' });
    expect(lines.map((line) => line.split(':')[0]).sort()).toEqual(['LOG_LEVEL', 'PORT', 'PUBLIC_URL']);
  });

  it('requires the S3 credentials when S3_BUCKET is set', () => {
    const lines = problems({ S3_BUCKET: 'b' });
    expect(lines).toEqual([
      'S3_ACCESS_KEY_ID: is required when S3_BUCKET is set',
      'S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set',
    ]);
  });

  it('requires S3_BUCKET when other S3 settings are given', () => {
    expect(problems({ S3_ACCESS_KEY_ID: 'a' })).toEqual([
      'S3_BUCKET: is required when S3_ACCESS_KEY_ID is set',
    ]);
  });

  it('requires a URL for a DAWA-compatible service', () => {
    expect(problems({ ADDRESS_API_KIND: 'dawa' })).toEqual([
      'ADDRESS_API_URL: is required for ADDRESS_API_KIND=dawa',
    ]);
  });

  it('requires a token for GSearch', () => {
    expect(problems({ ADDRESS_API_KIND: 'gsearch' })).toEqual([
      'ADDRESS_API_TOKEN: is required for ADDRESS_API_KIND=gsearch (a Dataforsyningen token)',
    ]);
  });

  it('names the accepted address provider kinds', () => {
    expect(problems({ ADDRESS_API_KIND: 'DAWA2' })).toEqual([
      'ADDRESS_API_KIND: must be adressevaelger, gsearch, dawa or off (got "DAWA2")',
    ]);
  });
});
