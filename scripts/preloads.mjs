// Writes into each page's <head> a modulepreload for every module its script
// imports, however deep (site.js, page.js, the core's glue in pkg/...): the
// browser asks for them all at once, not one import level after another. Not the
// wasm: a request for it in <head> runs beside the page's first paint, and on a
// slow phone (Lighthouse's simulated one) its 900 KB hold the largest paint back
// to 6 s (1.6-2.1 s without, bench/results/2026-12-02-lighthouse.txt); the glue
// asks for it once the page has painted. `--check` changes nothing and fails if a
// page's list is not what its imports make (make lint runs it); run it after
// changing an import.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const www = join(repo, 'www');
const check = process.argv.includes('--check');
const GLUE = join(repo, 'pkg', 'histogram.js');
// make dist bundles l10n.js with what it imports (Fluent's formatter).
const L10N = join(www, 'l10n.js');

/** Every module `entry` imports statically, itself left out, in the order first met. */
function graph(entry) {
  const seen = new Set([entry]);
  const order = [];
  const visit = (file) => {
    // The glue is built (make build); its own imports are none.
    if (file === GLUE || file === L10N || !existsSync(file)) return;
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/^\s*import\s+(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      const target = resolve(dirname(file), spec);
      if (seen.has(target)) continue;
      seen.add(target);
      order.push(target);
      visit(target);
    }
  };
  visit(entry);
  return order;
}

const pages = [join(repo, 'index.html'), ...readdirSync(www).filter((f) => f.endsWith('.html')).sort().map((f) => join(www, f))];
let stale = 0;
for (const file of pages) {
  const name = relative(repo, file);
  const html = readFileSync(file, 'utf8');
  const script = html.match(/^ {2}<script type="module" src="([^"]+)"[^>]*><\/script>\n/m);
  if (!script) continue;
  const here = dirname(file);
  const modules = graph(resolve(here, script[1]));
  const links = modules.map((m) => `  <link rel="modulepreload" href="${relative(here, m)}">\n`);
  const at = script.index + script[0].length;
  const old = html.slice(at).match(/^(?: {2}<link rel="(?:modulepreload|preload)"[^>]*>\n)*/)[0];
  const now = links.join('');
  if (old === now) continue;
  stale++;
  if (check) console.error(`${name}: its preloads are not its imports': run node scripts/preloads.mjs`);
  else writeFileSync(file, html.slice(0, at) + now + html.slice(at + old.length));
}
if (check && stale) process.exit(1);
if (!check) console.log(`${stale} page(s) written`);
