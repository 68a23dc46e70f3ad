// Cardsmith's message files as a test reads them: the English sentences (and pieces of
// sentences) a page in another language must not show, and every message key (a page
// showing a key lost a translation).
import fs from 'node:fs';
import path from 'node:path';

const LOCALES = path.join(__dirname, '..', '..', 'i18n', 'locales');

/** Every `.ftl` file of `locale`, as one text. */
function source(locale: string): string {
  const dir = path.join(LOCALES, locale);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ftl'))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

/** Each message of a file's text: key → its value (continuation lines joined). */
function messages(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let key: string | null = null;
  for (const line of text.split('\n')) {
    const start = /^([a-z][a-z0-9-]*) =(.*)$/.exec(line);
    if (start) {
      key = start[1];
      out.set(key, start[2]);
    } else if (key && /^\s/.test(line) && line.trim() !== '') {
      out.set(key, `${out.get(key)}\n${line}`);
    } else if (!line.startsWith(' ')) {
      key = null;
    }
  }
  return out;
}

/** The literal pieces of a message: its words between placeables and variant keys. */
function pieces(value: string): string[] {
  let text = value;
  // innermost placeables first ({ $name }, { term }), then select expressions
  for (let i = 0; i < 4; i++) text = text.replace(/\{[^{}]*\}/g, (m) => (m.includes('->') ? m : '\u0000'));
  text = text.replace(/\{\s*\$\w+\s*->/g, '\u0000').replace(/\*?\[[\w-]+\]/g, '\u0000').replace(/[{}]/g, '\u0000');
  return text
    .split(/[\u0000\n]/)
    .map((p) => p.trim().replace(/^[\s.,:;·–—()“”„«»"'!?…]+|[\s.,:;·–—()“”„«»"'!?…]+$/g, ''))
    .filter((p) => p.length >= 8 && p.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length >= 2);
}

export type Strings = { english: string[]; keys: Set<string> };

/** What a page in `locale` must not show: English pieces its own messages do not also use
 * word for word, and every key. */
export function stringsFor(locale: string): Strings {
  const english = messages(source('en'));
  const theirs = source(locale);
  const shown = new Set<string>();
  for (const value of english.values()) {
    for (const piece of pieces(value)) {
      if (!theirs.includes(piece)) shown.add(piece);
    }
  }
  return { english: [...shown].sort((a, b) => b.length - a.length), keys: new Set(english.keys()) };
}

/** The English pieces and the keys in `text`. */
export function leftovers(text: string, strings: Strings): string[] {
  const found = strings.english.filter((piece) => text.includes(piece));
  for (const token of text.match(/\b[a-z]+(?:-[a-z0-9]+)+\b/g) ?? []) {
    if (strings.keys.has(token)) found.push(`key ${token}`);
  }
  return found;
}
