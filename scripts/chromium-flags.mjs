/**
 * The flags every headless Chromium of the tests and measurements starts with. Without the
 * background-networking ones Chromium keeps trying to reach Google's hosts, which this machine's
 * closed network refuses.
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
