/**
 * Reading a found URL as the address it stands for, and writing a new link in its place so the document stays valid.
 */
import { escapeHtml } from './linkMarkup';
import { decodeAttribute, decodeDestination } from './urlDecoding';
import type { FoundUrl } from './urlFinder';

/** The address a found URL stands for: an attribute's and a Markdown destination's decoded, an autolink and a bare URL as written. */
export function targetOf(found: FoundUrl): string {
  return found.context === 'href'
    ? decodeAttribute(found.url)
    : found.context === 'markdown-link'
      ? decodeDestination(found.url)
      : found.url;
}

/** The text that replaces a found URL with `link`: escaped inside an HTML attribute, else as the URL API wrote it. */
export function replacementFor(found: FoundUrl, link: string): string {
  return found.context === 'href' ? escapeHtml(link) : link;
}
