/**
 * A URL as written in a document read as the address it stands for: an HTML attribute's character references and a
 * Markdown destination's escapes decoded, with every character reference of HTML5 from `entities`.
 */
import { decodeHTMLAttribute, decodeHTMLStrict } from 'entities/decode';

/**
 * Decodes the character references an attribute value may hold, as HTML does (every named reference of
 * HTML5, `&#38;`, `&#x26;`; the legacy names without `;` where HTML reads them).
 */
export function decodeAttribute(value: string): string {
  if (!value.includes('&')) {
    return value; // no character reference: most addresses
  }
  if (onlyAmpersands(value)) {
    return value.replaceAll('&amp;', '&'); // the one reference of most HTML links: `?a=1&amp;b=2`
  }
  return decodeHTMLAttribute(value);
}

/** Whether every `&` of the value starts `&amp;`. */
function onlyAmpersands(value: string): boolean {
  for (let at = value.indexOf('&'); at >= 0; at = value.indexOf('&', at + 1)) {
    if (!value.startsWith('amp;', at + 1)) {
      return false;
    }
  }
  return true;
}

/** A backslash escape or a character reference, as CommonMark reads them in a destination (a reference ends with `;`). */
const DESTINATION_ESCAPE = /\\([!-/:-@[-`{-~])|&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g;

/** The address a Markdown link destination stands for: its backslash escapes and character references decoded. */
export function decodeDestination(value: string): string {
  // Most destinations hold neither: a reference ends with `;`, so `?a=1&b=2` needs no decoding either.
  if (!value.includes('\\') && (!value.includes('&') || !value.includes(';'))) {
    return value;
  }
  return value.replace(DESTINATION_ESCAPE, (whole, escaped?: string) => escaped ?? decodeHTMLStrict(whole));
}
