// The catalogues as the tests read them: a sentence a test looks for is its
// message's, in the page's language, not English typed into the test.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FluentBundle, FluentResource } from '@fluent/bundle';
import { repo } from './harness.mjs';

const bundles = new Map();
function bundle(lang) {
  if (!bundles.has(lang)) {
    const b = new FluentBundle(lang, { useIsolating: false });
    for (const part of ['pages', 'scripts']) {
      const folder = join(repo, 'locales', lang, part);
      for (const f of readdirSync(folder).filter((f) => f.endsWith('.ftl'))) b.addResource(new FluentResource(readFileSync(join(folder, f), 'utf8')));
    }
    bundles.set(lang, b);
  }
  return bundles.get(lang);
}

/**
 * Message `id` of `lang` as a pattern: its words as they stand, each placeable
 * not in `args` (a figure, a name) any text, the variant `args` choose (else its
 * default). Markup is dropped, as a page's text has none.
 */
export function messagePattern(lang, id, args = {}, { whole = false } = {}) {
  const b = bundle(lang);
  const message = b.getMessage(id);
  if (!message?.value) throw new Error(`${lang}: no message ${id}`);
  const text = b.formatPattern(message.value, args, []).replace(/<[^>]+>/g, '');
  const source = text.split(/\{\$?[\w-]+\}|\{\?\?\?\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?');
  return new RegExp(whole ? `^${source}$` : source, 's');
}
