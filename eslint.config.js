import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureSubLayers, serverLayers } from './server/layers.ts';

/** How import-x reads the project: TypeScript files, resolved as the type checker does. */
const importSettings = {
  ...importX.flatConfigs.typescript.settings,
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
};
delete importSettings['import-x/resolver'];

const tests = ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts', 'server/test/**', 'app/test/**', 'tests/**'];

/**
 * One-way imports between the server's folders (docs/decisions/server-layout.md): a folder may
 * import only the folders of the layers below its own. Tests may import anything: nothing imports
 * them.
 */
const layerZones = serverLayers.flatMap((layer, index) =>
  layer.flatMap((folder) =>
    serverLayers
      .slice(0, index)
      .flat()
      .map((above) => ({
        target: `./server/${folder}`,
        from: `./server/${above}`,
        message: `server/${folder} stands below server/${above}: pass what it needs in, or queue a named job.`,
      })),
  ),
);

/** The same inside a feature split into sub-folders (server/layers.ts, featureSubLayers). */
const subLayerZones = Object.entries(featureSubLayers).flatMap(([feature, layers]) =>
  layers.flatMap((layer, index) =>
    layer.map((folder) => {
      const allowed = layers.slice(index).flat();
      return {
        target: `./server/${feature}/${folder}`,
        from: `./server/${feature}`,
        except: allowed.map((below) => `./${below}`),
        message: `server/${feature}/${folder} imports only ${allowed.join(', ')} of server/${feature}.`,
      };
    }),
  ),
);

export default tseslint.config(
  {
    ignores: ['build', 'dist', 'data', '.react-router', 'node_modules', 'test-results', 'playwright-report'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No import cycle between files (type-only imports aside: they vanish at run time).
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts', 'domain/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['server/**/*.ts'],
    ignores: tests,
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...subLayerZones] }] },
  },
  {
    // Files a person can hold in their head; copy and the database schema are lists, not logic.
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: [...tests, 'app/content/**', 'server/db/schema.ts'],
    rules: { 'max-lines': ['error', { max: 450 }] },
  },
  {
    // Outside text (mail, SMS, forms) meets these patterns: a pattern that backtracks lets one
    // message hold the event loop for seconds, so every pattern must run in linear time.
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts', 'domain/**/*.ts'],
    ignores: tests,
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    // Layering: the browser app and the server share only domain/.
    files: ['app/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // The server and domain/ never reach into the browser app; shared facts live in domain/.
    files: ['server/**', 'domain/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/app/**', '~/*'] }] },
  },
);
