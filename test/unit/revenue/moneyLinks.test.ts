/**
 * Which findings carry money and whose pair they read (src/health/moneyLinks.ts), per the money rule of issue 33:
 * the four codes of a link that stops earning, the article's SubID (a SubID mismatch: the one the link carries).
 */
import assert from 'node:assert/strict';
import { HEALTH_CODES, type HealthCode } from '../../../src/health/healthCodes';
import type { HealthFinding } from '../../../src/health/healthRules';
import type { LinkVerdict } from '../../../src/health/linkVerdict';
import { isMoneyCode, MONEY_CODES, moneyLinkOf } from '../../../src/health/moneyLinks';
import { merchantKey } from '../../../src/merchant/merchantKey';
import type { MerchantRef } from '../../../src/merchant/merchantFields';
import { blankMerchant } from '../helpers/merchants';

function ref(merchantId: number | null): MerchantRef {
  const merchant = blankMerchant({ merchantId, name: 'Shop', defaultDomain: 'shop.example.com' });
  return { key: merchantKey(merchant), merchant };
}
const finding = (code: HealthCode): HealthFinding => ({ code, start: 0, end: 10, message: 'm', link: 0, data: {} });
const tracking = (owner: MerchantRef | undefined, subIds: string[] = []): LinkVerdict => ({
  kind: 'tracking',
  ignored: false,
  owner,
  problem: undefined,
  deeplinkTarget: 'https://shop.example.com/x',
  subIds,
});

describe('revenue at risk: which findings have money', () => {
  it('names the four codes of a link whose clicks stop earning, in the rules’ order', () => {
    assert.deepEqual(MONEY_CODES, [
      'inactive-merchant',
      'deeplinks-not-allowed',
      'target-off-merchant',
      'subid-mismatch',
    ]);
    assert.deepEqual(
      HEALTH_CODES.filter(isMoneyCode),
      [...MONEY_CODES],
      'in the order HEALTH_CODES lists them (the Problems panel’s)',
    );
  });

  it('reads the article’s SubID for a dead link, else the first non-empty one the link carries', () => {
    const shop = ref(10);
    for (const code of ['inactive-merchant', 'deeplinks-not-allowed', 'target-off-merchant'] as const) {
      assert.deepEqual(moneyLinkOf(finding(code), tracking(shop, ['other']), ' my-article '), {
        code,
        merchantKey: shop.key,
        merchantId: '10',
        subId: 'my-article',
      });
      assert.equal(moneyLinkOf(finding(code), tracking(shop, ['', '  ', 'carried', 'x']), '   ')?.subId, 'carried');
      assert.equal(moneyLinkOf(finding(code), tracking(shop, ['carried']), undefined)?.subId, 'carried');
      assert.deepEqual(moneyLinkOf(finding(code), tracking(shop, []), undefined)?.subId, undefined, 'no pair');
    }
  });

  it('reads the SubID a mismatched link carries, never the article’s; none carried, nothing at risk', () => {
    const shop = ref(10);
    assert.equal(
      moneyLinkOf(finding('subid-mismatch'), tracking(shop, ['', 'other-article']), 'mine')?.subId,
      'other-article',
    );
    // A link without a SubID still earns for the account (credited to no article): it is not at risk.
    assert.equal(moneyLinkOf(finding('subid-mismatch'), tracking(shop, []), 'mine'), undefined);
  });

  it('has no figures for a merchant without an id, and no money for an unowned link or another finding', () => {
    const nameless = ref(null);
    assert.deepEqual(moneyLinkOf(finding('inactive-merchant'), tracking(nameless), 'mine'), {
      code: 'inactive-merchant',
      merchantKey: nameless.key,
      merchantId: undefined,
      subId: 'mine',
    });
    assert.equal(moneyLinkOf(finding('unknown-tracking-link'), tracking(undefined), 'mine'), undefined);
    assert.equal(moneyLinkOf(finding('inactive-merchant'), tracking(undefined), 'mine'), undefined);
    for (const code of ['rel-sponsored-missing', 'disclosure-missing'] as const) {
      assert.equal(moneyLinkOf(finding(code), tracking(ref(10), ['x']), 'mine'), undefined, code);
    }
    assert.equal(moneyLinkOf(finding('inactive-merchant'), { kind: 'other', ignored: false }, 'mine'), undefined);
  });

  it('makes a plain URL that could earn an opportunity, under the article’s SubID', () => {
    const shop = ref(10);
    const monetizable: LinkVerdict = { kind: 'monetizable', ignored: false, ref: shop };
    assert.deepEqual(moneyLinkOf(finding('not-monetized'), monetizable, 'mine'), {
      code: 'not-monetized',
      merchantKey: shop.key,
      merchantId: '10',
      subId: 'mine',
    });
    assert.equal(moneyLinkOf(finding('not-monetized'), monetizable, ' ')?.subId, undefined);
    assert.equal(moneyLinkOf(finding('not-monetized'), tracking(shop), 'mine'), undefined);
  });
});
