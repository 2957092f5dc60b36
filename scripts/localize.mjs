// Writes each language's pages into dist/ (make dist runs it after copying the
// site there): English at today's URLs, every other language under dist/<code>/
// with the same paths. Each page's elements with `data-l10n-id` get their
// message's text (markup allowed: the catalogue is ours) and its attributes
// (`.content`, `.aria-label`...), its pager is written from examples.js, and its
// head says its language, its other versions (`hreflang`) and the scripts'
// catalogue it will fetch. A page whose messages a language lacks is written as a
// notice in that language linking the English. The scripts' catalogues are
// joined into dist/locales/<code>.ftl for www/l10n.js.
//   node scripts/localize.mjs [DIST]
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogue } from '../www/catalogue.js';
import { languages, SOURCE } from '../www/languages.js';
import { pagerLinks } from '../www/examples.js';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = resolve(process.argv[2] ?? join(repo, 'dist'));

/** The texts of a language's catalogues in `part` (pages, scripts or core). */
export function catalogueTexts(code, part) {
  const folder = join(repo, 'locales', code, part);
  return existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.ftl')).sort().map((f) => readFileSync(join(folder, f), 'utf8')) : [];
}

/** The source pages, as paths from the site's root. */
export const pages = () => ['index.html', ...readdirSync(join(repo, 'www')).filter((f) => f.endsWith('.html')).sort().map((f) => `www/${f}`)];

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Where `page` of `code` is, from the site's root. */
const at = (code, page) => (code === SOURCE ? page : `${code}/${page}`);
/** A link from `code`'s copy of `page` to `target` (from the root). */
const link = (code, page, target) => posix.relative(posix.dirname(at(code, page)), target) || '.';

/** `html` with every `data-l10n-id` element's message from `words` filled in. */
function fill(html, words) {
  return html.replace(/<(\w+)([^>]*?)\sdata-l10n-id="([^"]+)"([^>]*)>(<\/\1>)?/g, (m, tag, before, id, after, close) => {
    const attrs = words.attrs(id).map((name) => ` ${name}="${escape(words.attr(id, name))}"`).join('');
    const open = `<${tag}${before} data-l10n-id="${id}"${after}${attrs}>`;
    if (!close) return open;
    return `${open}${words.valued(id) ? words.t(id) : ''}${close}`;
  });
}

/** The pager's links and the language switch, for `code`'s copy of `page`. */
function pager(example, code, page, words) {
  const links = pagerLinks(example, words.t, code).map(({ text, ...attrs }) =>
    `    <a ${Object.entries(attrs).map(([k, v]) => `${k}="${escape(v)}"`).join(' ')}>${escape(text)}</a>\n`);
  return `  <nav class="pager" aria-label="${escape(words.t('pager-label'))}">\n${links.join('')}${switcher(code, page, words)}  </nav>\n${note(words)}`;
}

/** Where the translation is a language model's, a line saying so, under the pager. */
const note = (words) => (words.machine ? `  <p class="translation-note">${words.t('translation-machine')}</p>\n` : '');

/** Each language named in its own script, linking this page in it. */
function switcher(code, page, words) {
  const items = languages.map((l) => `<a href="${escape(link(code, page, at(l.code, page)))}" lang="${l.code}" hreflang="${l.code}"${l.code === code ? ' aria-current="page"' : ''}>${escape(l.name)}</a>`);
  return `    <span class="languages" role="group" aria-label="${escape(words.t('languages-label'))}">${items.join('')}</span>\n`;
}

/** `html`'s relative URLs of files (not pages) made right from `code`'s folder. */
function relink(html, code, page) {
  if (code === SOURCE) return html;
  return html.replace(/\b(href|src)="([^"#:]+?)(#[^"]*)?"/g, (m, attr, url, hash = '') => {
    if (url.endsWith('.html')) return m;
    return `${attr}="${link(code, page, posix.join(posix.dirname(page), url))}${hash}"`;
  });
}

function head(html, code, page, words) {
  const alternates = [...languages.map((l) => [l.code, at(l.code, page)]), ['x-default', at(SOURCE, page)]]
    .map(([lang, target]) => `  <link rel="alternate" hreflang="${lang}" href="${escape(link(code, page, target))}">\n`).join('');
  // The scripts' catalogue, asked for beside the modules (l10n.js fetches it).
  const catalogueLink = `  <link rel="preload" href="${link(code, page, `locales/${code}.ftl`)}" as="fetch" crossorigin>\n`;
  return html.replace(/<html lang="[^"]*">/, `<html lang="${code}">`)
    .replace(/(\s*<link rel="stylesheet")/, `\n${alternates}${catalogueLink.trimEnd()}$1`);
}

function notice(code, page, words, english) {
  const title = `<title>${escape(words.t('missing-title'))}</title>`;
  return `<!doctype html>\n<html lang="${words.lang}">\n<head>\n  <meta charset="utf-8">\n  <meta name="viewport" content="width=device-width, initial-scale=1">\n  ${title}\n  <link rel="stylesheet" href="${link(code, page, 'www/style.css')}">\n</head>\n<body>\n<main>\n  <h1>${escape(words.t('missing-heading'))}</h1>\n  <p><a href="${escape(link(code, page, english))}" hreflang="en" lang="en">${escape(words.t('missing-link'))}</a></p>\n</main>\n</body>\n</html>\n`;
}

export function localize(root = dist) {
  const written = [];
  const source = catalogue(SOURCE, [...catalogueTexts(SOURCE, 'pages'), ...catalogueTexts(SOURCE, 'scripts')]);
  for (const language of languages) {
    const { code } = language;
    // The scripts' messages and the core's (src/words.rs), which the scripts word.
    const scripts = [...catalogueTexts(code, 'core'), ...catalogueTexts(code, 'scripts')];
    mkdirSync(join(root, 'locales'), { recursive: true });
    writeFileSync(join(root, 'locales', `${code}.ftl`), scripts.join('\n'));
    const words = { ...catalogue(code, [...catalogueTexts(code, 'pages'), ...scripts]), machine: language.machine };
    for (const page of pages()) {
      let html = readFileSync(join(repo, page), 'utf8');
      const example = html.match(/<main[^>]*data-example="([^"]+)"[^>]*>\n/);
      const ids = [...html.matchAll(/data-l10n-id="([^"]+)"/g)].map((m) => m[1]);
      const file = join(root, at(code, page));
      mkdirSync(dirname(file), { recursive: true });
      if (!ids.every((id) => words.has(id))) {
        writeFileSync(file, notice(code, page, words.has('missing-heading') ? words : source, page));
        written.push(`${at(code, page)} (missing: a notice)`);
        continue;
      }
      if (example) html = html.replace(example[0], example[0] + pager(example[1], code, page, words));
      else html = html.replace(/<main>\n/, `<main>\n  <nav class="pager languages-only" aria-label="${escape(words.t('languages-label'))}">\n${switcher(code, page, words)}  </nav>\n${note(words)}`);
      html = head(relink(fill(html, words), code, page), code, page, words);
      writeFileSync(file, html);
      written.push(at(code, page));
    }
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = localize();
  console.log(`localize: ${written.length} pages in ${languages.length} languages`);
}
