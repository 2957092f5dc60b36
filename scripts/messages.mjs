// Holds the catalogues together (make lint runs it):
// - every .ftl file parses (Fluent's own parser: a line it cannot read is an error,
//   not a message quietly dropped);
// - every message the pages (data-l10n-id), the scripts (t('id'), tAttr('id', ...)),
//   the build and the core (Words::new("id"), src/words.rs) ask for is in the source language, and every message there is
//   asked for (an id built in a script, t(`step-${name}`), counts for each message
//   it can name);
// - every other language has the same messages, attributes, variables and markup
//   as the source, no more and no fewer.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@fluent/syntax';
import { languages, SOURCE } from '../www/languages.js';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const problems = [];

/** Every message of a language: id -> { file, attrs, vars, tags }. */
function messagesOf(code) {
  const found = new Map();
  for (const part of ['pages', 'scripts', 'core']) {
    const folder = join(repo, 'locales', code, part);
    let files = [];
    try { files = readdirSync(folder).filter((f) => f.endsWith('.ftl')); } catch { continue; }
    for (const f of files) {
      const file = `locales/${code}/${part}/${f}`;
      const text = readFileSync(join(folder, f), 'utf8');
      for (const entry of parse(text, {}).body) {
        if (entry.type === 'Junk') { problems.push(`${file}: cannot parse: ${entry.content.trim().split('\n')[0]}`); continue; }
        if (entry.type !== 'Message' && entry.type !== 'Term') continue;
        const id = entry.type === 'Term' ? `-${entry.id.name}` : entry.id.name;
        if (found.has(id)) problems.push(`${file}: ${id} is also in ${found.get(id).file}`);
        const source = text.slice(entry.id.span.start, entry.span.end);
        found.set(id, {
          file,
          attrs: entry.attributes.map((a) => a.id.name).sort().join(','),
          vars: [...new Set([...source.matchAll(/\{\s*\$([\w-]+)/g)].map((m) => m[1]))].sort().join(','),
          tags: [...source.matchAll(/<\/?([a-z][\w-]*)/g)].map((m) => m[1]).sort().join(','),
          value: entry.value !== null,
        });
      }
    }
  }
  return found;
}

/**
 * What the site asks for: `exact`, the ids that must be there (data-l10n-id, a
 * literal first argument of t/tAttr); `named`, every quoted id-like word of a file
 * that formats messages (an id chosen before the call: `t(done ? 'x-done' : 'x-run')`);
 * `prefixes`, the fixed start of an id built in a template.
 */
function asked() {
  const exact = new Set();
  const named = new Set();
  const prefixes = new Set();
  const files = ['index.html', 'scripts/localize.mjs',
    ...readdirSync(join(repo, 'www')).filter((f) => /\.(js|html)$/.test(f)).map((f) => `www/${f}`)];
  for (const file of files) {
    const text = readFileSync(join(repo, file), 'utf8');
    if (file.endsWith('.html')) for (const m of text.matchAll(/data-l10n-id="([^"]+)"/g)) exact.add(m[1]);
    for (const m of text.matchAll(/\b(?:t|tAttr|attr|worded|tNodes|saying)\(\s*'([^']+)'/g)) exact.add(m[1]);
    if (!/\bt\(|tAttr\(|words\./.test(text)) continue;
    for (const m of text.matchAll(/'([a-z][a-z0-9]*(?:-[a-z0-9]+)+)'/g)) named.add(m[1]);
    for (const m of text.matchAll(/`([a-z][a-z0-9-]*-)\$\{/g)) prefixes.add(m[1]);
  }
  // The core's: an id in Words::new("id"), or any quoted id-like word of a file
  // that makes Words (an id chosen before the call).
  for (const file of rustFiles(join(repo, 'src')).concat(rustFiles(join(repo, 'engine', 'src')))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/Words::new\(\s*"([^"]+)"/g)) exact.add(m[1]);
    if (text.includes('Words::new(')) for (const m of text.matchAll(/"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)"/g)) named.add(m[1]);
  }
  return { exact, named, prefixes };
}

function rustFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? rustFiles(path) : entry.name.endsWith('.rs') ? [path] : [];
  });
}

const source = messagesOf(SOURCE);
const { exact, named, prefixes } = asked();
for (const id of exact) if (!source.has(id)) problems.push(`${id}: asked for, in no ${SOURCE} catalogue`);
for (const [id, m] of source) {
  if (id.startsWith('-') || exact.has(id) || named.has(id) || [...prefixes].some((p) => id.startsWith(p))) continue;
  problems.push(`${m.file}: ${id} is asked for nowhere`);
}
for (const { code } of languages.filter((l) => l.code !== SOURCE)) {
  const theirs = messagesOf(code);
  for (const [id, m] of source) {
    const t = theirs.get(id);
    if (!t) { problems.push(`locales/${code}: no ${id} (${m.file})`); continue; }
    for (const key of ['attrs', 'vars', 'tags', 'value']) {
      if (t[key] !== m[key]) problems.push(`${t.file}: ${id}'s ${key} are ${JSON.stringify(t[key])}, not ${SOURCE}'s ${JSON.stringify(m[key])}`);
    }
  }
  for (const [id, t] of theirs) if (!source.has(id)) problems.push(`${t.file}: ${id} is not in ${SOURCE}`);
}

for (const p of problems) console.error(p);
if (problems.length) process.exit(1);
console.log(`messages: ${source.size} in ${languages.length} languages, each asked for, each language whole`);
