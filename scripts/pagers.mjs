// Writes each page's pager (home, previous, next, the article) into its HTML from
// www/examples.js, so it is there at the first paint: a pager put in by a script
// after the page shows pushes everything under it down. `--check` changes nothing
// and fails if a page's pager is not what examples.js makes (make lint runs it).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pagerLinks } from '../www/examples.js';

const www = resolve(fileURLToPath(new URL('../www', import.meta.url)));
const check = process.argv.includes('--check');
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let stale = 0;
for (const name of readdirSync(www).filter((f) => f.endsWith('.html')).sort()) {
  const file = join(www, name);
  const html = readFileSync(file, 'utf8');
  const main = html.match(/<main[^>]*data-example="([^"]+)"[^>]*>\n/);
  if (!main) throw new Error(`${name}: no <main data-example="...">`);
  const links = pagerLinks(main[1]).map(({ text, ...attrs }) =>
    `    <a ${Object.entries(attrs).map(([k, v]) => `${k}="${escape(v)}"`).join(' ')}>${escape(text)}</a>\n`);
  const nav = `  <nav class="pager" aria-label="Examples">\n${links.join('')}  </nav>\n`;
  const at = main.index + main[0].length;
  const old = html.slice(at).match(/^ {2}<nav class="pager"[^]*?<\/nav>\n/)?.[0] ?? '';
  if (old === nav) continue;
  stale++;
  if (check) console.error(`${name}: its pager is not examples.js's: run node scripts/pagers.mjs`);
  else writeFileSync(file, html.slice(0, at) + nav + html.slice(at + old.length));
}
if (check && stale) process.exit(1);
if (!check) console.log(`${stale} page(s) written`);
