import assert from 'node:assert/strict';
import { breakageOf, brokenMerchants, type MerchantFlags } from '../../../src/health/catalogBreakage';
import { documentLinks } from '../../../src/health/documentLinks';
import { fileMerchantLinks, merchantLinkTotals } from '../../../src/health/merchantLinkTally';
import { indexedFileOf, type IndexedFile } from '../../../src/health/siteIndex';
import { deeplink, rules } from './healthCatalog';

const TRK = 'https://trk.example.net/click';
const shopDeep = deeplink('shop', 'https://shop.example.com/x');
const cheapDeep = deeplink('cheap', 'https://cheap.example.com/y');

function file(path: string, text: string): IndexedFile {
  return indexedFileOf(path, { size: text.length, mtime: 1 }, documentLinks(text, 'markdown'), -1);
}

/** The site: shop linked from a.md (2 deeplinks, 1 tracking link) and b.md (1 deeplink); cheap from b.md and c.md. */
const SITE = [
  file('a.md', `[x](${shopDeep}) ${TRK}/shop?pid=1 and [y](${shopDeep})`),
  file('b.md', `${shopDeep}\n[c](${cheapDeep})\n<!-- affiliate-links-ignore-next -->\n${shopDeep}`),
  file('c.md', `${TRK}/cheap ${TRK}/cheap`),
  file('d.md', 'https://shop.example.com/plain and `' + shopDeep + '` in code'),
];

function tally() {
  const verdicts = rules().verdicts;
  return SITE.map((f) => fileMerchantLinks(f, (target) => verdicts.of(target)));
}

const flags = (entries: Record<string, MerchantFlags>) => new Map(Object.entries(entries));
const BEFORE = flags({
  shop: { isActive: true, deeplinkAllowed: true },
  cheap: { isActive: true, deeplinkAllowed: true },
  solo: { isActive: true, deeplinkAllowed: true },
});

describe('what a catalog change breaks on the site', () => {
  it('counts each file’s tracking links and deeplinks by merchant, leaving out plain URLs, code and ignored links', () => {
    const [a, b, c, d] = tally();
    assert.deepEqual([...a], [['shop', { links: 3, deeplinks: 2 }]]);
    assert.deepEqual([...b].sort(), [
      ['cheap', { links: 1, deeplinks: 1 }],
      ['shop', { links: 1, deeplinks: 1 }],
    ]);
    assert.deepEqual([...c], [['cheap', { links: 2, deeplinks: 0 }]]);
    assert.equal(d.size, 0);
    assert.deepEqual(Object.fromEntries(merchantLinkTotals(tally())), {
      shop: { articles: 2, links: 4 },
      cheap: { articles: 2, links: 3 },
    });
  });

  it('finds the merchants that became inactive or stopped allowing deeplinks, among the changed keys', () => {
    const after = flags({
      shop: { isActive: false, deeplinkAllowed: true },
      cheap: { isActive: true, deeplinkAllowed: false },
      solo: { isActive: true, deeplinkAllowed: true },
    });
    assert.deepEqual(
      [...brokenMerchants(BEFORE, after, 'all')],
      [
        ['shop', 'inactive'],
        ['cheap', 'deeplinks'],
      ],
    );
    assert.deepEqual([...brokenMerchants(BEFORE, after, ['cheap'])], [['cheap', 'deeplinks']]);
    // Active again, deeplinks allowed again, a merchant new or gone, one inactive and without deeplinks now: inactive.
    const back = brokenMerchants(after, BEFORE, 'all');
    assert.equal(back.size, 0);
    const both = flags({ shop: { isActive: false, deeplinkAllowed: false } });
    assert.deepEqual([...brokenMerchants(BEFORE, both, ['shop', 'new'])], [['shop', 'inactive']]);
    assert.equal(brokenMerchants(new Map(), after, 'all').size, 0);
  });

  it('counts the links and articles exactly: all links of an inactive merchant, the deeplinks of the other kind', () => {
    const broken = new Map([
      ['shop', 'inactive' as const],
      ['cheap', 'deeplinks' as const],
    ]);
    assert.deepEqual(breakageOf(broken, tally()), [
      { kind: 'inactive', merchants: 1, links: 4, articles: 2 },
      { kind: 'deeplinks', merchants: 1, links: 1, articles: 1 },
    ]);
    const bothInactive = new Map([
      ['shop', 'inactive' as const],
      ['cheap', 'inactive' as const],
    ]);
    // b.md links to both: one article, counted once.
    assert.deepEqual(breakageOf(bothInactive, tally()), [{ kind: 'inactive', merchants: 2, links: 7, articles: 3 }]);
  });

  it('says nothing when nothing linked changed', () => {
    assert.deepEqual(breakageOf(new Map([['solo', 'inactive' as const]]), tally()), []);
    // cheap's links in c.md are plain tracking links: deeplinks no longer allowed breaks none of them.
    const onlyC = [tally()[2]];
    assert.deepEqual(breakageOf(new Map([['cheap', 'deeplinks' as const]]), onlyC), []);
    assert.deepEqual(breakageOf(new Map(), tally()), []);
  });
});
