/** The top-level values of a document's front matter (YAML `---` or TOML `+++`), for the SubID's `${frontMatter:KEY}`. */

/** Front matter longer than this many lines is not read further: its keys come first in practice. */
const MAX_LINES = 400;
const KEY = /^([A-Za-z0-9_-]+)[ \t]*(:|=)[ \t]*(.*)$/;

/**
 * The front matter's top-level scalar values by key, from the first line of the text (a BOM
 * allowed) to the closing `---`/`...` (YAML) or `+++` (TOML); empty without front matter, or
 * when it never closes. Values are unquoted (`'...'`, `"..."`) and lose a trailing ` # comment`;
 * lists, maps, block scalars and nested keys are not values (`tags: [a, b]`, `params:`). In
 * YAML a key takes `:`, in TOML `=`; a key given twice keeps its first value. Pure, and reads
 * only the front matter, so the shell may call it on every read of a SubID.
 */
export function frontMatterOf(text: string): ReadonlyMap<string, string> {
  const values = new Map<string, string>();
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstEnd = body.indexOf('\n');
  const first = (firstEnd < 0 ? body : body.slice(0, firstEnd)).trimEnd();
  const toml = first === '+++';
  if (!toml && first !== '---') {
    return values;
  }
  const found: Array<[string, string]> = [];
  let start = firstEnd + 1;
  for (let line = 0; firstEnd >= 0 && line < MAX_LINES && start <= body.length; line++) {
    const end = body.indexOf('\n', start);
    const raw = (end < 0 ? body.slice(start) : body.slice(start, end)).replace(/\r$/, '');
    const closing = raw.trimEnd();
    if (toml ? closing === '+++' : closing === '---' || closing === '...') {
      for (const [key, value] of found) {
        if (!values.has(key)) {
          values.set(key, value);
        }
      }
      return values;
    }
    const match = KEY.exec(raw);
    if (match !== null && match[2] === (toml ? '=' : ':')) {
      const value = scalar(match[3]);
      if (value !== undefined) {
        found.push([match[1], value]);
      }
    }
    if (end < 0) {
      break;
    }
    start = end + 1;
  }
  return values;
}

/** A scalar value as written after the key, or undefined for anything else (empty, list, map, block, alias). */
function scalar(written: string): string | undefined {
  const text = written.trim();
  const quote = text[0];
  if (quote === '"' || quote === "'") {
    const close = text.indexOf(quote, 1);
    return close > 1 ? text.slice(1, close) : undefined;
  }
  const value = text.replace(/[ \t]+#.*$/, '').trim();
  return value === '' || /^[[{|>&*!#]/.test(value) ? undefined : value;
}
