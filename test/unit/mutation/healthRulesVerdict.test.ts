/**
 * What an address is to the catalog (src/health/linkVerdict.ts), which `npm run mutate` found
 * weakly tested: the best of several owners of a tracking link, the monetizable merchant page, the
 * SubIDs and target read from the settings' parameters, and the memo by address.
 */
import assert from 'node:assert/strict';
import type { Merchant } from '../../../src/api/types';
import { DEFAULT_DEEPLINK_OPTIONS } from '../../../src/links/deeplink';
import { LinkVerdicts } from '../../../src/health/linkVerdict';
import { catalogIndex } from '../health/healthCatalog';

const TRK = 'https://trk.example.net';

/** Merchants sharing one tracking link (same host and path), in an order the ranking must undo. */
const SHARED: Record<string, Partial<Merchant>> = {
  asleep: {
    name: 'Asleep',
    defaultDomain: 'asleep.example',
    isActive: false,
    deeplinkAllowed: true,
    trackingLink: `${TRK}/same?m=1`,
  },
  plain: { name: 'Plain', defaultDomain: 'plain.example', deeplinkAllowed: false, trackingLink: `${TRK}/same?m=2` },
  best: { name: 'Best', defaultDomain: 'best.example', deeplinkAllowed: true, trackingLink: `${TRK}/same?m=3` },
  page: { name: 'Page', defaultDomain: 'page.example', deeplinkAllowed: true, trackingLink: `${TRK}/page` },
  nodeep: { name: 'NoDeep', defaultDomain: 'nodeep.example', deeplinkAllowed: false, trackingLink: `${TRK}/nodeep` },
  idle: {
    name: 'Idle',
    defaultDomain: 'idle.example',
    isActive: false,
    deeplinkAllowed: true,
    trackingLink: `${TRK}/idle`,
  },
  untracked: { name: 'Untracked', defaultDomain: 'untracked.example', deeplinkAllowed: true, trackingLink: null },
};

const verdicts = (options = DEFAULT_DEEPLINK_OPTIONS, isIgnored?: (t: string) => boolean, memoSize?: number) =>
  new LinkVerdicts(catalogIndex(SHARED), options, isIgnored, memoSize);

const tracking = (v: ReturnType<LinkVerdicts['of']>) => {
  assert.equal(v.kind, 'tracking');
  return v as Extract<typeof v, { kind: 'tracking' }>;
};

describe('the verdict on an address', () => {
  it('gives a shared tracking link to the active owner that allows deeplinks', () => {
    const v = tracking(verdicts().of(`${TRK}/same?url=${encodeURIComponent('https://best.example/x')}`));
    assert.equal(v.owner?.merchant.name, 'Best');
    assert.equal(v.problem, undefined);
    assert.equal(v.deeplinkTarget, 'https://best.example/x');
  });

  it('ranks an active owner without deeplinks above an inactive one that allows them', () => {
    const index = catalogIndex({ asleep: SHARED.asleep, plain: SHARED.plain });
    const v = tracking(new LinkVerdicts(index, DEFAULT_DEEPLINK_OPTIONS, undefined).of(`${TRK}/same`));
    assert.equal(v.owner?.merchant.name, 'Plain');
    assert.equal(v.problem, undefined);
  });

  it('accepts a deeplink whose target is on any owner’s domains', () => {
    const v = tracking(verdicts().of(`${TRK}/same?url=${encodeURIComponent('https://plain.example/y')}`));
    assert.equal(v.owner?.merchant.name, 'Best');
    assert.equal(v.problem, undefined);
    const off = tracking(verdicts().of(`${TRK}/same?url=${encodeURIComponent('https://else.example/y')}`));
    assert.equal(off.problem, 'target-off-merchant');
  });

  it('reads the target and the non-empty SubIDs from the parameters the settings name, trimmed', () => {
    const options = { urlParameter: ' to ', subIdParameter: ' sub ' };
    const address = `${TRK}/page?to=${encodeURIComponent('https://page.example/a')}&sub=one&sub=&sub=two&s=x`;
    const v = tracking(verdicts(options).of(address));
    assert.equal(v.deeplinkTarget, 'https://page.example/a');
    assert.deepEqual(v.subIds, ['one', 'two']);
    assert.equal(v.problem, undefined);
    const none = tracking(verdicts().of(`${TRK}/page?s=`));
    assert.deepEqual(none.subIds, []);
    assert.equal(none.deeplinkTarget, undefined);
  });

  it('names what is wrong with a tracking link', () => {
    const cases: [string, string | undefined][] = [
      [`${TRK}/nobody`, 'unknown-tracking-link'],
      [`${TRK}/idle?url=https%3A%2F%2Fidle.example%2F`, 'inactive-merchant'],
      [`${TRK}/nodeep?url=https%3A%2F%2Fnodeep.example%2F`, 'deeplinks-not-allowed'],
      [`${TRK}/nodeep`, undefined],
    ];
    for (const [address, problem] of cases) {
      assert.equal(tracking(verdicts().of(address)).problem, problem, address);
    }
  });

  it('finds a page monetizable only for an active merchant that allows deeplinks and has a tracking link', () => {
    const cases: [string, string][] = [
      ['https://page.example/shoes', 'monetizable'],
      ['https://idle.example/shoes', 'other'],
      ['https://nodeep.example/shoes', 'other'],
      ['https://untracked.example/shoes', 'other'],
      ['https://nobody.example/shoes', 'other'],
    ];
    for (const [address, kind] of cases) {
      assert.equal(verdicts().of(address).kind, kind, address);
    }
  });

  it('judges an address once, until the memo is full and starts again', () => {
    const asked: string[] = [];
    const ignored = (t: string) => {
      asked.push(t);
      return t.endsWith('/c');
    };
    const v = verdicts(DEFAULT_DEEPLINK_OPTIONS, ignored, 2);
    const a = 'https://page.example/a';
    const b = 'https://page.example/b';
    const c = 'https://page.example/c';
    assert.equal(v.of(a).ignored, false);
    assert.equal(v.of(b).ignored, false);
    assert.equal(v.of(a).ignored, false);
    assert.deepEqual(asked, [a, b]);
    assert.equal(v.of(c).ignored, true);
    assert.deepEqual(asked, [a, b, c]);
    v.of(c);
    v.of(a);
    assert.deepEqual(asked, [a, b, c, a]);
    v.of(c);
    assert.deepEqual(asked, [a, b, c, a]);
  });
});
