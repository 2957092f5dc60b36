// One language's messages (Project Fluent), for the page's scripts (l10n.js) and
// for the build that writes each language's pages (scripts/localize.mjs) alike.
import { FluentBundle, FluentNumber, FluentResource } from '@fluent/bundle';

/** `n` as an ordinal for a message's selector ("every 2nd frame": `one`, `two`, `few`, `other` in English). */
export const ordinal = (n) => new FluentNumber(n, { type: 'ordinal' });

/**
 * The messages of `texts` (a language's .ftl files) in `lang`. A message missing or
 * malformed is an error: `make lint` holds every language to the source's ids, so
 * one missing here is a bug, said loudly, never an English word slipped in.
 */
export function catalogue(lang, texts) {
  // No Unicode isolation marks around placeables: no language here writes right to left.
  const bundle = new FluentBundle(lang, { useIsolating: false });
  for (const text of texts) {
    const errors = bundle.addResource(new FluentResource(text));
    if (errors.length) throw new Error(`${lang}: ${errors.map(String).join('; ')}`);
  }
  const format = (pattern, id, args) => {
    const errors = [];
    const text = bundle.formatPattern(pattern, args, errors);
    if (errors.length) throw new Error(`${lang}: message ${id}: ${errors.map(String).join('; ')}`);
    return text;
  };
  const message = (id) => {
    const found = bundle.getMessage(id);
    if (!found) throw new Error(`${lang}: no message ${id}`);
    return found;
  };
  return {
    lang,
    has: (id) => bundle.hasMessage(id),
    /** Message `id`'s text with `args`. */
    t: (id, args) => format(message(id).value, id, args),
    /** Message `id`'s attribute `name` (`.aria-label`, `.content`...) with `args`. */
    attr: (id, name, args) => {
      const pattern = message(id).attributes[name];
      if (pattern === undefined) throw new Error(`${lang}: message ${id} has no .${name}`);
      return format(pattern, `${id}.${name}`, args);
    },
    /** Message `id`'s attributes' names. */
    attrs: (id) => Object.keys(message(id).attributes),
    /** Whether message `id` has a value (else only attributes). */
    valued: (id) => message(id).value !== null,
    /** A number in this language's way (Intl), for text built outside a message. */
    number: (n, options) => new Intl.NumberFormat(lang, options).format(n),
  };
}
