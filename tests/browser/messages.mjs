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
    for (const part of ['pages', 'scripts', 'core']) {
      const folder = join(repo, 'locales', lang, part);
      for (const f of readdirSync(folder).filter((f) => f.endsWith('.ftl'))) b.addResource(new FluentResource(readFileSync(join(folder, f), 'utf8')));
    }
    bundles.set(lang, b);
  }
  return bundles.get(lang);
}

// Stands for a figure given as a pattern while a message is formatted (a
// private-use character: no message or name holds it).
const MARK = '\u{F8FF}';

/** Message `id` (its attribute `attr`) of `lang` formatted with `args`, markup dropped. */
function format(lang, id, args, attr, errors) {
  const b = bundle(lang);
  const message = b.getMessage(id);
  const pattern = attr ? message?.attributes[attr] : message?.value;
  if (!pattern) throw new Error(`${lang}: no message ${id}${attr ? `.${attr}` : ''}`);
  return b.formatPattern(pattern, args, errors).replace(/<[^>]+>/g, '');
}

/**
 * Message `id` of `lang` (its attribute `attr`, an `.aria-label`) as the page
 * shows it: every placeable given in `args`, the variant they choose, markup
 * dropped. A placeable left out is an error, said loudly.
 */
export function message(lang, id, args = {}, { attr } = {}) {
  const errors = [];
  const text = format(lang, id, args, attr, errors);
  if (errors.length) throw new Error(`${lang}: message ${id}: ${errors.map(String).join('; ')}`);
  return text;
}

/**
 * Message `id` of `lang` as a pattern: its words as they stand, each placeable
 * not in `args` (a figure, a name) any text, one given as a RegExp that pattern
 * (a figure the test knows only the shape of: `/[\d.]+/`), one given as an array
 * any of its values (a selector's variants: `{ clock: ['gpu', 'wall'] }`), the
 * variant `args` choose (else its default); `whole`, the text and nothing else.
 * Markup is dropped, as a page's text has none. Its `source` needs no flags, so
 * that it goes inside a test's own pattern (`pattern`) or to a page's function
 * as it is.
 */
export function messagePattern(lang, id, args = {}, { whole = false, attr } = {}) {
  // Each choice of the arrays' values, a pattern of its own; any of them matches.
  let choices = [{}];
  for (const [name, values] of Object.entries(args).filter(([, v]) => Array.isArray(v))) {
    choices = choices.flatMap((chosen) => values.map((value) => ({ ...chosen, [name]: value })));
  }
  const sources = choices.map((chosen) => patternSource(lang, id, { ...args, ...chosen }, attr));
  const source = sources.length === 1 ? sources[0] : `(?:${sources.join('|')})`;
  return new RegExp(whole ? `^${source}$` : source, 's');
}

/** One choice of messagePattern's: its text escaped, each placeable any text or the pattern given. */
function patternSource(lang, id, args, attr) {
  const figures = [];
  const marked = Object.fromEntries(Object.entries(args)
    .map(([name, value]) => [name, value instanceof RegExp ? `${MARK}${figures.push(value.source) - 1}${MARK}` : value]));
  const text = format(lang, id, marked, attr, []);
  return text.split(/\{\$?[\w-]+\}|\{\?\?\?\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^]+?')
    .replace(new RegExp(`${MARK}(\\d+)${MARK}`, 'g'), (_, i) => `(?:${figures[i]})`);
}

/**
 * A test's own pattern with messages' patterns in it, written as a regex literal
 * is (pattern`^${messagePattern(...)} \(`): each RegExp put in by its source,
 * anything else as it stands (a figure the test computes).
 */
export const pattern = (strings, ...values) =>
  new RegExp(String.raw({ raw: strings.raw }, ...values.map((v) => (v instanceof RegExp ? v.source : v))));
