import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'happy-dom',
          include: ['app/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/app-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
