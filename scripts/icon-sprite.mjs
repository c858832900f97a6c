#!/usr/bin/env node
/**
 * `npm run icons`: builds app/assets/icons.svg, the one SVG sprite every icon of the site is drawn
 * from (app/components/icon.tsx). Its symbols are lucide's own icon data for the names listed in
 * app/components/icon-names.ts, plus our brand marks (app/assets/brand-marks.svg). Icons cost a page
 * only their name in JavaScript; the sprite is one cached file (docs/decisions/javascript-budget.md).
 * A unit test fails when the committed sprite and this output differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const spritePath = join(root, 'app', 'assets', 'icons.svg');
const namesPath = join(root, 'app', 'components', 'icon-names.ts');
const brandMarksPath = join(root, 'app', 'assets', 'brand-marks.svg');

/** The quoted names of `export const <list> = [ … ]` in icon-names.ts (a TypeScript file this script cannot import). */
export function readIconNames(list, source = readFileSync(namesPath, 'utf8')) {
  const body = new RegExp(`export const ${list} = \\[([^\\]]*)\\]`).exec(source)?.[1];
  if (body === undefined) throw new Error(`${list} not found in ${namesPath}`);
  return [...body.matchAll(/'([a-z0-9-]+)'/g)].map((match) => match[1]);
}

const escapeAttribute = (value) =>
  String(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** lucide's drawing of one icon: [tag, attributes][] from the package's own module. */
async function lucideNode(name) {
  const file = join(root, 'node_modules', 'lucide-react', 'dist', 'esm', 'icons', `${name}.mjs`);
  const { __iconData: data } = await import(pathToFileURL(file).href).catch(() => {
    throw new Error(`lucide has no icon "${name}" (names are lucide's file names, e.g. "arrow-right")`);
  });
  return data.node;
}

/** The sprite's text: one <symbol id="name"> per icon, sorted; stroke and fill come from the <svg> using it. */
export async function renderSprite({
  lucideNames = readIconNames('lucideIconNames'),
  brandMarks = readFileSync(brandMarksPath, 'utf8'),
} = {}) {
  const symbols = [];
  for (const name of [...lucideNames].sort()) {
    const children = (await lucideNode(name)).map(
      ([tag, attributes]) =>
        `<${tag}${Object.entries(attributes)
          .filter(([key]) => key !== 'key')
          .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
          .join('')}/>`,
    );
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${children.join('')}</symbol>`);
  }
  for (const match of brandMarks.matchAll(/<symbol\b[\s\S]*?<\/symbol>/g))
    symbols.push(match[0].replace(/>\s+</g, '><'));
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(spritePath, await renderSprite());
  process.stdout.write(`wrote ${spritePath}\n`);
}
