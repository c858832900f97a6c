/**
 * The layout rules the code keeps: thin route modules (services own the rules, errors become
 * answers in server/plugins/errors.ts), server/ and domain/ independent of the browser app,
 * vitest only in tests, and the staff API's one contract used by both of its sides.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { featureSubLayers, serverLayers } from './layers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(name)) files.push(path);
  }
  return files;
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');
const isTest = (path: string) =>
  /\.(test|spec)\.(ts|tsx)$/.test(path) || /^(server\/test|app\/test|tests)\//.test(path);
/** Every module a file imports or re-exports, as written. */
const importsOf = (text: string) =>
  [
    ...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? match[2]!);

describe('the layout of the code', () => {
  it('keeps every route module under 250 lines and free of try/catch', () => {
    // Feature route modules (the static site's serving in server/static/ is not one).
    const routes = sourceFiles('server').filter(
      (path) => /\/([a-z-]+-)?routes\.ts$/.test(path) && !isTest(path) && !path.startsWith('server/static/'),
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const path of routes) {
      const text = read(path);
      expect(text.split('\n').length, path).toBeLessThan(250);
      expect(text.includes('try {'), path).toBe(false);
    }
  });

  it('places every server folder in a layer, so the one-way import rule covers it', () => {
    const folders = readdirSync(join(root, 'server')).filter(
      (name) => statSync(join(root, 'server', name)).isDirectory() && name !== 'test',
    );
    expect([...folders].sort()).toEqual(serverLayers.flat().sort());
  });

  it('places every sub-folder holding code in a layer of its feature, so the rule covers it too', () => {
    const subFolders = (folder: string) =>
      readdirSync(join(root, 'server', folder)).filter((name) => {
        const path = join(root, 'server', folder, name);
        return statSync(path).isDirectory() && readdirSync(path).some((file) => file.endsWith('.ts'));
      });
    for (const folder of serverLayers.flat()) {
      expect([...subFolders(folder)].sort(), folder).toEqual((featureSubLayers[folder] ?? []).flat().sort());
    }
  });

  it('never imports the browser app from server/ or domain/', () => {
    for (const path of [...sourceFiles('server'), ...sourceFiles('domain')]) {
      const app = importsOf(read(path)).filter((from) => from.startsWith('~/') || /(^|\/)app\//.test(from));
      expect(app, path).toEqual([]);
    }
  });

  it('imports vitest only in tests and test folders', () => {
    for (const path of ['app', 'domain', 'server', 'scripts'].flatMap(sourceFiles)) {
      if (isTest(path)) continue;
      const vitest = importsOf(read(path)).filter((from) => from === 'vitest' || from.startsWith('vitest/'));
      expect(vitest, path).toEqual([]);
    }
  });

  it('types the inbox client and the staff routes from the one contract in domain/staff-api/', () => {
    const contract = (path: string) =>
      importsOf(read(path)).some((from) => /domain\/staff-api\/[a-z-]+(\.ts)?$/.test(from));
    expect(contract('app/components/inbox/api.ts')).toBe(true);
    // The modules the staff API registers (server/staff-routes.ts), the session plugin aside.
    const staffRoutes = importsOf(read('server/staff-routes.ts'))
      .filter((from) => from.endsWith('routes.ts'))
      .map((from) => join('server', from));
    expect(staffRoutes.sort()).toEqual([
      'server/casework/adjuster-routes.ts',
      'server/casework/clock-routes.ts',
      'server/casework/drying-routes.ts',
      'server/casework/insurer-routes.ts',
      'server/casework/milestone-routes.ts',
      'server/casework/report-routes.ts',
      'server/casework/technician-routes.ts',
      'server/inbox/routes.ts',
      'server/inbox/satisfaction-routes.ts',
      'server/messages/routes.ts',
      'server/oncall/staff-routes.ts',
      'server/oncall/surge-routes.ts',
      'server/privacy/routes.ts',
      'server/staff/audit-routes.ts',
      'server/staff/login-routes.ts',
    ]);
    for (const path of staffRoutes) expect(contract(path), path).toBe(true);
    expect(sourceFiles('app/components/inbox').some((path) => path.endsWith('/types.ts'))).toBe(false);
  });
});
