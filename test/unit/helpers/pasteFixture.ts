/** A small catalog and a way to paste into a text, for the paste, drop and completion tests. */
import type { Merchant } from '../../../src/api/types';
import { MerchantDomainIndex } from '../../../src/links/domainIndex';
import type { CatalogMerchant } from '../../../src/merchant/merchantFields';
import { merchantKeyOfId, type MerchantKey } from '../../../src/merchant/merchantKey';
import { placeInText } from '../../../src/writing/pasteContext';
import { planPaste, type PastePlan } from '../../../src/writing/pasteEdits';
import { blankMerchant } from './merchants';

function merchant(id: number, fields: Partial<Merchant>): [MerchantKey, CatalogMerchant] {
  return [merchantKeyOfId(id), blankMerchant({ merchantId: id, ...fields })];
}

/** Shoe Shop (deeplinks), Old Books (inactive), No Deeplinks, Twin A and Twin B (one domain), Clicks (CPC). */
export const PASTE_CATALOG = new Map<MerchantKey, CatalogMerchant>([
  merchant(1, {
    name: 'Shoe Shop',
    defaultDomain: 'shoes.example',
    domains: ['shoes.example'],
    deeplinkAllowed: true,
    trackingLink: 'https://go.track.example/shoe?aff=1',
  }),
  merchant(2, {
    name: 'Old Books',
    defaultDomain: 'books.example',
    domains: ['books.example'],
    isActive: false,
    deeplinkAllowed: true,
    trackingLink: 'https://go.track.example/books',
  }),
  merchant(3, {
    name: 'No Deeplinks',
    defaultDomain: 'nodeep.example',
    domains: ['nodeep.example'],
    trackingLink: 'https://go.track.example/nodeep',
  }),
  merchant(4, {
    name: 'Twin A',
    defaultDomain: 'twins.example',
    domains: ['twins.example'],
    deeplinkAllowed: true,
    trackingLink: 'https://go.track.example/a',
  }),
  merchant(5, {
    name: 'Twin B',
    defaultDomain: 'twins.example',
    domains: ['twins.example'],
    deeplinkAllowed: true,
    trackingLink: 'https://go.track.example/b',
  }),
  merchant(6, {
    name: 'Clicks & Co',
    defaultDomain: 'clicks.example',
    domains: ['clicks.example'],
    paymentModels: ['CPC'],
    trackingLink: 'https://go.track.example/clicks',
  }),
]);

export const PASTE_INDEX = new MerchantDomainIndex(PASTE_CATALOG);

export const PASTE_OPTIONS = { urlParameter: 'url', subIdParameter: 's', subId: 'best-shoes' };

/**
 * Pastes `pasted` into `marked`, whose `«…»` marks the selection (or `|` the cursor), and returns the
 * plan and the document its first offer makes (undefined without one).
 */
export function pasteInto(
  marked: string,
  pasted: string,
  options: { languageId?: string; html?: string; rel?: string; subId?: string } = {},
): { plan: PastePlan; result: string | undefined; text: string } {
  const languageId = options.languageId ?? 'markdown';
  const cursor = marked.indexOf('|');
  const open = marked.indexOf('«');
  const [start, end, text] =
    open >= 0
      ? [open, marked.indexOf('»') - 1, marked.replace('«', '').replace('»', '')]
      : [cursor, cursor, marked.slice(0, cursor) + marked.slice(cursor + 1)];
  const plan = planPaste({
    pasted,
    html: options.html,
    languageId,
    ranges: [{ start, end, place: placeInText(text, languageId, start), selected: text.slice(start, end) }],
    index: PASTE_INDEX,
    deeplink: { ...PASTE_OPTIONS, subId: options.subId ?? PASTE_OPTIONS.subId },
    rel: options.rel ?? 'sponsored',
  });
  const edit = plan.offers[0]?.edits[0];
  return { plan, text, result: edit && text.slice(0, edit.start) + edit.text + text.slice(edit.end) };
}

/** The deeplink of Shoe Shop to `target` with the SubID `best-shoes`, as the URL API writes it. */
export function shoeDeeplink(target: string, subId = 'best-shoes'): string {
  const url = new URL('https://go.track.example/shoe?aff=1');
  url.searchParams.set('url', new URL(target).href);
  if (subId !== '') {
    url.searchParams.set('s', subId);
  }
  return url.href;
}
