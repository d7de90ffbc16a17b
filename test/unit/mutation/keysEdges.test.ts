/**
 * Keys and platforms (src/keys/) at the edges that `npm run mutate` found untested: the ring's
 * file when a field is damaged or missing, which key serves a workspace when the keys are not in
 * the order the other tests use, what a refusal means for each kind of key, and the words a
 * person reads in the key prompts and pickers.
 */
import assert from 'node:assert/strict';
import { ApiError, NetworkError } from '../../../src/api/errors';
import {
  EMPTY_RING,
  keyRefs,
  parseKeyRing,
  withAccountKey,
  withOpens,
  withoutKey,
  withPlatformKey,
  type KeyRing,
  type PlatformKey,
} from '../../../src/keys/keyRing';
import { refusalMeaning } from '../../../src/keys/keyRefusals';
import { probeAnswerOf, probeKey, type KeyProbeClient } from '../../../src/keys/keyVerdict';
import {
  accountKeyLabel,
  askPlatformWords,
  keyButton,
  keyInputWords,
  keyOpensWords,
  opensLabel,
  platformKeyLabel,
  platformLabel,
  platformWithoutKeyWords,
} from '../../../src/keys/keyWords';
import { mergeKnownPlatforms, platformChoices, serviceKeys, workspacePlatform } from '../../../src/keys/platforms';

const A = { id: '11111111-1111-4111-8111-111111111111', name: 'Tech Review Blog' };
const B = { id: '22222222-2222-4222-8222-222222222222', name: 'Travel Guide App' };
const C = { id: '33333333-3333-4333-8333-333333333333', name: 'Recipes' };

const ringText = (platforms: unknown[], account?: unknown): string =>
  JSON.stringify({ version: 1, platforms, ...(account === undefined ? {} : { account }) });

describe('the key ring read back from the secret storage', () => {
  it('reads a key whose checks were never saved, or saved damaged, as not checked', () => {
    assert.deepEqual(parseKeyRing(ringText([{ key: 'Plat1', name: 'Blog' }])), {
      platforms: [{ key: 'Plat1', name: 'Blog', opens: { catalog: undefined, reports: undefined } }],
    });
    assert.deepEqual(parseKeyRing(ringText([{ key: 'Plat1', name: 'Blog', opens: null }])), {
      platforms: [{ key: 'Plat1', name: 'Blog', opens: { catalog: undefined, reports: undefined } }],
    });
    assert.deepEqual(
      parseKeyRing(ringText([{ key: 'Plat1', name: 'Blog', opens: { catalog: 'yes', reports: 1 } }]))?.platforms[0]!
        .opens,
      { catalog: undefined, reports: undefined },
      'only true or false say what a key opened',
    );
  });

  it('keeps a key of no platform when its platform id or name is missing or not text', () => {
    assert.deepEqual(parseKeyRing(ringText([{ key: 'Plat1', platformId: '', opens: {} }]))?.platforms, [
      { key: 'Plat1', name: '', opens: { catalog: undefined, reports: undefined } },
    ]);
    assert.deepEqual(parseKeyRing(ringText([{ key: 'Plat1', platformId: 42, name: 7, opens: {} }]))?.platforms, [
      { key: 'Plat1', name: '', opens: { catalog: undefined, reports: undefined } },
    ]);
  });

  it('reads a bare key of earlier versions with the line end the secret storage kept', () => {
    assert.deepEqual(parseKeyRing('  OldKey42\n'), { platforms: [{ key: 'OldKey42', name: '', opens: {} }] });
  });

  it('refuses a ring with any damaged key, and never takes a number for a key', () => {
    for (const damaged of [
      ringText([null]),
      ringText(['Plat1']),
      ringText([{ key: 123 }]),
      ringText([{ key: 'Good1', opens: {} }, { key: 'bad key' }]),
      ringText([], null),
      ringText([], { key: 42 }),
    ]) {
      assert.equal(parseKeyRing(damaged), undefined, damaged);
    }
  });

  it('reads up to 50 platform keys; a longer list is damage', () => {
    const keys = (count: number) => Array.from({ length: count }, (_, index) => ({ key: `Key${index}`, opens: {} }));
    assert.equal(parseKeyRing(ringText(keys(50)))?.platforms.length, 50);
    assert.equal(parseKeyRing(ringText(keys(51))), undefined);
  });
});

describe('the key ring changed by a person', () => {
  it('keeps a key bound to a platform apart from a key only named like it', () => {
    const named: PlatformKey = { key: 'Named', name: A.name, opens: {} };
    const bound: PlatformKey = { key: 'Bound', platformId: A.id, name: A.name, opens: {} };
    assert.deepEqual(
      withPlatformKey({ platforms: [named] }, bound).platforms.map((key) => key.key),
      ['Named', 'Bound'],
    );
    assert.deepEqual(
      withPlatformKey({ platforms: [bound] }, named).platforms.map((key) => key.key),
      ['Bound', 'Named'],
    );
  });

  it('replaces a named key whatever spaces and case either name has', () => {
    const ring = withPlatformKey(EMPTY_RING, { key: 'Old', name: 'My Shop ', opens: {} });
    assert.deepEqual(
      withPlatformKey(ring, { key: 'New', name: 'my shop', opens: {} }).platforms.map((key) => key.key),
      ['New'],
    );
  });

  it('clears the account key and keeps every platform key; offers no account key to clear when there is none', () => {
    const platforms: PlatformKey[] = [{ key: 'Plat1', name: '', opens: {} }];
    const ring = withAccountKey({ platforms }, { key: 'Acct', opens: { reports: true } });
    assert.deepEqual(withoutKey(ring, { kind: 'account' }), { platforms });
    assert.deepEqual(keyRefs({ platforms }), [{ kind: 'platform', index: 0 }]);
    assert.deepEqual(keyRefs(EMPTY_RING), []);
  });

  it('learns what a side says of a key, even when another side it knew already is unchanged', () => {
    const ring: KeyRing = { platforms: [{ key: 'Plat1', name: '', opens: { catalog: true } }] };
    const learnt = withOpens(ring, new Map([['Plat1', { catalog: true, reports: false }]]));
    assert.deepEqual(learnt.platforms[0]!.opens, { catalog: true, reports: false });
  });

  it('learns what the reports say of the account key, and keeps it', () => {
    const ring: KeyRing = {
      platforms: [{ key: 'Plat1', name: '', opens: { catalog: true } }],
      account: { key: 'Acct', opens: {} },
    };
    const learnt = withOpens(ring, new Map([['Acct', { reports: true }]]));
    assert.deepEqual(learnt, {
      platforms: ring.platforms,
      account: { key: 'Acct', opens: { reports: true } },
    });
    const platformLearnt = withOpens(ring, new Map([['Plat1', { reports: false }]]));
    assert.deepEqual(platformLearnt.account, ring.account, 'learning of a platform key keeps the account key');
  });
});

describe('which key serves a workspace', () => {
  const unbound: PlatformKey = { key: 'NoPlatform', name: '', opens: { catalog: true } };
  const keyA: PlatformKey = { key: 'KeyA', platformId: A.id, name: A.name, opens: { catalog: true } };

  it('finds a platform’s own key wherever it stands in the ring', () => {
    for (const platforms of [
      [unbound, keyA],
      [keyA, unbound],
    ]) {
      const keys = serviceKeys({ platforms }, { id: A.id, name: A.name });
      assert.equal(keys.catalog?.key, 'KeyA', platforms.map((key) => key.key).join());
      assert.equal(keys.catalog?.own, true);
    }
  });

  it('gives a platform without a key of its own the key of no platform, wherever it stands', () => {
    const keys = serviceKeys({ platforms: [keyA, unbound] }, { id: B.id, name: B.name });
    assert.deepEqual(keys.catalog, { key: 'NoPlatform', index: 1, own: false, opens: { catalog: true } });
  });

  it('never takes a key bound to another platform for the key of no platform, even without a name', () => {
    const keyC: PlatformKey = { key: 'KeyC', platformId: C.id, name: C.name, opens: {} };
    const boundUnnamed: PlatformKey = { key: 'KeyB', platformId: B.id, name: '', opens: {} };
    assert.deepEqual(serviceKeys({ platforms: [keyC, boundUnnamed] }, { id: A.id, name: A.name }).catalog, {
      key: 'KeyC',
      index: 0,
      own: false,
      opens: {},
    });
  });

  it('serves all platforms with the first key, as their own', () => {
    const second: PlatformKey = { key: 'KeyB', platformId: B.id, name: B.name, opens: {} };
    assert.deepEqual(serviceKeys({ platforms: [keyA, second] }, undefined).catalog, {
      key: 'KeyA',
      index: 0,
      own: true,
      opens: { catalog: true },
    });
  });

  it('sends the reports a key that opens them when the catalog’s key is refused by them', () => {
    const refused: PlatformKey = { key: 'KeyA', platformId: A.id, name: A.name, opens: { reports: false } };
    const opener: PlatformKey = { key: 'KeyB', platformId: B.id, name: B.name, opens: { reports: true } };
    const unknown: PlatformKey = { key: 'KeyC', platformId: C.id, name: C.name, opens: {} };
    assert.deepEqual(serviceKeys({ platforms: [refused, unknown, opener] }, { id: A.id, name: A.name }).reports, {
      key: 'KeyB',
      kind: 'platform',
      opens: { reports: true },
    });
  });

  it('takes a key named like a platform of the reports for that platform’s key, and one bound to another platform not', () => {
    const namedA: PlatformKey = { key: 'NamedA', name: ' tech review blog', opens: {} };
    assert.deepEqual(platformChoices([A], { platforms: [namedA] }), [{ id: A.id, name: A.name, keyIndex: 0 }]);
    assert.deepEqual(platformChoices([{ id: A.id, name: 'Tech Review Blog  ' }], { platforms: [namedA] }), [
      { id: A.id, name: 'Tech Review Blog  ', keyIndex: 0 },
    ]);
    const boundB: PlatformKey = { key: 'KeyB', platformId: B.id, name: A.name, opens: {} };
    assert.deepEqual(platformChoices([A], { platforms: [boundB] }), [
      { id: A.id, name: A.name },
      { id: B.id, name: A.name, keyIndex: 0 },
    ]);
    const keys = serviceKeys({ platforms: [unbound, namedA] }, { id: A.id, name: A.name });
    assert.equal(keys.catalog?.key, 'NamedA', 'a platform chosen by id finds the key named like it');
  });

  it('offers no choice for the key of no platform', () => {
    assert.deepEqual(platformChoices([A], { platforms: [unbound] }), [{ id: A.id, name: A.name }]);
  });

  it('keeps the platform a setting names by a name the reports have not shown', () => {
    assert.deepEqual(workspacePlatform(' Old Blog ', platformChoices([A, B], EMPTY_RING)), {
      platform: { name: 'Old Blog' },
      ask: false,
    });
  });

  it('learns a platform the reports show for the first time, keeping the ones it knew; skips one without a name', () => {
    assert.deepEqual(mergeKnownPlatforms([A, B], [C]), [A, B, C]);
    const known = [A];
    assert.equal(mergeKnownPlatforms(known, [{ id: B.id, name: '' }]), known);
  });
});

describe('what a refusal means for each kind of key', () => {
  const cases: Array<[string, Parameters<typeof refusalMeaning>[0], ReturnType<typeof refusalMeaning>]> = [
    [
      'the account key refused by a report filtered to a platform with 401 is refused itself',
      { status: 401, side: 'reports', keyKind: 'account', opens: { reports: true }, platformFiltered: true },
      'keyRefused',
    ],
    [
      'the account key refused by an unfiltered report with 403 is refused itself',
      { status: 403, side: 'reports', keyKind: 'account', opens: { reports: true } },
      'keyRefused',
    ],
    [
      'a platform key that opened the reports, refused a platform filter with 403: not one of the account’s',
      { status: 403, side: 'reports', keyKind: 'platform', opens: { reports: true }, platformFiltered: true },
      'platformNotYours',
    ],
    [
      'the account key never checked, refused a platform filter with 403: not one of the account’s',
      { status: 403, side: 'reports', keyKind: 'account', opens: {}, platformFiltered: true },
      'platformNotYours',
    ],
    [
      'the account key never checked, refused by the reports: refused itself, not the wrong kind',
      { status: 401, side: 'reports', keyKind: 'account', opens: {} },
      'keyRefused',
    ],
  ];
  for (const [name, request, meaning] of cases) {
    it(name, () => assert.equal(refusalMeaning(request), meaning));
  }
});

describe('checking a key', () => {
  it('reads an answer below 200 or a redirect as no answer', () => {
    assert.equal(probeAnswerOf(199), 'failed');
    assert.equal(probeAnswerOf(300), 'failed');
    assert.equal(probeAnswerOf(299), 'opened');
  });

  /** A client of the KeyProbeClient contract that answers as told and keeps what it was asked. */
  function answeringClient(catalog: () => Promise<unknown>, reports: () => Promise<unknown>) {
    const asked: unknown[] = [];
    const client: KeyProbeClient = {
      getMerchantPage: (query, options) => (asked.push(['merchants', query, options]), catalog()),
      getClicksPage: (query, options) => (asked.push(['clicks', query, options]), reports()),
    };
    return { client, asked };
  }

  it('asks each side for one row, first in the request budget, since a person waits', async () => {
    const { client, asked } = answeringClient(
      () => Promise.resolve({}),
      () => Promise.resolve({}),
    );
    await probeKey(client);
    assert.deepEqual(asked, [
      ['merchants', { limit: 1 }, { priority: 'interactive' }],
      ['clicks', { days: 1, limit: 1 }, { priority: 'interactive' }],
    ]);
  });

  it('says why it could not check with the failure, never with a refusal that came first', async () => {
    const down = new NetworkError('down', '/v1/api/stats/click', 'ECONNREFUSED');
    const { client } = answeringClient(
      () => Promise.reject(new ApiError(401, [], '/v1/api/merchant', undefined)),
      () => new Promise((_, reject) => setImmediate(() => reject(down))),
    );
    const { verdict, failure } = await probeKey(client);
    assert.equal(verdict.kind, 'unchecked');
    assert.equal(failure, down);
  });
});

describe('the words of the key prompts and pickers', () => {
  it('says when a platform key’s reports could not be checked, with nothing to add yet', () => {
    assert.deepEqual(keyOpensWords('platform', { catalog: true }, { platforms: [] }), {
      message:
        'This key opens the merchant catalog. Whether it opens your reports could not be checked: they will try it.',
    });
  });

  it('names each button for what it does', () => {
    assert.equal(keyButton('addAccountKey'), 'Add Account Key');
    assert.equal(keyButton('addPlatformKey'), 'Add Platform Key');
    assert.equal(keyButton('whereToFind'), 'Where to Find It');
    assert.equal(keyButton('choosePlatform'), 'Choose Platform');
  });

  it('asks for the kind of key a prompt wants, and says where to find it', () => {
    const account = keyInputWords('account');
    assert.equal(account.title, 'Affiliate Links: Account Key');
    assert.match(account.prompt, /account’s public key.*API settings.*server-to-server/);
    const platform = keyInputWords('platform');
    assert.equal(platform.title, 'Affiliate Links: Platform Key');
    assert.match(platform.prompt, /platform’s settings in the dashboard/);
    const any = keyInputWords('any');
    assert.equal(any.title, 'Affiliate Links: API Key');
    assert.match(any.prompt, /platform key.*or your account key/);
    for (const words of [account, platform, any]) {
      assert.match(words.prompt, /secret storage, never in settings or files/);
    }
  });

  it('names each key in the pickers by its platform, and says what it opened', () => {
    assert.equal(platformKeyLabel({ key: 'K', name: '', opens: {} }), 'Platform key');
    assert.equal(platformKeyLabel({ key: 'K', name: 'My Shop', opens: {} }), 'Platform key of My Shop');
    assert.equal(accountKeyLabel(), 'Account key');
    assert.equal(opensLabel({ catalog: true, reports: true }), 'opens the merchant catalog and the reports');
    assert.equal(opensLabel({ catalog: true, reports: false }), 'opens the merchant catalog');
    assert.equal(opensLabel({ catalog: false, reports: true }), 'opens the reports');
    assert.equal(opensLabel({}), 'not checked');
  });

  it('asks for a platform with their count, names a platform without a key, and all platforms when none is chosen', () => {
    assert.match(askPlatformWords(3), /^Your account has 3 platforms\. Choose this workspace’s platform/);
    assert.match(platformWithoutKeyWords('My Shop'), /^My Shop has no platform key of its own/);
    assert.equal(platformLabel('My Shop'), 'My Shop');
    assert.equal(platformLabel(undefined), 'All platforms');
  });
});
