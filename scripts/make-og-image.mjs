// Renders public/og-image.png (1200×630, the social sharing card) from the brand mark, the company
// name in domain/company.ts and the home hero illustration, with the system's Chromium.
// Re-run after changing any of them: node scripts/make-og-image.mjs
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}public/og-image.png`;

// company.ts is TypeScript and imports nothing; its first `name:` is the brand name.
const companySource = readFileSync(`${root}domain/company.ts`, 'utf8');
const name = /^\s*name:\s*'([^']+)'/m.exec(companySource)?.[1];
if (!name) throw new Error('Could not read company.name from domain/company.ts');

const tagline = 'Vi sikrer dine værdier før, under og efter skaden';
const services = 'Brand · Vand · Storm · Skybrud · Indbrud';
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const dataUrl = (file) =>
  `data:image/svg+xml;base64,${readFileSync(`${root}public/${file}`).toString('base64')}`;

const html = `<!doctype html><html lang="da"><head><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: 1200px; height: 630px; overflow: hidden; background: #effcfa;
    font-family: 'Liberation Sans', 'DejaVu Sans', Arial, sans-serif; color: #032826; }
  .card { position: relative; width: 100%; height: 100%; display: flex; align-items: center; }
  .text { width: 600px; padding: 0 0 0 72px; position: relative; z-index: 1; }
  .brand { display: flex; align-items: center; gap: 18px; }
  .brand img { width: 76px; height: 76px; }
  .brand span { font-size: 46px; font-weight: 700; color: #114441; letter-spacing: -0.5px; }
  h1 { margin-top: 40px; font-size: 50px; line-height: 1.12; font-weight: 700; color: #0f514e; }
  p { margin-top: 28px; font-size: 26px; color: #0d6560; }
  .bar { position: absolute; left: 0; bottom: 0; width: 100%; height: 16px; background: #0d6560; }
  .art { position: absolute; right: -30px; top: 105px; width: 660px; height: 440px; }
</style></head><body><div class="card">
  <div class="text">
    <div class="brand"><img src="${dataUrl('favicon.svg')}" alt=""><span>${escape(name)}</span></div>
    <h1>${escape(tagline)}</h1>
    <p>${escape(services)}</p>
  </div>
  <img class="art" src="${dataUrl('images/hero-home.svg')}" alt="">
  <div class="bar"></div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(html, { waitUntil: 'load' });
  await page.screenshot({ path: out, type: 'png' });
} finally {
  await browser.close();
}
console.log(`${out}: ${Math.round(statSync(out).size / 1024)} KB`);
