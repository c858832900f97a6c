// Stops a project script early, with the way out, when it runs on a Node.js older than
// package.json's "engines" (the scripts and the server use APIs of Node 22.22 and later).
import { readFileSync } from 'node:fs';

const wanted = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const minimum = wanted
  .replace(/^>=\s*/, '')
  .split('.')
  .map(Number);
const current = process.versions.node.split('.').map(Number);

/** True when `version` is at least `floor`, compared part by part (major, minor, patch). */
function isAtLeast(version, floor) {
  for (let i = 0; i < 3; i++) {
    const a = version[i] ?? 0;
    const b = floor[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

if (!isAtLeast(current, minimum)) {
  process.stderr.write(
    `This project needs Node.js ${wanted} (24 LTS recommended); this is ${process.version}.\n` +
      'Run `source scripts/use-node.sh` (it installs Node.js 24 from the npm registry) and try again.\n',
  );
  process.exit(1);
}
