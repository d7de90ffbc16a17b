/**
 * What a paste (or a drop) of addresses may write instead of the plain text: one merchant's page as its
 * affiliate link, or a paragraph with its merchant links monetized. Decided without an editor, from the
 * catalog's domain index alone: no request.
 */
import * as l10n from '@vscode/l10n';
import { documentLinks } from '../health/documentLinks';
import type { LinkKind } from '../health/lineScan';
import { articleTrackingLink } from '../links/articleLink';
import { deeplinkOf, type DeeplinkOptions } from '../links/deeplink';
import type { MerchantDomainIndex } from '../links/domainIndex';
import { linkMarkup } from '../links/linkMarkup';
import type { LinkResult } from '../links/linkResult';
import { planMonetize } from '../links/monetizePlan';
import { httpUrlOf } from '../links/trackingLink';
import type { MerchantRef } from '../merchant/merchantFields';
import { clipboardTitle } from './clipboardTitle';
import { destinationText, markupOf, type PlaceKind } from './pasteContext';

/** One range the text is pasted into, with what its place is and the text selected there. */
export interface PasteRange {
  start: number;
  end: number;
  place: PlaceKind;
  selected: string;
}

export interface PasteInput {
  /** The pasted text (`text/plain`); a drop's addresses joined by line breaks. */
  pasted: string;
  /** The clipboard's `text/html`, read for a title. */
  html?: string;
  languageId: string;
  ranges: readonly PasteRange[];
  index: Pick<MerchantDomainIndex, 'match'>;
  deeplink: DeeplinkOptions;
  /** `affiliateLinks.html.rel`. */
  rel: string;
}

/** A text edit, as offsets into the document before the paste. */
export interface PasteTextEdit {
  start: number;
  end: number;
  text: string;
}

export type PasteOffer =
  | { kind: 'deeplink'; title: string; merchant: MerchantRef; homePage: boolean; link: string; edits: PasteTextEdit[] }
  | { kind: 'monetize'; title: string; monetized: number; found: number; edits: PasteTextEdit[] };

/** The offers, best first; with none, why (in English, for the log). */
export interface PastePlan {
  offers: PasteOffer[];
  reason?: string;
}

/** The kinds of link a paragraph's URLs are monetized in: not an image, not another attribute (`src`). */
const MONETIZED_KINDS: ReadonlySet<LinkKind> = new Set<LinkKind>([
  'inline',
  'definition',
  'autolink',
  'bare',
  'anchor',
  'text',
  'front-matter',
]);

/** The pasted text as one http(s) address (blanks around it allowed), or undefined. */
export function singleAddress(pasted: string): string | undefined {
  const trimmed = pasted.trim();
  return /\s/.test(trimmed) || httpUrlOf(trimmed) === undefined ? undefined : trimmed;
}

function isPlace(range: PasteRange, ...kinds: PlaceKind['kind'][]): boolean {
  return kinds.includes(range.place.kind);
}

/** What replaces a range for `link`: the address escaped for a destination, a link in the markup around text, else the address. */
function writtenLink(input: PasteInput, range: PasteRange, link: string, text: string): string {
  const place = range.place;
  if (place.kind === 'destination') {
    return destinationText(place.syntax, link);
  }
  const markup = markupOf(input.languageId);
  if (place.kind !== 'text' || markup === undefined) {
    return link;
  }
  if (markup === 'html') {
    return linkMarkup('html', link, text, { rel: input.rel });
  }
  return text.trim() === '' ? link : linkMarkup(input.languageId, link, text, { rel: input.rel });
}

/** The merchants an address's match offers links to: active ones only. */
function merchantsOf(match: ReturnType<MerchantDomainIndex['match']>): { refs: MerchantRef[]; reason?: string } {
  switch (match.kind) {
    case 'none':
      return { refs: [], reason: 'no merchant of the catalog has its domain' };
    case 'tracking':
      return { refs: [], reason: 'it is a tracking link already' };
    case 'merchant':
    case 'ambiguous': {
      const all = match.kind === 'merchant' ? [match.merchant] : match.candidates;
      const refs = all.filter((ref) => ref.merchant.isActive);
      return refs.length > 0 ? { refs } : { refs: [], reason: 'its merchant is not active' };
    }
  }
}

function deeplinkTitle(name: string, homePage: boolean): string {
  return homePage
    ? l10n.t({
        message: 'Insert as affiliate link to the home page ({0} allows no deeplinks)',
        args: [name],
        comment: ['{0} is the name of a merchant. Shown in the paste widget.'],
      })
    : l10n.t({
        message: 'Insert as affiliate link ({0})',
        args: [name],
        comment: ['{0} is the name of a merchant. Shown in the paste widget.'],
      });
}

/** One address: an offer per active merchant of its domain, the deeplink (or, without deeplinks, the tracking link). */
function addressOffers(input: PasteInput, address: string): PastePlan {
  const { refs, reason } = merchantsOf(input.index.match(address));
  if (refs.length === 0) {
    return { offers: [], reason };
  }
  const title = clipboardTitle(input.html, address);
  const offers: PasteOffer[] = [];
  let refused: string | undefined;
  for (const merchant of refs) {
    const homePage = !merchant.merchant.deeplinkAllowed;
    const built: LinkResult = homePage
      ? articleTrackingLink(merchant.merchant, input.deeplink)
      : deeplinkOf(merchant.merchant, address, input.deeplink);
    if (!built.ok) {
      refused = built.message;
      continue;
    }
    const edits = input.ranges.map((range) => {
      const text = range.selected.trim() === '' || singleAddress(range.selected) ? (title ?? '') : range.selected;
      const shown = input.languageId === 'html' && text === '' ? merchant.merchant.name : text;
      return { start: range.start, end: range.end, text: writtenLink(input, range, built.link, shown) };
    });
    offers.push({
      kind: 'deeplink',
      title: deeplinkTitle(merchant.merchant.name, homePage),
      merchant,
      homePage,
      link: built.link,
      edits,
    });
  }
  return offers.length > 0 ? { offers } : { offers, reason: refused };
}

/** Several addresses, or one among other text: the Monetize rules on the pasted text alone, code left alone. */
function paragraphOffer(input: PasteInput): PastePlan {
  if (!input.ranges.every((range) => isPlace(range, 'text'))) {
    return { offers: [], reason: 'a paragraph goes in text only' };
  }
  const links = documentLinks(input.pasted, input.languageId).links.filter((link) => MONETIZED_KINDS.has(link.kind));
  if (links.length === 0) {
    return { offers: [], reason: 'the pasted text holds no link outside code' };
  }
  const spans = links.map(({ start, end }) => ({ start, end }));
  const plan = planMonetize(input.pasted, input.index, { spans, deeplink: input.deeplink });
  if (plan.candidates.length === 0) {
    return { offers: [], reason: `none of its ${links.length} links can be monetized` };
  }
  let text = input.pasted;
  for (const candidate of [...plan.candidates].sort((a, b) => b.found.start - a.found.start)) {
    text = text.slice(0, candidate.found.start) + candidate.replacement + text.slice(candidate.found.end);
  }
  const title = l10n.t({
    message: 'Paste with affiliate links ({0} of {1} monetized)',
    args: [plan.candidates.length, links.length],
    comment: ['{0} is how many links of the pasted text became affiliate links; {1} how many links it holds.'],
  });
  return {
    offers: [
      {
        kind: 'monetize',
        title,
        monetized: plan.candidates.length,
        found: links.length,
        edits: input.ranges.map(({ start, end }) => ({ start, end, text })),
      },
    ],
  };
}

/**
 * The edits a paste may offer. One address on the domains of an active merchant: its deeplink (or its
 * tracking link when it takes no deeplinks) with the article's SubID, written for each range's place — a
 * destination takes the escaped address; Markdown text `[selected text](link)`, or `[title](link)` with the
 * clipboard's title, else the address alone; HTML text `<a href rel>text</a>`; plain text and front matter
 * the address. Several addresses (or one in other text): the Monetize rules on the pasted text. Nothing in
 * code or inside a tag (but for an `href` value), nothing for tracking links, inactive merchants or unknown hosts.
 * Every edit replaces exactly one pasted range.
 */
export function planPaste(input: PasteInput): PastePlan {
  if (input.ranges.length === 0) {
    return { offers: [], reason: 'nothing to paste into' };
  }
  if (input.ranges.some((range) => isPlace(range, 'code'))) {
    return { offers: [], reason: 'the paste is in code' };
  }
  if (input.ranges.some((range) => isPlace(range, 'tag'))) {
    return { offers: [], reason: 'the paste is inside a tag' };
  }
  if (!/https?:\/\//i.test(input.pasted)) {
    return { offers: [], reason: 'the pasted text holds no address' };
  }
  const address = singleAddress(input.pasted);
  return address === undefined ? paragraphOffer(input) : addressOffers(input, address);
}
