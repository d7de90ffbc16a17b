/**
 * Reading a found URL as the address it stands for, and writing a new link in its place so the document stays valid.
 */
import { escapeHtml } from './linkMarkup';
import type { FoundUrl } from './urlFinder';

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** Decodes the character references an attribute value may hold (`&amp;`, `&#38;`, `&#x26;`). */
export function decodeAttribute(value: string): string {
  if (!value.includes('&') || !value.includes(';')) {
    return value; // no character reference (each ends with `;`): most addresses, query strings included
  }
  if (onlyAmpersands(value)) {
    return value.replaceAll('&amp;', '&'); // the one reference of most HTML links: `?a=1&amp;b=2`
  }
  return value.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g,
    (whole, dec?: string, hex?: string, name?: string) => {
      if (name !== undefined) {
        return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
      }
      const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
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

/** The address a found URL stands for. */
export function targetOf(found: FoundUrl): string {
  return found.context === 'href' ? decodeAttribute(found.url) : found.url;
}

/** The text that replaces a found URL with `link`: escaped inside an HTML attribute, else as the URL API wrote it. */
export function replacementFor(found: FoundUrl, link: string): string {
  return found.context === 'href' ? escapeHtml(link) : link;
}
