// The page's language and its scripts' messages: every sentence a script writes is
// `t(id, args)` from locales/<lang>/scripts/*.ftl (make dist joins them into
// locales/<lang>.ftl). The language is the page's own, <html lang>, set by the build
// for each language's copy of the page; a worker is told it by its page.
// (make dist bundles this with @fluent/bundle, as the editor is bundled.)
import { catalogue } from './catalogue.js';

export const lang = globalThis.document?.documentElement.lang || new URLSearchParams(globalThis.location?.search).get('lang') || 'en';

const url = new URL(`../locales/${lang}.ftl`, import.meta.url);
const answer = await fetch(url);
if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
const messages = catalogue(lang, [await answer.text()]);

/** Message `id`'s text with `args`, in the page's language. */
export const t = messages.t;
/** Message `id`'s attribute `name`, in the page's language. */
export const tAttr = messages.attr;
/** A number as this language writes it. */
export const number = messages.number;
