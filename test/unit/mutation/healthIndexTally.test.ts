/**
 * What the site index's scan and tallies do (src/common/timeSlices.ts, merchantLinkTally.ts,
 * catalogBreakage.ts), which `npm run mutate` found weakly tested: pauses after each full slice and
 * cancellation before a read or an apply; which links count for a merchant; which catalog changes break links.
 */
import assert from 'node:assert/strict';
import { brokenMerchants, breakageOf, type MerchantFlags } from '../../../src/health/catalogBreakage';
import type { LinkVerdict } from '../../../src/health/linkVerdict';
import { fileMerchantLinks } from '../../../src/health/merchantLinkTally';
import type { IndexedFile, IndexedLink } from '../../../src/health/siteIndex';
import { runInSlices } from '../../../src/common/timeSlices';
import type { MerchantRef } from '../../../src/merchant/merchantFields';
import type { MerchantKey } from '../../../src/merchant/merchantKey';

/** A clock that stands still until the work moves it; logs each pause. */
function fakeClock(log: string[]) {
  let now = 1_000;
  return {
    clock: { now: () => now, pause: async () => void log.push(`pause@${now}`) },
    advance: (ms: number) => (now += ms),
  };
}

describe('the work in slices', () => {
  it('pauses once a slice has run its milliseconds, then starts a new slice', async () => {
    const log: string[] = [];
    const { clock, advance } = fakeClock(log);
    const outcome = await runInSlices([1, 2, 3, 4, 5, 6, 7], {
      clock,
      sliceMs: 10,
      read: async (n) => n * 10,
      apply: (n, read) => {
        assert.deepEqual(read, { ok: true, value: n * 10 });
        log.push(`apply ${n}`);
        advance(4);
      },
    });
    assert.deepEqual(outcome, { done: 7, cancelled: false, pauses: 2 });
    assert.deepEqual(log, [
      'apply 1',
      'apply 2',
      'apply 3',
      'pause@1012',
      'apply 4',
      'apply 5',
      'apply 6',
      'pause@1024',
      'apply 7',
    ]);
  });

  it('reads nothing when cancelled before the first item', async () => {
    const log: string[] = [];
    const outcome = await runInSlices(['a', 'b'], {
      clock: fakeClock(log).clock,
      isCancelled: () => true,
      read: async (item) => void log.push(`read ${item}`),
      apply: (item) => void log.push(`apply ${item}`),
    });
    assert.deepEqual(outcome, { done: 0, cancelled: true, pauses: 0 });
    assert.deepEqual(log, []);
  });

  it('applies nothing read after it was cancelled', async () => {
    const log: string[] = [];
    let cancel = false;
    const outcome = await runInSlices(['a', 'b', 'c'], {
      clock: fakeClock(log).clock,
      batchSize: 1,
      isCancelled: () => cancel,
      read: async (item) => {
        log.push(`read ${item}`);
        cancel = item === 'b';
      },
      apply: (item) => void log.push(`apply ${item}`),
    });
    assert.deepEqual(outcome, { done: 1, cancelled: true, pauses: 0 });
    assert.deepEqual(log, ['read a', 'apply a', 'read b']);
  });
});

const key = (k: string) => k as MerchantKey;
const ref = (k: string): MerchantRef => ({ key: key(k), merchant: {} as MerchantRef['merchant'] });

describe('the links of a file by merchant', () => {
  it('counts tracking links and deeplinks of an owner, leaving out the rest', () => {
    const verdicts: Record<string, LinkVerdict> = {
      t1: {
        kind: 'tracking',
        ignored: false,
        owner: ref('a'),
        problem: undefined,
        deeplinkTarget: undefined,
        subIds: [],
      },
      d1: {
        kind: 'tracking',
        ignored: false,
        owner: ref('a'),
        problem: undefined,
        deeplinkTarget: 'https://a/',
        subIds: [],
      },
      b1: {
        kind: 'tracking',
        ignored: false,
        owner: ref('b'),
        problem: 'inactive-merchant',
        deeplinkTarget: 'x',
        subIds: [],
      },
      ig: {
        kind: 'tracking',
        ignored: true,
        owner: ref('a'),
        problem: undefined,
        deeplinkTarget: undefined,
        subIds: [],
      },
      no: {
        kind: 'tracking',
        ignored: false,
        owner: undefined,
        problem: 'unknown-tracking-link',
        deeplinkTarget: undefined,
        subIds: [],
      },
      pg: { kind: 'monetizable', ignored: false, ref: ref('c') },
      ot: { kind: 'other', ignored: false },
    };
    const link = (target: string, ignoredByComment = false) => ({ target, ignoredByComment }) as IndexedLink;
    const file = {
      links: [
        link('t1'),
        link('d1'),
        link('d1'),
        link('b1'),
        link('ig'),
        link('no'),
        link('pg'),
        link('ot'),
        link('t1', true),
      ],
    } as IndexedFile;
    const counts = fileMerchantLinks(file, (target) => verdicts[target]);
    assert.deepEqual(
      [...counts],
      [
        [key('a'), { links: 3, deeplinks: 2 }],
        [key('b'), { links: 1, deeplinks: 1 }],
      ],
    );
  });
});

describe('what a catalog change breaks', () => {
  const flags = (isActive: boolean, deeplinkAllowed: boolean): MerchantFlags => ({ isActive, deeplinkAllowed });

  it('finds merchants gone inactive, or active ones that stopped allowing deeplinks', () => {
    const before = new Map([
      ['off', flags(true, true)],
      ['nodeep', flags(true, true)],
      ['never', flags(true, false)],
      ['asleep', flags(false, true)],
      ['same', flags(true, true)],
      ['gone', flags(true, true)],
    ]);
    const after = new Map([
      ['off', flags(false, true)],
      ['nodeep', flags(true, false)],
      ['never', flags(true, false)],
      ['asleep', flags(false, false)],
      ['same', flags(true, true)],
      ['new', flags(false, false)],
    ]);
    const expected = [
      ['off', 'inactive'],
      ['nodeep', 'deeplinks'],
    ];
    assert.deepEqual([...brokenMerchants(before, after, 'all')], expected);
    assert.deepEqual([...brokenMerchants(before, after, ['gone', 'off', 'never', 'nodeep', 'missing'])], expected);
  });

  it('counts merchants, links and articles per kind of breakage', () => {
    const broken = new Map<string, 'inactive' | 'deeplinks'>([
      ['off', 'inactive'],
      ['nodeep', 'deeplinks'],
    ]);
    const files = [
      new Map([
        ['off', { links: 3, deeplinks: 1 }],
        ['nodeep', { links: 2, deeplinks: 0 }],
      ]),
      new Map([
        ['nodeep', { links: 2, deeplinks: 2 }],
        ['fine', { links: 5, deeplinks: 5 }],
      ]),
    ];
    assert.deepEqual(breakageOf(broken, files), [
      { kind: 'inactive', merchants: 1, links: 3, articles: 1 },
      { kind: 'deeplinks', merchants: 1, links: 2, articles: 1 },
    ]);
    assert.deepEqual(breakageOf(broken, [new Map([['fine', { links: 1, deeplinks: 1 }]])]), []);
  });
});
