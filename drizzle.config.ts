import { defineConfig } from 'drizzle-kit';

// One schema and one folder of SQL migrations for both PGlite and PostgreSQL.
// Regenerate with `npm run db:generate`; never hand-edit the journal.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
