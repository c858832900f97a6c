/**
 * The files a team deploys with (Dockerfile, .env.example), checked by their rules; compose.yaml
 * in scripts/compose-file.test.ts. The image itself is built and run by `npm run test:container`,
 * its start command on the built tree in scripts/image-start.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { variables } from '../server/config.ts';
import { databaseParts } from '../server/config-env.ts';

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

  it('builds in one stage and runs from another, all from the Node 24 slim image pinned by digest', () => {
    const baseImage = /^ARG NODE_IMAGE=(\S+)$/m.exec(read('Dockerfile'))?.[1];
    expect(baseImage).toMatch(/^node:24-[a-z]+-slim@sha256:[0-9a-f]{64}$/);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages.slice(0, -1)) expect(stage.from).toBe('${NODE_IMAGE}');
    // The runtime is that image's system, trimmed in a stage of its own and copied whole into an
    // empty image (deleting in a later layer would not make the image smaller).
    const system = stages.find((stage) => stage.name === 'system')!;
    expect(system.from).toBe('${NODE_IMAGE}');
    expect(final.from).toBe('scratch');
    expect(final.body[0]).toEqual({ keyword: 'COPY', args: '--from=system / /' });
    expect(all(final, 'ENTRYPOINT')).toEqual(['["docker-entrypoint.sh"]']);
    const build = stages[0]!;
    expect(all(build, 'RUN').some((run) => /\bnpm ci\b(?!.*--omit)/.test(run))).toBe(true);
    expect(all(build, 'RUN').some((run) => /\bnpm run build\b.*scripts\/bundle-admin\.mjs/.test(run))).toBe(
      true,
    );
    const packages = stages.find((stage) => stage.name === 'packages')!;
    expect(all(packages, 'RUN').some((run) => /\bnpm ci --omit=dev\b/.test(run))).toBe(true);
    // Pruned to the files the built entries load, by the list the build stage made.
    expect(
      all(build, 'RUN').some((run) => /scripts\/runtime-files\.mjs > runtime-files\.txt/.test(run)),
    ).toBe(true);
    expect(all(packages, 'RUN')).toContain('node prune-runtime-files.mjs runtime-files.txt node_modules');
    expect(all(final, 'RUN').some((run) => /npm run build|npm ci/.test(run))).toBe(false);
    // The npm downloads stay in a cache mount, out of every layer.
    for (const stage of [build, packages])
      expect(all(stage, 'RUN').find((run) => /npm ci/.test(run))).toMatch(
        /^--mount=type=cache,target=\/root\/\.npm /,
      );
  });

  it('copies into the final image only the system, the build output, the migrations, the packages and the admin launchers', () => {
    const copied = all(final, 'COPY').map((args) => args.replace(/^--from=\S+\s+/, '').split(/\s+/)[0]);
    expect(copied.sort()).toEqual(
      [
        '/',
        '/app/build/build-info.json',
        '/app/build/client',
        '/app/build/form-render',
        '/app/build/resources',
        '/app/dist',
        '/app/node_modules',
        '/app/scripts/staff.mjs',
        '/app/server/db/migrations',
        'package.json',
      ].sort(),
    );
    expect(all(final, 'COPY').find((args) => args.startsWith('package.json'))).toContain('package-lock.json');
    const launchers = all(final, 'COPY').find((args) => args.includes('/app/scripts/staff.mjs'))!;
    for (const file of ['staff.mjs', 'backup.mjs', 'migrate.mjs', 'admin-cli.mjs', 'require-node.mjs'])
      expect(launchers).toContain(`/app/scripts/${file}`);
  });

  it('runs as the numeric user 1000:1000, with /data and /backups writable by group 0 (any UID)', () => {
    expect(all(final, 'USER').at(-1)).toBe('1000:1000');
    expect(all(final, 'ENV').join(' ')).toMatch(/\bDATA_DIR=\/data\b/);
    expect(all(final, 'VOLUME').join(' ')).toContain('/data');
    const folders = all(final, 'RUN').find((run) => run.includes('mkdir -p /data /backups'))!;
    expect(folders).toContain('chown 1000:0 /data /backups');
    expect(folders).toContain('chmod 0770 /data /backups');
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

describe('.env.example', () => {
  const text = read('.env.example');
  const lines = text.split('\n');
  const names = lines.flatMap((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1] ?? []);

  it('names every setting the server reads and the few compose.yaml adds, and nothing else', () => {
    const composeNames = ['COMPOSE_PROFILES', 'MINIO_ROOT_USER', 'SITE_HOST', 'SITE_SCHEME'];
    expect([...names].sort()).toEqual([...configNames, ...databaseParts, ...composeNames].sort());
  });

  it('explains each setting in a comment line right above it', () => {
    for (const name of names) {
      const index = lines.findIndex((line) => line.startsWith(`${name}=`));
      expect(lines[index - 1], name).toMatch(/^# \S/);
    }
  });
});
