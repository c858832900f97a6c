#!/usr/bin/env node
/**
 * `npm run validate`: every built HTML page in build/client (the prerendered pages, the not-found
 * variants and the inbox's __spa-fallback.html) checked by the Nu HTML Checker (the W3C
 * validator; the `vnu-jar` devDependency, which needs Java).
 *
 *   npm run build && npm run validate
 *
 * Prints each error per page (file:line:column, message), then the warnings, then a total; exits
 * 1 when there is any error. Warnings are printed but do not fail. The checker's "info" notes
 * (e.g. "Trailing slash on void elements", which is how React writes every void element) are
 * counted in the total only.
 *
 * No --filterpattern is used: every error the checker reports is a real one to fix in the source.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'build', 'client');
const vnuJar = path.join(root, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');

/** Every .html file under `dir` (pre-compressed .br/.gz variants have other endings), sorted. */
export function htmlFiles(dir) {
  const found = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith('.html')) found.push(full);
    }
  };
  walk(dir);
  return found.sort();
}

/**
 * The checker's messages (`--format json`), each as one of
 *   error   — `type: "error"`, and `type: "non-document-error"` (the file could not be read)
 *   warning — `type: "info", subType: "warning"`
 *   info    — any other `type: "info"`
 * with the file path relative to `baseDir`.
 */
export function parseVnuJson(text, baseDir) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`The HTML checker did not answer with JSON:\n${text.slice(0, 2000)}`);
  }
  if (!parsed || !Array.isArray(parsed.messages))
    throw new Error('The HTML checker answered without messages.');
  return parsed.messages.map((message) => {
    const severity =
      message.type === 'error' || message.type === 'non-document-error'
        ? 'error'
        : message.subType === 'warning'
          ? 'warning'
          : 'info';
    let file = message.url ?? '';
    if (file.startsWith('file:')) file = fileURLToPath(file);
    if (baseDir && path.isAbsolute(file)) file = path.relative(baseDir, file).split(path.sep).join('/');
    return {
      severity,
      file,
      line: message.lastLine ?? message.firstLine,
      column: message.firstColumn ?? message.lastColumn,
      message: String(message.message ?? '').trim(),
      extract: message.extract,
    };
  });
}

const location = (item) =>
  `${item.file}${item.line === undefined ? '' : `:${item.line}`}${item.column === undefined ? '' : `:${item.column}`}`;

/** The printed report and whether it passes (no errors), for `messages` from parseVnuJson. */
export function formatReport(messages, fileCount) {
  const errors = messages.filter((item) => item.severity === 'error');
  const warnings = messages.filter((item) => item.severity === 'warning');
  const infos = messages.filter((item) => item.severity === 'info');
  const lines = [];
  const byFile = (items) => {
    const groups = new Map();
    for (const item of items) groups.set(item.file, [...(groups.get(item.file) ?? []), item]);
    const position = (item) => [item.line ?? 0, item.column ?? 0];
    for (const fileItems of groups.values())
      fileItems.sort((a, b) => position(a)[0] - position(b)[0] || position(a)[1] - position(b)[1]);
    return [...groups].sort(([a], [b]) => a.localeCompare(b));
  };
  for (const [label, items] of [
    ['error', errors],
    ['warning', warnings],
  ]) {
    for (const [file, fileItems] of byFile(items)) {
      lines.push(`${file}: ${fileItems.length} ${label}${fileItems.length === 1 ? '' : 's'}`);
      for (const item of fileItems) {
        lines.push(`  ${label} ${location(item)}  ${item.message}`);
        const extract = item.extract?.replace(/\s+/g, ' ').trim();
        if (extract) lines.push(`      ${extract.length > 160 ? `${extract.slice(0, 157)}…` : extract}`);
      }
    }
  }
  const filesWithErrors = new Set(errors.map((item) => item.file)).size;
  lines.push(
    `${fileCount} page${fileCount === 1 ? '' : 's'} checked: ${errors.length} error${errors.length === 1 ? '' : 's'}` +
      (errors.length ? ` in ${filesWithErrors} page${filesWithErrors === 1 ? '' : 's'}` : '') +
      `, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}, ${infos.length} info note${infos.length === 1 ? '' : 's'}`,
  );
  return { ok: errors.length === 0, text: `${lines.join('\n')}\n` };
}

function javaMissing() {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return probe.error !== undefined || probe.status !== 0;
}

function main() {
  if (javaMissing()) {
    process.stderr.write(
      "Java is missing: the HTML checker (vnu.jar) needs it; install Debian's default-jre-headless (apt-get install -y default-jre-headless).\n",
    );
    process.exit(1);
  }
  if (!existsSync(vnuJar)) {
    process.stderr.write(`The HTML checker is missing at ${path.relative(root, vnuJar)}: run \`npm ci\`.\n`);
    process.exit(1);
  }
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    process.stderr.write('The built site is missing: run `npm run build` first.\n');
    process.exit(1);
  }
  const files = htmlFiles(clientDir);
  const result = spawnSync(
    'java',
    ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', '--skip-non-html', ...files],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error || result.status !== 0) {
    process.stderr.write(
      `The HTML checker failed to run (${result.error?.message ?? `exit ${result.status}`}):\n${result.stderr ?? ''}\n`,
    );
    process.exit(1);
  }
  const report = formatReport(parseVnuJson(result.stdout, clientDir), files.length);
  process.stdout.write(report.text);
  process.exit(report.ok ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
