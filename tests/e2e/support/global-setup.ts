import { existsSync } from 'node:fs';
import { assertBuilt } from './built-server';

// Fail once, clearly, instead of once per worker with a spawn error.
export default function globalSetup(): void {
  assertBuilt();
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error(
      "Chromium is missing at /usr/bin/chromium. Install Debian's package: `apt-get install -y chromium` (as root).",
    );
  }
}
