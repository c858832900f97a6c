// Mozilla's HTTP Observatory scan (@mdn/mdn-http-observatory) of pages on one HTTPS origin; prints
// one JSON array with each page's grade, score, per-test results and the headers it saw.
//
//   NODE_EXTRA_CA_CERTS=cert.pem node observatory-scan.mjs 127.0.0.1:8443 / /services …
//
// Run it as its own process: Node reads NODE_EXTRA_CA_CERTS only at start, and a certificate the
// scanner cannot verify would cost the HSTS and redirection tests their points.
import fs from 'node:fs';

// The scanner reads the HSTS preload list from a file that its install script downloads, which
// package.json's allowScripts skips (no internet at install time). A local address is never on
// that list, so an empty list is the exact answer.
const readFileSync = fs.readFileSync;
fs.readFileSync = function (file, ...rest) {
  if (String(file).endsWith('hsts-preload.json') && !fs.existsSync(file)) return '{}';
  return readFileSync.call(this, file, ...rest);
};

const { scan } = await import('@mdn/mdn-http-observatory');

const [host, ...paths] = process.argv.slice(2);
const results = [];
for (const path of paths) {
  // scan() takes a host name only (its options never reach the requests), so the port and the
  // path travel inside it: it fetches https://<host><path>.
  try {
    const result = await scan(`${host}${path === '/' ? '' : path}`);
    results.push({
      path,
      grade: result.scan.grade,
      score: result.scan.score,
      statusCode: result.scan.statusCode,
      responseHeaders: result.scan.responseHeaders,
      tests: Object.fromEntries(
        Object.entries(result.tests).map(([name, test]) => [
          name,
          { result: test.result, pass: test.pass, scoreModifier: test.scoreModifier },
        ]),
      ),
    });
  } catch (error) {
    results.push({ path, error: error instanceof Error ? error.message : String(error) });
  }
}
process.stdout.write(JSON.stringify(results));
