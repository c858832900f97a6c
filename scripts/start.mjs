#!/usr/bin/env node
/**
 * `npm start`: builds when needed, then runs the server (dist/server/index.js).
 * A build is needed when build/client or the server bundle is missing, or when the pages were
 * built for another PUBLIC_URL (canonical links are baked in at build time; see docs/decisions).
 * Signals are forwarded to the server; its exit code becomes ours.
 */
import './require-node.mjs';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { buildAll, buildInfoFile, clientDir, currentPublicUrl, root, serverBundle } from './build.mjs';

function buildReason() {
  if (!existsSync(clientDir)) return 'build/client is missing';
  if (!existsSync(serverBundle)) return 'dist/server/index.js is missing';
  let info;
  try {
    info = JSON.parse(readFileSync(buildInfoFile, 'utf8'));
  } catch {
    return 'build/build-info.json is missing';
  }
  if (info.publicUrl !== currentPublicUrl())
    return `the pages were built for ${info.publicUrl}, PUBLIC_URL is ${currentPublicUrl()}`;
  return null;
}

const reason = buildReason();
if (reason) {
  console.log(`Building first: ${reason}.`);
  try {
    await buildAll();
  } catch (error) {
    console.error(`\n✗ build failed: ${error.message}`);
    process.exit(1);
  }
}

const server = spawn(process.execPath, [serverBundle], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 1) : 1));
});
