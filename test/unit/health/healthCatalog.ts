/** A small catalog for the link health tests, and helpers to check a document with it. */
import type { Merchant } from '../../../src/api/types';
import { MerchantDomainIndex } from '../../../src/links/domainIndex';
import { asMerchantKey, type MerchantKey } from '../../../src/merchant/merchantKey';
import type { CatalogMerchant } from '../../../src/merchant/merchantFields';
import { documentLinks } from '../../../src/health/documentLinks';
import { DEFAULT_HEALTH_OPTIONS, LinkHealthRules, type HealthOptions } from '../../../src/health/healthRules';
import { blankMerchant } from '../helpers/merchants';

const TRK = 'https://trk.example.net/click';

/** Merchants by key: one of each situation the rules tell apart. */
export const MERCHANTS: Record<string, Partial<Merchant>> = {
  shop: {
    name: 'Shop',
    defaultDomain: 'shop.example.com',
    deeplinkAllowed: true,
    averageCommission: 8,
    trackingLink: `${TRK}/shop?pid=1`,
  },
  old: {
    name: 'Old',
    defaultDomain: 'old.example.org',
    isActive: false,
    deeplinkAllowed: true,
    updatedAt: '2026-03-01T10:00:00Z',
    trackingLink: `${TRK}/old`,
  },
  heir: {
    name: 'Heir',
    domains: ['old.example.org'],
    deeplinkAllowed: true,
    averageCommission: 5,
    trackingLink: `${TRK}/heir`,
  },
  gone: { name: 'Gone', defaultDomain: 'gone.example.org', isActive: false, trackingLink: `${TRK}/gone-for-good` },
  nodeep: { name: 'NoDeep', defaultDomain: 'nodeep.example.com', trackingLink: `${TRK}/nodeep` },
  cheap: {
    name: 'Cheap',
    defaultDomain: 'cheap.example.com',
    deeplinkAllowed: true,
    averageCommission: 1,
    trackingLink: `${TRK}/cheap`,
  },
  twinA: { name: 'Twin A', defaultDomain: 'twins.example.com', deeplinkAllowed: true, trackingLink: `${TRK}/twin-a` },
  twinB: { name: 'Twin B', defaultDomain: 'twins.example.com', deeplinkAllowed: true, trackingLink: `${TRK}/twin-b` },
  solo: { name: 'Solo', defaultDomain: 'solo.example.com', isActive: false, trackingLink: `${TRK}/solo` },
};

export function catalogIndex(merchants: Record<string, Partial<Merchant>> = MERCHANTS): MerchantDomainIndex {
  return new MerchantDomainIndex(
    new Map(
      Object.entries(merchants).map(([key, m]): [MerchantKey, CatalogMerchant] => [
        asMerchantKey(key),
        blankMerchant(m),
      ]),
    ),
  );
}

export const SUBID = 'my-article';

/** A deeplink of a merchant of MERCHANTS to `target`, as the link builders write it. */
export function deeplink(key: string, target: string, subId: string | null = SUBID): string {
  const url = new URL(MERCHANTS[key].trackingLink!);
  url.searchParams.set('url', new URL(target).href);
  if (subId !== null) {
    url.searchParams.set('s', subId);
  }
  return url.href;
}

export function rules(options: Partial<HealthOptions> = {}, inactiveSince?: string): LinkHealthRules {
  return new LinkHealthRules(
    { index: catalogIndex(), inactiveSince: inactiveSince === undefined ? undefined : () => inactiveSince },
    { ...DEFAULT_HEALTH_OPTIONS, disclosurePatterns: [], ...options },
  );
}

/** The findings of a text as `code url` lines. */
export function findings(text: string, languageId = 'markdown', options: Partial<HealthOptions> = {}, subId = SUBID) {
  const doc = documentLinks(text, languageId);
  return rules(options)
    .check(doc, subId)
    .map((f) => `${f.code} ${text.slice(f.start, f.end)}`);
}
