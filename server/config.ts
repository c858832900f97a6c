/**
 * The server's configuration: read once from the environment at start, validated with
 * zod. A bad value stops the server with one line per bad variable (ConfigError).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { company } from '../domain/company.ts';
import { defaultPublicUrl } from '../domain/site.ts';
import { adressevaelgerDefaults, gsearchDefaultUrl } from './address/defaults.ts';
import { appRoot } from './app-root.ts';
import { readClaimsBaseline, type ClaimsBaseline } from './claims/baseline.ts';
import { deepFreeze, holdsSecret, resolveEnvironment } from './config-env.ts';
import { smsProvider, smsProviderNames } from './sms/providers.ts';
import type { SmsConfig } from './sms/sms-config.ts';
import { phoneCountriesVariable } from './staff/phone-countries.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface S3Config {
  /** Custom endpoint (MinIO, R2, …); undefined for AWS itself. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * Which address service suggests addresses (docs/decisions/address-provider.md). `url` has no
 * trailing slash: Adressevælger's and DAWA's base URL, or GSearch's full address-resource URL.
 */
export type AddressConfig =
  | { kind: 'adressevaelger'; url: string; token: string }
  | { kind: 'gsearch'; url: string; token: string }
  | { kind: 'dawa'; url: string; token: undefined };

export interface MailConfig {
  /** smtp:// or smtps:// URL; undefined → .eml files in DATA_DIR/mail. */
  smtpUrl: string | undefined;
  from: string;
  /** The company inbox that receives every lead. */
  to: string;
  /**
   * The reply mailbox (INBOUND_REPLY_ADDRESS, e.g. svar@firma.dk): our messages to a customer
   * answer to it with the lead's signed tag (server/messages/incoming/answer-address.ts); null → MAIL_TO.
   */
  replyAddress: string | null;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  /** Public origin, e.g. https://example.dk (no trailing slash). */
  publicUrl: string;
  /** PostgreSQL connection string; undefined → PGlite in DATA_DIR/db. */
  databaseUrl: string | undefined;
  mail: MailConfig;
  /** null → objects on local disk in DATA_DIR/objects. */
  s3: S3Config | null;
  /** null → suggestions switched off (ADDRESS_API_KIND=off): the address field is free text only. */
  address: AddressConfig | null;
  /** HMAC key for signed URLs (SIGNING_SECRET or DATA_DIR/signing-secret). */
  signingSecret: string;
  /** Whose X-Forwarded-* headers are believed (TRUST_PROXY); false → nobody's. */
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  /**
   * Leads per client IP per one-minute window, counted in the database so every server copy
   * shares it; 0 = no limit (load tests). Per e-mail address: submissionsPerEmailPerMinute.
   */
  submissionRateLimitPerMinute: number;
  /** Honeypot, form token and content checks on leads (SPAM_CHECKS=off: load tests, trusted clients). */
  spamChecks: boolean;
  /**
   * FILE_COPIES_KEEP_LINKS: the .eml and SMS files in DATA_DIR keep the keys of their links (tests
   * and journeys that follow them); otherwise `[skjult]` stands for each (server/sms/link-tokens.ts).
   */
  fileCopiesKeepLinks: boolean;
  /**
   * E-mails to addresses visitors typed (receipts, requested PDFs) per hour across the whole site;
   * beyond it they wait for a later slot, the leads and staff e-mails do not.
   */
  receiptMailMaxPerHour: number;
  /** Bytes of uploads not yet attached to a lead, at most, across the site (UPLOAD_PENDING_MAX_MB). */
  uploadPendingMaxBytes: number;
  /** The built pages (build/client); absent → no page routes. Env CLIENT_DIR overrides. */
  clientDir: string;
  sms: SmsConfig;
  /** On-call paging: an unacknowledged page goes to the next person after this many seconds. */
  oncall: { escalateAfterSeconds: number; phoneCountries: readonly string[] };
  /** Fetched every minute while pages go out (server/oncall/paging/heartbeat.ts); null: no outside monitor. */
  heartbeatUrl: string | null;
  /** Where a satisfied customer is invited to review the company (REVIEW_URL); null: not invited. */
  reviewUrl: string | null;
  /** The price basis a private customer's receipt states (PRICE_INFO, e.g. 'Timepris 695 kr. inkl. moms'). */
  priceInfo: string;
  /** Bearer token for GET /metrics (server/observability/metrics.ts); null: the route answers 404. */
  metricsToken: string | null;
  /** Surge mode (docs/decisions/surge-mode.md): minutes one person needs per emergency call. */
  surge: { handlingMinutes: number };
  /** Customers' e-mail answers: the reply mailbox's IMAP URL (null: not read), read every pollSeconds. */
  inbound: { imapUrl: string | null; pollSeconds: number };
  /** The counts from before the site measured them (CLAIMS_BASELINE_FILE); null: measured only. */
  claimsBaseline: ClaimsBaseline | null;
}

/**
 * The proxies in front of the server (TRUST_PROXY). Each proxy appends the address it saw to
 * X-Forwarded-For, and whatever the client wrote stays in front of that, so the client is read from
 * the right: `hops` proxies → the address the outermost of them appended; `addresses` → the
 * nearest address that is not one of these proxies (IPs or CIDRs).
 */
export type TrustProxy = false | { hops: number } | { addresses: readonly string[] };

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

export const DEFAULT_PUBLIC_URL = defaultPublicUrl;

type Env = Record<string, string | undefined>;

const onOffText = z
  .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'], { error: 'must be on or off' })
  .transform((value) => value === 'on' || value === 'true' || value === '1' || value === 'yes');

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

function urlWithProtocols(protocols: string[], what: string) {
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be ${what}` },
  );
}

const origin = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
    } catch {
      return false;
    }
  },
  { error: 'must be an absolute http(s) origin without path or trailing slash, e.g. https://example.dk' },
);

const MAX_PROXY_HOPS = 10;

/** An IPv4 or IPv6 address, optionally with a /prefix that fits it. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** true/yes/1 → one proxy; a whole number → that many; false/no/0 → none; else a list of proxies. */
function parseTrustProxy(value: string): TrustProxy | null {
  const lower = value.toLowerCase();
  if (lower === 'false' || lower === 'no' || lower === '0') return false;
  if (lower === 'true' || lower === 'yes') return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_PROXY_HOPS ? { hops } : null;
  }
  const addresses = value.split(',').map((entry) => entry.trim());
  return addresses.every(isAddressOrCidr) ? { addresses } : null;
}

const trustProxyText = z.string().transform((value, ctx): TrustProxy => {
  const parsed = parseTrustProxy(value);
  if (parsed !== null) return parsed;
  ctx.addIssue({
    code: 'custom',
    message: `must be true, false, a number of proxies from 1 to ${MAX_PROXY_HOPS} or a comma-separated list of proxy addresses/CIDRs`,
  });
  return z.NEVER;
});

/** A whole number from `min` to `max`, with one message for every way it can be wrong. */
function wholeNumber(min: number, max: number, error: string) {
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}
const atLeast = (min: number, error: string) => wholeNumber(min, Number.MAX_SAFE_INTEGER, error);

export const variables = {
  PORT: wholeNumber(0, 65535, 'must be a whole number from 0 to 65535').default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: origin.default(DEFAULT_PUBLIC_URL),
  DATABASE_URL: urlWithProtocols(
    ['postgres:', 'postgresql:'],
    'a postgres:// or postgresql:// URL',
  ).optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().optional(),
  MAIL_TO: z.email({ error: 'must be an e-mail address' }).default(company.email),
  INBOUND_REPLY_ADDRESS: z.email({ error: 'must be an e-mail address' }).optional(),
  INBOUND_IMAP_URL: urlWithProtocols(['imap:', 'imaps:'], 'an imap:// or imaps:// URL').optional(),
  INBOUND_IMAP_POLL_SECONDS: wholeNumber(10, 3600, 'must be a whole number from 10 to 3600').default(60),
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'an http(s) URL').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  ADDRESS_API_KIND: z
    .enum(['adressevaelger', 'gsearch', 'dawa', 'off'], {
      error: 'must be adressevaelger, gsearch, dawa or off',
    })
    .optional(),
  ADDRESS_API_URL: urlWithProtocols(['http:', 'https:'], 'an http(s) URL').optional(),
  ADDRESS_API_TOKEN: z.string().optional(),
  SIGNING_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  TRUST_PROXY: trustProxyText.default(false),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  RATE_LIMIT_SUBMISSIONS_PER_MINUTE: atLeast(0, 'must be a whole number, 0 for no limit').default(10),
  SPAM_CHECKS: onOffText.default(true),
  FILE_COPIES_KEEP_LINKS: booleanText.default(false),
  RECEIPT_MAIL_MAX_PER_HOUR: wholeNumber(1, 100_000, 'must be a whole number from 1 to 100000').default(200),
  UPLOAD_PENDING_MAX_MB: wholeNumber(
    10,
    1_000_000,
    'must be a whole number of megabytes from 10 to 1000000',
  ).default(2048),
  CLIENT_DIR: z.string().optional(),
  SMS_PROVIDER: z.enum(smsProviderNames, { error: `must be ${smsProviderNames.join(' or ')}` }).optional(),
  SMS_API_TOKEN: z.string().optional(),
  SMS_SENDER: z
    .string()
    .refine((value) => /^(?=.*[A-Za-z])[A-Za-z0-9 .-]{1,11}$/.test(value) || /^\+?\d{1,15}$/.test(value), {
      error:
        'must be up to 11 letters (A–Z), digits, spaces, dots or hyphens, or a number of up to 15 digits',
    })
    .optional(),
  SMS_API_URL: urlWithProtocols(['http:', 'https:'], 'an http(s) URL').optional(),
  SMS_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  SMS_CREDIT_WARN_BELOW: z.coerce
    .number({ error: 'must be a number, 0 for no warning' })
    .min(0, { error: 'must be a number, 0 for no warning' })
    .default(100),
  SMS_DAILY_PARTS_MAX: atLeast(1, 'must be a whole number of SMS parts, at least 1').default(2000),
  HEARTBEAT_URL: urlWithProtocols(['http:', 'https:'], 'an http(s) URL').optional(),
  REVIEW_URL: urlWithProtocols(['https:', 'http:'], 'an http(s) URL').optional(),
  CLAIMS_BASELINE_FILE: z.string().optional(),
  PRICE_INFO: z.string().trim().min(1, { error: 'must not be empty' }).max(300).default(company.priceInfo),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  ONCALL_ESCALATE_AFTER_SECONDS: atLeast(10, 'must be a whole number of seconds, at least 10').default(600),
  ONCALL_PHONE_COUNTRIES: phoneCountriesVariable,
  SURGE_HANDLING_MINUTES: wholeNumber(1, 240, 'must be a whole number of minutes from 1 to 240').default(10),
};

const envSchema = z.object(variables).superRefine((env, ctx) => {
  const s3Others = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (env.S3_BUCKET) {
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when S3_BUCKET is set' });
    }
  } else {
    for (const name of s3Others) {
      if (env[name])
        ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is required when ${name} is set` });
    }
  }
  // DAWA-compatible services have no public default; GSearch has no public token.
  if (env.ADDRESS_API_KIND === 'dawa' && !env.ADDRESS_API_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['ADDRESS_API_URL'],
      message: 'is required for ADDRESS_API_KIND=dawa',
    });
  }
  if (env.SMS_PROVIDER && !env.SMS_API_TOKEN) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_API_TOKEN'],
      message: `is required for SMS_PROVIDER=${env.SMS_PROVIDER}`,
    });
  }
  const tokenFormat = env.SMS_PROVIDER && smsProvider(env.SMS_PROVIDER).tokenFormat;
  if (tokenFormat && env.SMS_API_TOKEN && !tokenFormat.pattern.test(env.SMS_API_TOKEN)) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_API_TOKEN'],
      message: `must be ${tokenFormat.description} for SMS_PROVIDER=${env.SMS_PROVIDER}`,
    });
  }
  for (const name of ['SMS_API_TOKEN', 'SMS_API_URL'] as const) {
    if (env[name] && !env.SMS_PROVIDER)
      ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: `is required when ${name} is set` });
  }
  if (env.ADDRESS_API_KIND === 'gsearch' && !env.ADDRESS_API_TOKEN) {
    ctx.addIssue({
      code: 'custom',
      path: ['ADDRESS_API_TOKEN'],
      message: 'is required for ADDRESS_API_KIND=gsearch (a Dataforsyningen token)',
    });
  }
});

/** Reads and validates the environment. Throws ConfigError listing every bad variable. */
export function loadConfig(given: Env = process.env): Readonly<Config> {
  const { env, problems } = resolveEnvironment(given, Object.keys(variables));
  if (problems.length > 0) throw new ConfigError(problems);
  // An empty variable means "not set" (docker-compose and .env files often leave them empty).
  const cleaned: Env = {};
  for (const name of Object.keys(variables)) {
    const value = env[name]?.trim();
    if (value) cleaned[name] = value;
  }
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      if (!lines.has(name))
        lines.set(
          name,
          `${name}: ${issue.message}${name in cleaned && !issue.message.startsWith('is required') && !holdsSecret(name) ? ` (got "${cleaned[name]}")` : ''}`,
        );
    }
    throw new ConfigError([...lines.values()]);
  }
  const e = parsed.data;
  const baseline = e.CLAIMS_BASELINE_FILE ? readClaimsBaseline(resolve(e.CLAIMS_BASELINE_FILE)) : null;
  if (baseline?.problem) throw new ConfigError([baseline.problem]);
  const dataDir = resolve(e.DATA_DIR);
  const publicHost = new URL(e.PUBLIC_URL).hostname;

  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: e.PUBLIC_URL,
    databaseUrl: e.DATABASE_URL,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${company.name}" <no-reply@${publicHost}>`,
      to: e.MAIL_TO,
      replyAddress: e.INBOUND_REPLY_ADDRESS ?? null,
    },
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT?.replace(/(?<!\/)\/+$/, ''),
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    address: addressConfig(e.ADDRESS_API_KIND, e.ADDRESS_API_URL, e.ADDRESS_API_TOKEN),
    signingSecret: e.SIGNING_SECRET ?? persistedSigningSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    submissionRateLimitPerMinute: e.RATE_LIMIT_SUBMISSIONS_PER_MINUTE,
    spamChecks: e.SPAM_CHECKS,
    fileCopiesKeepLinks: e.FILE_COPIES_KEEP_LINKS,
    receiptMailMaxPerHour: e.RECEIPT_MAIL_MAX_PER_HOUR,
    uploadPendingMaxBytes: e.UPLOAD_PENDING_MAX_MB * 1024 * 1024,
    clientDir: resolve(e.CLIENT_DIR ?? join(appRoot, 'build', 'client')),
    sms: {
      provider: e.SMS_PROVIDER ?? null,
      token: e.SMS_API_TOKEN ?? '',
      sender: e.SMS_SENDER ?? company.shortName,
      apiUrl: e.SMS_API_URL ?? (e.SMS_PROVIDER ? smsProvider(e.SMS_PROVIDER).defaultUrl : ''),
      webhookSecret: e.SMS_WEBHOOK_SECRET ?? null,
      creditWarnBelow: e.SMS_CREDIT_WARN_BELOW,
      dailyPartsMax: e.SMS_DAILY_PARTS_MAX,
    },
    oncall: {
      escalateAfterSeconds: e.ONCALL_ESCALATE_AFTER_SECONDS,
      phoneCountries: e.ONCALL_PHONE_COUNTRIES,
    },
    heartbeatUrl: e.HEARTBEAT_URL ?? null,
    reviewUrl: e.REVIEW_URL ?? null,
    priceInfo: e.PRICE_INFO,
    metricsToken: e.METRICS_TOKEN ?? null,
    surge: { handlingMinutes: e.SURGE_HANDLING_MINUTES },
    inbound: { imapUrl: e.INBOUND_IMAP_URL ?? null, pollSeconds: e.INBOUND_IMAP_POLL_SECONDS },
    claimsBaseline: baseline?.baseline ?? null,
  };
  return deepFreeze(config);
}

/**
 * Without any ADDRESS_API_* the live public Adressevælger with its shared token; with only
 * ADDRESS_API_URL a DAWA-compatible service there (as before Adressevælger existed); `off` → null.
 */
function addressConfig(
  kind: 'adressevaelger' | 'gsearch' | 'dawa' | 'off' | undefined,
  url: string | undefined,
  token: string | undefined,
): AddressConfig | null {
  const trimmed = url?.replace(/(?<!\/)\/+$/, '');
  switch (kind ?? (trimmed ? 'dawa' : 'adressevaelger')) {
    case 'off':
      return null;
    case 'gsearch':
      return { kind: 'gsearch', url: trimmed ?? gsearchDefaultUrl, token: token ?? '' };
    case 'dawa':
      return { kind: 'dawa', url: trimmed ?? '', token: undefined };
    default:
      return {
        kind: 'adressevaelger',
        url: trimmed ?? adressevaelgerDefaults.url,
        token: token ?? adressevaelgerDefaults.token,
      };
  }
}

/**
 * Without SIGNING_SECRET a random secret is made once and kept in DATA_DIR/signing-secret
 * (mode 0600), so signed links survive restarts. Several copies sharing a DATA_DIR share it;
 * copies on different machines must set SIGNING_SECRET.
 */
function persistedSigningSecret(dataDir: string): string {
  const file = join(dataDir, 'signing-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new ConfigError([`SIGNING_SECRET: ${file} holds fewer than 32 characters`]);
  return secret;
}
