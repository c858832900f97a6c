#!/usr/bin/env node
// `npm run migrate`: applies the migrations with DATABASE_URL's role and exits (server/migrate-cli.ts),
// for a deployment whose site connects as a role that may not change the schema.
import { runAdminCli } from './admin-cli.mjs';

await runAdminCli('migrate-cli');
