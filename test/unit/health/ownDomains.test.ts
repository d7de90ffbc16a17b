/**
 * `LinkVerdicts.onMerchantDomains`: whether an address is on a merchant's own domains, worked out without a domain
 * index per merchant, must be what such an index (the merchant's domains alone) matches, for every case of the index.
 */
import assert from 'node:assert/strict';
import { DEFAULT_DEEPLINK_OPTIONS } from '../../../src/links/deeplink';
import { MerchantDomainIndex } from '../../../src/links/domainIndex';
import { LinkVerdicts } from '../../../src/health/linkVerdict';
import { asMerchantKey } from '../../../src/merchant/merchantKey';
import type { MerchantRef } from '../../../src/merchant/merchantFields';
import { ADDRESSES, CASES } from '../helpers/domainCases';
import { blankMerchant } from '../helpers/merchants';

const MORE = [
  'https://WWW.Shop.Example.com./x',
  'https://a.b.wide.example/',
  'https://example.co.uk/',
  'http://[::1]/',
];

describe('LinkVerdicts.onMerchantDomains', () => {
  it('matches as a domain index of the merchant’s domains alone, for every case', () => {
    const verdicts = new LinkVerdicts(new MerchantDomainIndex(new Map()), DEFAULT_DEEPLINK_OPTIONS, undefined);
    let owned = 0;
    CASES.forEach((fields, i) => {
      const ref: MerchantRef = { key: asMerchantKey(`id:${i}`), merchant: blankMerchant(fields) };
      const alone = new MerchantDomainIndex(new Map([[ref.key, { ...ref.merchant, trackingLink: null }]]));
      for (const address of [...ADDRESSES, ...MORE]) {
        const expected = alone.match(address).kind === 'merchant';
        assert.equal(verdicts.onMerchantDomains(ref, address), expected, `${fields.name} ${address}`);
        owned += expected ? 1 : 0;
      }
    });
    assert.ok(owned >= 12, `only ${owned} addresses on their merchant's domains: the cases meet too little`);
  });
});
