/**
 * The files a team deploys with (Dockerfile, compose.yaml, deploy/Caddyfile, .env.example), checked
 * by their rules since no container engine runs here. The image's start command itself runs in
 * scripts/image-start.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { variables } from '../server/config.ts';

const root = join(import.meta.dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const configNames = Object.keys(variables).sort();

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions by stage: continuation lines joined, comments and blank lines dropped. */
function parseDockerfile(text: string): { from: string; name?: string; body: Instruction[] }[] {
  const lines = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: { from: string; name?: string; body: Instruction[] }[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args };
    if (instruction.keyword === 'FROM') {
      const [, image = '', name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ from: image, name, body: [] });
    } else if (stages.length > 0) stages.at(-1)!.body.push(instruction);
  }
  return stages;
}

describe('Dockerfile', () => {
  const stages = parseDockerfile(read('Dockerfile'));
  const final = stages.at(-1)!;
  const all = (stage: (typeof stages)[number], keyword: string) =>
    stage.body.filter((instruction) => instruction.keyword === keyword).map((i) => i.args);

  it('builds in one stage and runs from a second, both on a pinned Node 24 slim image', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(/^node:24-[a-z]+-slim(@sha256:[0-9a-f]{64})?$/);
    const build = stages[0]!;
    expect(all(build, 'RUN').some((run) => /\bnpm ci\b(?!.*--omit)/.test(run))).toBe(true);
    expect(all(build, 'RUN').some((run) => /\bnpm run build\b/.test(run))).toBe(true);
    expect(all(final, 'RUN').some((run) => /\bnpm ci --omit=dev\b/.test(run))).toBe(true);
    expect(all(final, 'RUN').some((run) => /npm run build/.test(run))).toBe(false);
  });

  it('copies into the final image only the build output, the migrations and the package files', () => {
    const copied = all(final, 'COPY').map((args) => args.replace(/^--from=\S+\s+/, '').split(/\s+/)[0]);
    expect(copied.sort()).toEqual(
      ['/app/build', '/app/dist', '/app/server/db/migrations', 'package.json'].sort(),
    );
    expect(all(final, 'COPY').find((args) => args.startsWith('package.json'))).toContain('package-lock.json');
  });

  it('runs as a non-root user with DATA_DIR=/data as a volume', () => {
    const user = all(final, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(all(final, 'ENV').join(' ')).toMatch(/\bDATA_DIR=\/data\b/);
    expect(all(final, 'VOLUME').join(' ')).toContain('/data');
  });

  it('has an exec-form CMD running the server bundle and an exec-form HEALTHCHECK on /readyz through node', () => {
    const cmd = all(final, 'CMD').at(-1)!;
    expect(JSON.parse(cmd)).toEqual(['node', 'dist/server/index.js']);
    const healthcheck = all(final, 'HEALTHCHECK').at(-1)!;
    const command = JSON.parse(healthcheck.replace(/^(--\S+\s+)*CMD\s+/, '')) as string[];
    expect(command.slice(0, 2)).toEqual(['node', '-e']);
    expect(command[2]).toMatch(/\/readyz'/);
  });

  it('puts no secret into the image', () => {
    const settings = stages.flatMap((stage) => [...all(stage, 'ENV'), ...all(stage, 'ARG')]).join(' ');
    expect(settings).not.toMatch(/SECRET|PASSWORD|TOKEN|DATABASE_URL|SMTP_URL|ACCESS_KEY/i);
  });

  it('keeps secrets and local build output out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.env', '.env.*', 'node_modules', 'data', 'build', 'dist', '.git'])
      expect(ignored).toContain(entry);
    expect(ignored).toContain('!.env.example');
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<
      string,
      {
        image?: string;
        build?: unknown;
        deploy?: { replicas?: number };
        environment?: Record<string, string>;
        healthcheck?: { test: string[] };
        depends_on?: Record<string, { condition: string }>;
        ports?: string[];
        entrypoint?: string[];
        volumes?: string[];
      }
    >;
    volumes: Record<string, unknown>;
  };
  const { services } = compose;

  it('runs two copies of the site from this image behind a Caddy proxy', () => {
    expect(services.site!.build).toBeDefined();
    expect(services.site!.deploy?.replicas).toBe(2);
    expect(services.site!.ports).toBeUndefined();
    expect(services.proxy!.image).toBe('caddy:2');
    expect(services.proxy!.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/name site\s+port 3000/);
    expect(caddyfile).toContain('handle /{$S3_BUCKET}/*');
  });

  it('has PostgreSQL with a volume, MinIO with a bucket job and Mailpit, each with a healthcheck', () => {
    expect(services.postgres!.image).toMatch(/^postgres:1[56]\b/);
    expect(services.postgres!.volumes).toContain('postgres:/var/lib/postgresql/data');
    expect(services.minio!.image).toMatch(/^minio\/minio\b/);
    expect(services.buckets!.image).toMatch(/^minio\/mc\b/);
    expect(services.buckets!.entrypoint!.join(' ')).toContain('mc mb --ignore-existing');
    expect(services.mailpit!.image).toMatch(/^axllent\/mailpit\b/);
    for (const name of ['proxy', 'postgres', 'minio', 'mailpit'])
      expect(services[name]!.healthcheck?.test.length, name).toBeGreaterThan(0);
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['postgres', 'objects']));
  });

  it('starts the site once its database is healthy and its bucket exists', () => {
    expect(services.site!.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      buckets: { condition: 'service_completed_successfully' },
    });
  });

  it('configures the site with settings the server knows, the stack wired in and the secret required', () => {
    const env = services.site!.environment!;
    for (const name of Object.keys(env)) expect(configNames, name).toContain(name);
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(env.SMTP_URL).toContain('smtp://mailpit:1025');
    expect(env.TRUST_PROXY).toBe('1');
    expect(env.S3_BUCKET).toBeDefined();
    expect(env.S3_FORCE_PATH_STYLE).toBe('true');
    expect(env.PUBLIC_URL).toBeDefined();
    expect(env.SIGNING_SECRET).toMatch(/^\$\{SIGNING_SECRET:\?/);
  });

  it('requires the database password: no default for it anywhere', () => {
    expect(read('compose.yaml')).not.toMatch(/POSTGRES_PASSWORD:-/);
    expect(services.postgres!.environment!.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    expect(services.site!.environment!.DATABASE_URL).toMatch(
      /^postgres:\/\/skadeservice:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\//,
    );
  });

  it("gives the site its own store user with a policy for its bucket only, never MinIO's root user", () => {
    const site = services.site!.environment!;
    const minio = services.minio!.environment!;
    const job = services.buckets!.environment!;
    // MinIO's root credentials are their own settings, the password required; the site has neither.
    expect(minio.MINIO_ROOT_USER).toMatch(/^\$\{MINIO_ROOT_USER:-([^}]+)\}$/);
    expect(minio.MINIO_ROOT_PASSWORD).toMatch(/^\$\{MINIO_ROOT_PASSWORD:\?/);
    expect(JSON.stringify(site)).not.toMatch(/MINIO_ROOT/);
    const defaultOf = (value: string) => /:-([^}]+)\}/.exec(value)?.[1];
    expect(site.S3_ACCESS_KEY_ID).toMatch(/^\$\{S3_ACCESS_KEY_ID:-/);
    expect(defaultOf(site.S3_ACCESS_KEY_ID!)).not.toBe(defaultOf(minio.MINIO_ROOT_USER!));
    expect(site.S3_SECRET_ACCESS_KEY).toMatch(/^\$\{S3_SECRET_ACCESS_KEY:\?/);
    // The job logs in as root and makes the site's user from the site's own settings.
    expect(job.MC_HOST_store).toMatch(
      /^http:\/\/\$\{MINIO_ROOT_USER:-[^}]+\}:\$\{MINIO_ROOT_PASSWORD:\?[^}]*\}@minio:9000$/,
    );
    expect(job.SITE_ACCESS_KEY_ID).toBe(site.S3_ACCESS_KEY_ID);
    expect(job.SITE_SECRET_ACCESS_KEY).toMatch(/^\$\{S3_SECRET_ACCESS_KEY:\?/);
    const script = services.buckets!.entrypoint!.join(' ');
    expect(script).toContain('set -e');
    expect(script).toContain('mc mb --ignore-existing "store/$$S3_BUCKET"');
    expect(script).toContain('mc anonymous set none "store/$$S3_BUCKET"');
    expect(script).toContain('mc admin policy create store site-bucket /tmp/site-bucket-policy.json');
    expect(script).toContain('mc admin user add store "$$SITE_ACCESS_KEY_ID" "$$SITE_SECRET_ACCESS_KEY"');
    expect(script).toContain('mc admin policy attach store site-bucket --user "$$SITE_ACCESS_KEY_ID"');
    expect(script).toMatch(/if \[ "\$\$SITE_ACCESS_KEY_ID" = "\$\$MINIO_ROOT_USER" \]; then[^]*exit 1/);
    // The policy: the photo operations, on the bucket the site is told to use and nothing else.
    const bucket = 'the-bucket';
    expect(job.S3_BUCKET).toBe(site.S3_BUCKET);
    const policy = JSON.parse(job.SITE_POLICY!.replaceAll(site.S3_BUCKET!, bucket)) as {
      Statement: { Effect: string; Action: string[]; Resource: string[] }[];
    };
    const allowed = policy.Statement.flatMap((statement) =>
      statement.Action.map((action) => ({ effect: statement.Effect, action, resources: statement.Resource })),
    );
    expect(allowed.map((entry) => entry.action).sort()).toEqual(
      ['s3:DeleteObject', 's3:GetBucketLocation', 's3:GetObject', 's3:ListBucket', 's3:PutObject'].sort(),
    );
    for (const entry of allowed) {
      expect(entry.effect).toBe('Allow');
      const expected = entry.action.endsWith('Object')
        ? `arn:aws:s3:::${bucket}/*`
        : `arn:aws:s3:::${bucket}`;
      expect(entry.resources, entry.action).toEqual([expected]);
    }
  });
});

describe('.env.example', () => {
  const text = read('.env.example');
  const lines = text.split('\n');
  const names = lines.flatMap((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1] ?? []);

  it('names every setting the server reads, and nothing else', () => {
    expect([...names].sort()).toEqual(configNames);
  });

  it('explains each setting in a comment line right above it', () => {
    for (const name of names) {
      const index = lines.findIndex((line) => line.startsWith(`${name}=`));
      expect(lines[index - 1], name).toMatch(/^# \S/);
    }
  });
});
