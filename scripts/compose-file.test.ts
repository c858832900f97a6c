/**
 * compose.yaml as `docker compose config` would see it, since no compose tool that accepts the file
 * runs here (Debian 12's docker-compose 1.x and podman-compose refuse it): YAML anchors and merge
 * keys resolved, ${…} interpolated by Compose's rules from .env.example's values (with the checks
 * `:?` makes), profiles applied, and then what the stack must be. The image itself is built and run
 * by `npm run test:container`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { variables } from '../server/config.ts';
import { databaseParts } from '../server/config-env.ts';

const root = join(import.meta.dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

type Env = Record<string, string>;

/** Compose's interpolation: $$, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}. */
function interpolate(text: string, env: Env): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
    (match, name, colon, op, arg) => {
      if (match === '$$') return '$';
      const value = env[name as string];
      const unset = value === undefined || (colon === ':' && value === '');
      if (op === '-') return unset ? (arg as string) : value!;
      if (op === '?') {
        if (unset) throw new Error(`required variable ${name} is missing a value: ${arg as string}`);
        return value!;
      }
      return value ?? '';
    },
  );
}

/** .env as compose reads it: NAME=value lines, comments and blank lines skipped. */
function dotenv(text: string): Env {
  const env: Env = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

interface Service {
  image?: string;
  build?: { args?: Env };
  profiles?: string[];
  environment?: Env;
  env_file?: string | string[];
  secrets?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  networks?: { default?: { aliases?: string[] } };
  entrypoint?: string[];
  command?: string[];
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
  cap_add?: string[];
  security_opt?: string[];
  logging?: { driver: string; options?: Record<string, string> };
  deploy?: { replicas?: number; resources?: { limits?: { memory?: string; cpus?: string } } };
}
interface Compose {
  name: string;
  services: Record<string, Service>;
  secrets: Record<string, { file: string }>;
  volumes: Record<string, unknown>;
}

/** The resolved file with `.env` = .env.example plus `overrides`, and the services of `profiles`. */
function config(overrides: Env = {}, profiles: string[] = []): Compose {
  const env = { ...dotenv(read('.env.example')), ...overrides };
  const compose = parse(interpolate(read('compose.yaml'), env), { merge: true }) as Compose;
  for (const [name, service] of Object.entries(compose.services))
    if (service.profiles && !service.profiles.some((profile) => profiles.includes(profile)))
      delete compose.services[name];
  return compose;
}

const withMail = { SMTP_URL: 'smtps://mailer%40firma.dk:p%40ss@smtp.example.dk:465' };

describe('compose.yaml, resolved like `docker compose config`', () => {
  it('refuses to start without a real mail server, naming SMTP_URL; the catcher only under dev', () => {
    expect(() => config()).toThrow(/required variable SMTP_URL is missing a value/);
    const production = config(withMail);
    expect(Object.keys(production.services)).not.toContain('mailpit');
    for (const service of Object.values(production.services))
      expect(Object.keys(service.depends_on ?? {})).not.toContain('mailpit');
    const trial = config({ SMTP_URL: 'smtp://mailpit:1025', COMPOSE_PROFILES: 'dev' }, ['dev']);
    expect(trial.services.mailpit?.ports).toEqual(['127.0.0.1:8025:8025']);
    expect(trial.services.site!.environment!.SMTP_URL).toBe('smtp://mailpit:1025');
  });

  it('takes the host name from SITE_HOST alone: PUBLIC_URL, the build, the bucket and the proxy', () => {
    const { services } = config({ ...withMail, SITE_HOST: 'skadeservice.dk', SITE_SCHEME: 'https' });
    for (const name of ['site', 'site-2']) {
      const env = services[name]!.environment!;
      expect(env.PUBLIC_URL).toBe('https://skadeservice.dk');
      expect(env.S3_ENDPOINT).toBe('https://skadeservice.dk');
      expect(services[name]!.build?.args?.PUBLIC_URL).toBe('https://skadeservice.dk');
    }
    expect(services.proxy!.environment!.PUBLIC_URL).toBe('https://skadeservice.dk');
    expect(services.proxy!.networks?.default?.aliases).toEqual(['skadeservice.dk']);
    expect(read('compose.yaml')).not.toMatch(/\$\{PUBLIC_URL/);
    // The trial from .env.example as it is: the proxy on port 80, not the npm start default :3000.
    expect(config(withMail).services.site!.environment!.PUBLIC_URL).toBe('http://skadeservice.localhost');
    expect(() => config({ ...withMail, SITE_HOST: '' })).toThrow(/SITE_HOST/);
  });

  it('passes every setting through .env, and overrides only what the stack wires itself', () => {
    const { services } = config(withMail);
    const settings = [...Object.keys(variables), ...databaseParts];
    for (const name of ['site', 'site-2']) {
      const site = services[name]!;
      expect(site.env_file).toBe('.env');
      for (const key of Object.keys(site.environment!))
        expect(settings.includes(key) || settings.includes(key.replace(/_FILE$/, '')), key).toBe(true);
    }
  });

  it('reads every secret from a file (compose secrets), never from the environment or a URL', () => {
    const compose = config(withMail);
    const site = compose.services.site!.environment!;
    expect(site.SIGNING_SECRET_FILE).toBe('/run/secrets/signing_secret');
    expect(site.DATABASE_PASSWORD_FILE).toBe('/run/secrets/site_db_password');
    expect(site.S3_SECRET_ACCESS_KEY_FILE).toBe('/run/secrets/store_password');
    expect(site.DATABASE_URL).toBe('');
    for (const [name, service] of Object.entries(compose.services)) {
      for (const secret of service.secrets ?? [])
        expect(compose.secrets[secret], `${name}: ${secret}`).toBeDefined();
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (/PASSWORD|SECRET|TOKEN/.test(key)) expect(key, name).toMatch(/_FILE$/);
        // The mail provider's URL is the operator's, from .env (a file too), percent-encoded there.
        if (key !== 'SMTP_URL') expect(value, `${name}.${key}`).not.toMatch(/:\/\/[^/\s]*:[^/\s]*@/);
      }
    }
    for (const { file } of Object.values(compose.secrets)) expect(file).toMatch(/^\.\/secrets\/[a-z_]+$/);
    expect(read('.gitignore').split('\n')).toContain('/secrets/');
  });

  it('migrates as the owner role and runs the copies as the least-privilege site role', () => {
    const { services } = config(withMail);
    expect(services.migrate!.command).toEqual(['npm', 'run', '-s', 'migrate']);
    expect(services.migrate!.environment!.DATABASE_USER).toBe(services.postgres!.environment!.POSTGRES_USER);
    expect(services.migrate!.secrets).toContain('postgres_password');
    expect(services.postgres!.volumes).toContain('./deploy/postgres-init:/docker-entrypoint-initdb.d:ro');
    const init = read('deploy/postgres-init/10-site-role.sh');
    expect(init).toMatch(/nosuperuser nocreatedb nocreaterole/);
    expect(init).toContain('revoke create on schema public from public');
    expect(init).toMatch(/grant select, insert, update, delete on tables/);
    for (const name of ['site', 'site-2']) {
      const site = services[name]!;
      expect(site.environment!.DATABASE_USER).toBe('skadeservice_site');
      expect(site.secrets).not.toContain('postgres_password');
      expect(site.depends_on).toMatchObject({
        migrate: { condition: 'service_completed_successfully' },
        buckets: { condition: 'service_completed_successfully' },
      });
    }
  });

  it('pins every image by version and digest, with a variable for a local stand-in', () => {
    const text = read('compose.yaml');
    const images = [...text.matchAll(/^\s+image: \$\{([A-Z_]+):-([^}]+)\}$/gm)];
    expect(images.map((match) => match[1]).sort()).toEqual(
      ['CADDY_IMAGE', 'MAILPIT_IMAGE', 'MC_IMAGE', 'MINIO_IMAGE', 'POSTGRES_IMAGE'].sort(),
    );
    for (const [, , image] of images) expect(image).toMatch(/^[a-z/]+:[\w.-]*\d[\w.-]*@sha256:[0-9a-f]{64}$/);
    const { services } = config(withMail, ['dev']);
    for (const [name, service] of Object.entries(services))
      expect(service.image, name).toMatch(/@sha256:|^skadeservice-site$/);
    expect(services.postgres!.image).toMatch(/^postgres:15-/);
    expect(JSON.parse(read('renovate.json'))).toMatchObject({
      extends: expect.arrayContaining(['docker:pinDigests']),
    });
  });

  it('limits, rotates the logs of and hardens the services (read-only, no capabilities, no new privileges)', () => {
    const { services } = config(withMail, ['dev']);
    for (const [name, service] of Object.entries(services)) {
      expect(service.security_opt, name).toContain('no-new-privileges:true');
      expect(service.logging, name).toMatchObject({ driver: 'local', options: { 'max-file': '14' } });
    }
    for (const name of ['site', 'site-2', 'migrate', 'proxy']) {
      const service = services[name]!;
      expect(service.read_only, name).toBe(true);
      expect(service.tmpfs, name).toEqual(['/tmp']);
      expect(service.cap_drop, name).toEqual(['ALL']);
    }
    expect(services.proxy!.cap_add).toEqual(['NET_BIND_SERVICE']);
    for (const name of ['site', 'site-2', 'proxy', 'postgres', 'minio'])
      expect(services[name]!.deploy?.resources?.limits, name).toMatchObject({
        memory: expect.stringMatching(/^\d+[mg]$/),
        cpus: expect.stringMatching(/^\d/),
      });
  });

  it('runs two copies behind Caddy, which asks each for /readyz; HTTP/3 and the proxy config kept', () => {
    const compose = config(withMail);
    const { services } = compose;
    expect(compose.name).toBe('skadeservice');
    expect(services.site!.ports).toBeUndefined();
    expect(services['site-2']!.image).toBe(services.site!.image);
    expect(services.proxy!.ports).toEqual(['80:80', '443:443', '443:443/udp']);
    expect(services.proxy!.volumes).toEqual(
      expect.arrayContaining([
        './deploy/Caddyfile:/etc/caddy/Caddyfile:ro',
        'caddy-data:/data',
        'caddy-config:/config',
      ]),
    );
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/to site:3000 site-2:3000/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    expect(caddyfile).not.toMatch(/^\s*dynamic\s/m);
    expect(caddyfile).toContain('handle /{$S3_BUCKET}/*');
    for (const [name, service] of Object.entries(services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('.')) expect(existsSync(join(root, source)), `${name}: ${source}`).toBe(true);
        else expect(Object.keys(compose.volumes), `${name}: ${source}`).toContain(source);
      }
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect(Object.keys(services), `${name} → ${dependency}`).toContain(dependency);
    }
  });

  it("gives the site its own store user with a policy for its bucket only, never MinIO's root user", () => {
    const { services } = config(withMail);
    const site = services.site!.environment!;
    const job = services.buckets!.environment!;
    expect(JSON.stringify(site)).not.toMatch(/MINIO_ROOT/);
    expect(site.S3_ACCESS_KEY_ID).toBe('skadeservice-site');
    expect(services.minio!.environment!.MINIO_ROOT_USER).toBe('skadeservice-admin');
    expect(services.minio!.environment!.MINIO_ROOT_PASSWORD_FILE).toBe('/run/secrets/minio_root_password');
    expect(services.site!.secrets).not.toContain('minio_root_password');
    const script = services.buckets!.entrypoint!.join(' ');
    expect(script).toContain('set -e');
    expect(script).toContain(
      'mc alias set store http://minio:9000 "$MINIO_ROOT_USER" "$(cat /run/secrets/minio_root_password)"',
    );
    expect(script).toContain('mc mb --ignore-existing "store/$S3_BUCKET"');
    expect(script).toContain('mc anonymous set none "store/$S3_BUCKET"');
    expect(script).toContain(
      'mc admin user add store "$SITE_ACCESS_KEY_ID" "$(cat /run/secrets/store_password)"',
    );
    expect(script).toContain('mc admin policy attach store site-bucket --user "$SITE_ACCESS_KEY_ID"');
    expect(job.S3_BUCKET).toBe(site.S3_BUCKET);
    const policy = JSON.parse(job.SITE_POLICY!) as {
      Statement: { Effect: string; Action: string[]; Resource: string[] }[];
    };
    for (const statement of policy.Statement) {
      expect(statement.Effect).toBe('Allow');
      for (const action of statement.Action)
        expect(statement.Resource, action).toEqual([
          action.endsWith('Object') ? `arn:aws:s3:::${site.S3_BUCKET}/*` : `arn:aws:s3:::${site.S3_BUCKET}`,
        ]);
    }
    expect(policy.Statement.flatMap((statement) => statement.Action).sort()).toEqual(
      ['s3:DeleteObject', 's3:GetBucketLocation', 's3:GetObject', 's3:ListBucket', 's3:PutObject'].sort(),
    );
  });
});
