#!/usr/bin/env node
// `npm run backup` / `npm run restore`: runs server/backup-cli.ts (scripts/admin-cli.mjs) with the
// command and its arguments. Usage in that file.
import { runAdminCli } from './admin-cli.mjs';

await runAdminCli('backup-cli');
