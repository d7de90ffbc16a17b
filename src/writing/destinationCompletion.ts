/**
 * Completion in a link's destination: inside Markdown's `](` … `)` (or a definition's `]: `) and an HTML
 * `href="…"`, the merchants whose names or domains match what is typed, each with the tracking link the
 * article should carry. From the catalog's search index alone: no request.
 */
import type { SearchHit } from '../catalog/search/merchantSearch';
import type { HealthLanguage } from '../health/healthCodes';
import { articleTrackingLink } from '../links/articleLink';
import type { DeeplinkOptions } from '../links/deeplink';
import type { MerchantRef } from '../merchant/merchantFields';
import { destinationText, type DestinationSyntax } from './pasteContext';

/** What is typed in a destination so far, and where (a column of the line) it starts. */
export interface DestinationTyping {
  syntax: DestinationSyntax;
  start: number;
  typed: string;
}

export interface DestinationChoice {
  ref: MerchantRef;
  /** The tracking link, and the text that stands for it in the destination (escaped there). */
  link: string;
  text: string;
}

/** The choices, best first; `refused` is a link builder's message when a merchant's link could not be made. */
export interface DestinationChoices {
  choices: DestinationChoice[];
  refused?: string;
}

/** `](`, blanks, an optional `<`, then what is typed (no blank, parenthesis or angle bracket yet). */
const MARKDOWN_TYPED = /(?:\]\([ \t]*(<?)|^[ \t>]*\[(?!\^)(?:[^[\]\\]|\\.)+\]:[ \t]*(<?))([^\s()<>]*)$/;
/** `href=`, an optional quote, then what is typed (no quote, blank or `>` yet). */
const HREF_TYPED = /(?:^|[\s"'])href[ \t]*=[ \t]*["']?([^"'\s<>`=]*)$/i;

/** The destination the cursor is typing in, from the line's text before the cursor; undefined outside one. */
export function destinationTyping(before: string, language: HealthLanguage): DestinationTyping | undefined {
  const href = HREF_TYPED.exec(before);
  if (href !== null) {
    return { syntax: 'href', start: before.length - href[1]!.length, typed: href[1]! };
  }
  if (language === 'html') {
    return undefined;
  }
  const markdown = MARKDOWN_TYPED.exec(before);
  if (markdown === null) {
    return undefined;
  }
  const typed = markdown[3]!;
  return {
    syntax: (markdown[1] ?? markdown[2]) === '<' ? 'angle' : 'markdown',
    start: before.length - typed.length,
    typed,
  };
}

/** What is searched for: the typed text without a scheme, `www.` or path (`https://www.shop.com/x` → `shop.com`). */
export function destinationQuery(typed: string): string {
  return typed
    .replace(/^[a-z][a-z0-9+.-]*:\/*/i, '')
    .replace(/^www\./i, '')
    .replace(/[/?#].*$/, '');
}

/** How many merchants the search is asked for: enough that `limit` active ones remain among them. */
const SEARCHED = 1_000;

/**
 * The active merchants matching what is typed, in the order of Find Merchant's search, at most `limit`,
 * each with its tracking link (`model=CPC` with `cpc`, where the merchant takes CPC traffic) and the
 * article's SubID. Inactive merchants are never offered.
 */
export function destinationChoices(
  search: { search(query: string, limit?: number): SearchHit[] },
  typing: DestinationTyping,
  options: { deeplink: Pick<DeeplinkOptions, 'subIdParameter' | 'subId'>; cpc: boolean },
  limit = 50,
): DestinationChoices {
  const result: DestinationChoices = { choices: [] };
  for (const hit of search.search(destinationQuery(typing.typed), SEARCHED)) {
    if (!hit.merchant.isActive) {
      continue;
    }
    const built = articleTrackingLink(hit.merchant, options.deeplink, options.cpc);
    if (!built.ok) {
      result.refused ??= built.message;
      continue;
    }
    result.choices.push({
      ref: { key: hit.key, merchant: hit.merchant },
      link: built.link,
      text: destinationText(typing.syntax, built.link),
    });
    if (result.choices.length === limit) {
      break;
    }
  }
  return result;
}
