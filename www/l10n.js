// The page's language and its scripts' messages: every sentence a script writes is
// `t(id, args)` from locales/<lang>/scripts/*.ftl (make dist joins them into
// locales/<lang>.ftl). The language is the page's own, <html lang>, set by the build
// for each language's copy of the page.
// (make dist bundles this with @fluent/bundle, as the editor is bundled.)
import { catalogue } from './catalogue.js';

export { ordinal } from './catalogue.js';

// The decoder worker imports input.js, and so this, but words nothing itself (its
// errors go to the page as ids): there, no catalogue is fetched, and nothing
// awaited that would keep it from taking the page's first message.
const page = globalThis.document;
export const lang = page?.documentElement.lang || 'en';

const messages = page ? catalogue(lang, [await fetchText(new URL(`../locales/${lang}.ftl`, import.meta.url))]) : null;

async function fetchText(url) {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return answer.text();
}

// The build writes each page's other versions as relative links (the site may live
// at any path of any host); search engines want them whole.
for (const link of page?.querySelectorAll('link[rel="alternate"][hreflang]') ?? []) link.setAttribute('href', link.href);

/** Message `id`'s text with `args`, in the page's language. */
export const t = (id, args) => messages.t(id, args);
/** Message `id`'s attribute `name`, in the page's language. */
export const tAttr = (id, name, args) => messages.attr(id, name, args);
/**
 * What the core says (src/words.rs: a picture's notes), a message of
 * locales/<lang>/core/ and its arguments, `["id", {args}]` or its JSON, in the
 * page's language.
 */
export function said(words) {
  const [id, args] = typeof words === 'string' ? JSON.parse(words) : words;
  // A message as an argument (why a file is damaged) is worded first.
  return t(id, Object.fromEntries(Object.entries(args).map(([name, value]) => [name, Array.isArray(value) ? said(value) : value])));
}
/** A note the page makes, as the core's notes travel with a picture. */
export const saying = (id, args = {}) => JSON.stringify([id, args]);
/**
 * The pass that counts a video's frames (`Live.counter`: a method's name, or
 * "frame" where the frame pass counts as it converts), in the page's language.
 */
export const counterName = (counter) => (counter === 'frame' ? t('pass-name-frame-pass') : t('pass-name-kernel', { method: counter }));
/** How a video's frames are drawn (`VideoView.drawing`: "compose" or "render"). */
export const drawingName = (drawing) => t(`pass-name-${drawing}-pass`);
/** A number as this language writes it. */
export const number = (n, options) => messages.number(n, options);

/**
 * Words made outside the catalogues (the browser's name for its adapter), marked
 * as the language they are in, for a reader's screen reader and for the tests of a
 * page's language.
 */
export function untranslated(text) {
  const span = document.createElement('span');
  span.lang = 'en';
  span.textContent = text;
  return span;
}

/**
 * Message `id` as nodes, the words it marks `<tag>…</tag>` (a link, a button) made
 * an element by `make(words)`: a translator keeps them in their sentence. The
 * first mark counts (a figure after it may hold the same characters).
 */
export function tMarked(id, args, tag, make) {
  const text = t(id, args);
  const start = text.indexOf(`<${tag}>`);
  const end = text.indexOf(`</${tag}>`, start);
  if (start < 0 || end < 0) throw new Error(`${lang}: message ${id} marks no <${tag}>`);
  return [text.slice(0, start), make(text.slice(start + tag.length + 2, end)), text.slice(end + tag.length + 3)].filter((part) => part !== '');
}

// Stands for an element in a message's text while it is formatted (a private-use
// character: no message or name holds it).
const MARK = '\u{F8FF}';

/**
 * Message `id` as nodes to append: each of `args` that is an element stands where
 * its placeable is (a translation may move it), the others are text.
 */
export function tNodes(id, args) {
  const nodes = [];
  const marked = Object.fromEntries(Object.entries(args)
    .map(([name, value]) => [name, value instanceof Node ? `${MARK}${nodes.push(value) - 1}${MARK}` : value]));
  return t(id, marked).split(MARK).map((part, i) => (i % 2 ? nodes[Number(part)] : part)).filter((part) => part !== '');
}
