#!/usr/bin/env node
// `npm run staff -- <command>`: runs server/staff-cli.ts (scripts/admin-cli.mjs). The commands and
// their Danish help text are in that file.
import { runAdminCli } from './admin-cli.mjs';

await runAdminCli('staff-cli');
