/**
 * Keys and platforms (src/keys/): what a key opens, from the answers of each side, as a table
 * and against the sandbox's two worlds over real HTTP; the ring's rules (a bare key of older
 * versions, replacing a platform's key, damage); which key serves a workspace's platform; what
 * a 401 or 403 means; and the words of the prompts.
 */
import assert from 'node:assert/strict';
import { ApiError, NetworkError } from '../../src/api/errors';
import {
  EMPTY_RING,
  keyRefs,
  parseKeyRing,
  serializeKeyRing,
  withAccountKey,
  withOpens,
  withoutKey,
  withPlatformKey,
  type KeyRing,
} from '../../src/keys/keyRing';
import { refusalMeaning } from '../../src/keys/keyRefusals';
import { keyVerdict, probeAnswerOf, probeKey, type ProbeAnswer } from '../../src/keys/keyVerdict';
import { keyOpensWords, needsAccountKeyWords, needsPlatformKeyWords } from '../../src/keys/keyWords';
import { mergeKnownPlatforms, platformChoices, serviceKeys, workspacePlatform } from '../../src/keys/platforms';
import { panelErrorOf } from '../../src/reports/panel/panelErrors';
import type { Sandbox } from '../../src/sandbox/server';
import { clientFor, sandbox } from './helpers/fixtures';

const A = { id: '11111111-1111-4111-8111-111111111111', name: 'Tech Review Blog' };
const B = { id: '22222222-2222-4222-8222-222222222222', name: 'Travel Guide App' };

describe('what a key opens', () => {
  const statuses: Array<[number | undefined, ProbeAnswer]> = [
    [200, 'opened'],
    [401, 'refused'],
    [403, 'refused'],
    [400, 'failed'],
    [429, 'failed'],
    [503, 'failed'],
    [undefined, 'failed'],
  ];
  for (const [status, answer] of statuses) {
    it(`reads ${status ?? 'no answer'} as ${answer}`, () => assert.equal(probeAnswerOf(status), answer));
  }

  // catalog, reports -> what the key is, and what it opens.
  const table: Array<[ProbeAnswer, ProbeAnswer, ReturnType<typeof keyVerdict>]> = [
    ['opened', 'opened', { kind: 'opens', keyKind: 'platform', opens: { catalog: true, reports: true } }],
    ['opened', 'refused', { kind: 'opens', keyKind: 'platform', opens: { catalog: true, reports: false } }],
    ['refused', 'opened', { kind: 'opens', keyKind: 'account', opens: { catalog: false, reports: true } }],
    ['refused', 'refused', { kind: 'refused' }],
    ['opened', 'failed', { kind: 'opens', keyKind: 'platform', opens: { catalog: true, reports: undefined } }],
    ['failed', 'opened', { kind: 'opens', keyKind: 'account', opens: { catalog: undefined, reports: true } }],
    ['refused', 'failed', { kind: 'unchecked', keyKind: 'account', opens: { catalog: false, reports: undefined } }],
    ['failed', 'refused', { kind: 'unchecked', keyKind: 'platform', opens: { catalog: undefined, reports: false } }],
    ['failed', 'failed', { kind: 'unchecked', keyKind: 'platform', opens: { catalog: undefined, reports: undefined } }],
  ];
  for (const [catalog, reports, expected] of table) {
    it(`catalog ${catalog}, reports ${reports}: ${expected.kind === 'opens' ? `a ${expected.keyKind} key` : expected.kind}`, () =>
      assert.deepEqual(keyVerdict(catalog, reports), expected));
  }

  describe('against the sandbox, over HTTP', () => {
    let single: Sandbox;
    let split: Sandbox;
    before(async () => {
      [single, split] = await Promise.all([sandbox(), sandbox({ keys: 'split' })]);
    });
    after(async () => {
      await Promise.all([single.close(), split.close()]);
    });

    const probe = async (service: Sandbox, key: string) => {
      const client = clientFor({ url: service.url, key });
      try {
        return (await probeKey(client)).verdict;
      } finally {
        await client.close();
      }
    };

    it('single: the key opens both sides, and so does another platform’s key', async () => {
      assert.deepEqual(await probe(single, single.key), {
        kind: 'opens',
        keyKind: 'platform',
        opens: { catalog: true, reports: true },
      });
      assert.deepEqual(await probe(single, single.keys.platforms[1]!.key), {
        kind: 'opens',
        keyKind: 'platform',
        opens: { catalog: true, reports: true },
      });
    });

    it('split: a platform key opens the catalog only, the account key the reports only', async () => {
      assert.deepEqual(await probe(split, split.key), {
        kind: 'opens',
        keyKind: 'platform',
        opens: { catalog: true, reports: false },
      });
      assert.deepEqual(await probe(split, split.keys.account!), {
        kind: 'opens',
        keyKind: 'account',
        opens: { catalog: false, reports: true },
      });
    });

    it('a key of neither world is refused by both sides', async () => {
      assert.deepEqual(await probe(single, 'NotAKeyOfOurs1'), { kind: 'refused' });
      assert.deepEqual(await probe(split, 'NotAKeyOfOurs1'), { kind: 'refused' });
      assert.deepEqual(await probe(single, `${single.key}A`), { kind: 'refused' }, 'single has no account key');
    });

    it('a service that cannot be reached leaves the key unchecked, with the failure to say', async () => {
      const gone = await sandbox();
      const url = gone.url;
      await gone.close();
      const client = clientFor(
        { url, key: 'Abc123' },
        { retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 } },
      );
      try {
        const { verdict, failure } = await probeKey(client);
        assert.equal(verdict.kind, 'unchecked');
        assert.equal((failure as { kind?: string }).kind, 'network');
      } finally {
        await client.close();
      }
    });
  });
});

describe('the key ring', () => {
  it('reads the bare key of earlier versions as a platform key of no platform, never checked', () => {
    assert.deepEqual(parseKeyRing('OldKey42'), { platforms: [{ key: 'OldKey42', name: '', opens: {} }] });
  });

  it('keeps what it saves, and refuses damage instead of guessing', () => {
    const ring: KeyRing = {
      platforms: [{ key: 'Plat1', platformId: A.id, name: A.name, opens: { catalog: true, reports: false } }],
      account: { key: 'Acct1', opens: { reports: true } },
    };
    assert.deepEqual(parseKeyRing(serializeKeyRing(ring)), {
      platforms: ring.platforms,
      account: { key: 'Acct1', opens: { catalog: undefined, reports: true } },
    });
    for (const damaged of [
      '{"version":1,"platforms":[{"key":"has space"}]}',
      '{"version":2,"platforms":[]}',
      '{"version":1',
      '[]',
      '{"version":1,"platforms":[],"account":{"key":""}}',
    ]) {
      assert.equal(parseKeyRing(damaged), undefined, damaged);
    }
  });

  it('replaces the key of the same platform, or the key of no platform, and adds any other', () => {
    let ring = withPlatformKey(EMPTY_RING, { key: 'First', name: '', opens: {} });
    ring = withPlatformKey(ring, { key: 'Second', name: '', opens: {} });
    assert.deepEqual(
      ring.platforms.map((key) => key.key),
      ['Second'],
      'a new key of no platform replaces the old one (Set API Key again)',
    );
    ring = withPlatformKey(ring, { key: 'ForA', platformId: A.id, name: A.name, opens: {} });
    ring = withPlatformKey(ring, { key: 'ForA2', platformId: A.id, name: 'renamed', opens: {} });
    ring = withPlatformKey(ring, { key: 'Named', name: 'My Shop', opens: {} });
    ring = withPlatformKey(ring, { key: 'Named2', name: 'my shop ', opens: {} });
    assert.deepEqual(
      ring.platforms.map((key) => key.key),
      ['Second', 'ForA2', 'Named2'],
    );
    ring = withAccountKey(ring, { key: 'Acct', opens: { reports: true } });
    assert.deepEqual(keyRefs(ring), [
      { kind: 'platform', index: 0 },
      { kind: 'platform', index: 1 },
      { kind: 'platform', index: 2 },
      { kind: 'account' },
    ]);
    assert.deepEqual(
      withoutKey(ring, { kind: 'platform', index: 1 }).platforms.map((key) => key.key),
      ['Second', 'Named2'],
    );
    assert.equal(withoutKey(ring, { kind: 'account' }).account, undefined);
  });

  it('takes in what a side was seen to refuse, and is the same ring when that changes nothing', () => {
    const ring: KeyRing = { platforms: [{ key: 'Plat1', name: '', opens: { catalog: true } }] };
    const learnt = withOpens(ring, new Map([['Plat1', { reports: false }]]));
    assert.deepEqual(learnt.platforms[0]!.opens, { catalog: true, reports: false });
    assert.equal(withOpens(learnt, new Map([['Plat1', { reports: false }]])), learnt);
    assert.equal(withOpens(ring, new Map([['Other', { reports: false }]])), ring);
  });
});

describe('the platform of a workspace', () => {
  const ring: KeyRing = {
    platforms: [
      { key: 'KeyA', platformId: A.id, name: A.name, opens: { catalog: true, reports: false } },
      { key: 'KeyShop', name: 'My Shop', opens: { catalog: true, reports: false } },
    ],
    account: { key: 'Acct', opens: { reports: true } },
  };

  it('offers the reports’ platforms, each with its key, then named keys the reports have not shown', () => {
    assert.deepEqual(platformChoices([A, B], ring), [
      { id: A.id, name: A.name, keyIndex: 0 },
      { id: B.id, name: B.name },
      { name: 'My Shop', keyIndex: 1 },
    ]);
  });

  it('is the one the setting names (by id, then by name), else the only one, else all platforms and ask once', () => {
    const choices = platformChoices([A, B], ring);
    assert.equal(workspacePlatform(B.id, choices).platform?.name, B.name);
    assert.equal(workspacePlatform('my shop', choices).platform?.name, 'My Shop');
    assert.deepEqual(workspacePlatform('33333333-3333-4333-8333-333333333333', choices), {
      platform: { id: '33333333-3333-4333-8333-333333333333', name: '33333333-3333-4333-8333-333333333333' },
      ask: false,
    });
    assert.deepEqual(workspacePlatform(undefined, choices), { platform: undefined, ask: true });
    assert.deepEqual(workspacePlatform(undefined, [choices[0]!]), { platform: choices[0], ask: false });
    assert.deepEqual(workspacePlatform('  ', []), { platform: undefined, ask: false });
  });

  it('serves platform A with A’s key, the reports with the account key, and counts A’s clicks', () => {
    const keys = serviceKeys(ring, platformChoices([A, B], ring)[0]);
    assert.deepEqual(keys, {
      catalog: { key: 'KeyA', index: 0, own: true, opens: ring.platforms[0]!.opens },
      reports: { key: 'Acct', kind: 'account', opens: { reports: true } },
      platformId: A.id,
    });
  });

  it('gives platform B, which has no key, another key marked as not its own', () => {
    const keys = serviceKeys(ring, platformChoices([A, B], ring)[1]);
    assert.equal(keys.catalog?.key, 'KeyA');
    assert.equal(keys.catalog?.own, false);
    assert.equal(keys.platformId, B.id);
  });

  it('uses the key of no platform for a platform without its own, and tries it on the reports while there is no account key', () => {
    const one: KeyRing = { platforms: [{ key: 'Only', name: '', opens: {} }] };
    const keys = serviceKeys(one, { id: B.id, name: B.name });
    assert.deepEqual(keys.catalog, { key: 'Only', index: 0, own: false, opens: {} });
    assert.deepEqual(
      keys.reports,
      { key: 'Only', kind: 'platform', opens: {} },
      'a key never seen to be refused by the reports is tried there',
    );
    const refused = withOpens(one, new Map([['Only', { reports: false }]]));
    assert.equal(
      serviceKeys(refused, undefined).reports,
      undefined,
      'a key the reports refused is not sent there again',
    );
    assert.deepEqual(serviceKeys(EMPTY_RING, undefined), {
      catalog: undefined,
      reports: undefined,
      platformId: undefined,
    });
  });

  it('learns platforms and new names, and is the same list when nothing is new', () => {
    const known = mergeKnownPlatforms([], [A]);
    assert.deepEqual(known, [A]);
    assert.equal(mergeKnownPlatforms(known, [A, { id: '', name: 'x' }]), known);
    assert.deepEqual(mergeKnownPlatforms(known, [{ id: A.id, name: 'Renamed' }, B]), [
      { id: A.id, name: 'Renamed' },
      B,
    ]);
  });
});

describe('what a refusal means', () => {
  const cases: Array<[string, Parameters<typeof refusalMeaning>[0], ReturnType<typeof refusalMeaning>]> = [
    [
      'the reports refuse a platform key never seen to open them (401)',
      { status: 401, side: 'reports', keyKind: 'platform', opens: {} },
      'wrongKind',
    ],
    [
      'the reports refuse a platform key never seen to open them (403)',
      { status: 403, side: 'reports', keyKind: 'platform', opens: { reports: false } },
      'wrongKind',
    ],
    [
      '… even filtered to a platform: never "not your platform"',
      { status: 403, side: 'reports', keyKind: 'platform', opens: {}, platformFiltered: true },
      'wrongKind',
    ],
    [
      'the reports refuse the account key (401)',
      { status: 401, side: 'reports', keyKind: 'account', opens: { reports: true } },
      'keyRefused',
    ],
    [
      'the reports refuse a platform filter with the account key (403)',
      { status: 403, side: 'reports', keyKind: 'account', opens: { reports: true }, platformFiltered: true },
      'platformNotYours',
    ],
    [
      'the reports refuse a key that opened them before',
      { status: 401, side: 'reports', keyKind: 'platform', opens: { reports: true } },
      'keyRefused',
    ],
    [
      'the catalog refuses the account key',
      { status: 403, side: 'catalog', keyKind: 'account', opens: {} },
      'wrongKind',
    ],
    [
      'the catalog refuses a platform key',
      { status: 401, side: 'catalog', keyKind: 'platform', opens: { catalog: true } },
      'keyRefused',
    ],
    ['any other status is no refusal', { status: 500, side: 'reports', keyKind: 'platform', opens: {} }, undefined],
  ];
  for (const [name, request, meaning] of cases) {
    it(name, () => assert.equal(refusalMeaning(request), meaning));
  }
});

describe('the words of keys', () => {
  it('says what a key opens, and what to add next', () => {
    const platformOnly = { platforms: [{ key: 'P', name: '', opens: { catalog: true, reports: false } }] };
    assert.deepEqual(keyOpensWords('platform', { catalog: true, reports: true }, platformOnly), {
      message: 'This key opens the merchant catalog and your reports.',
    });
    assert.deepEqual(keyOpensWords('platform', { catalog: true, reports: false }, platformOnly), {
      message: 'This key opens the merchant catalog. For your reports, add your account key.',
      next: 'addAccountKey',
    });
    assert.deepEqual(
      keyOpensWords(
        'platform',
        { catalog: true, reports: false },
        { ...platformOnly, account: { key: 'A', opens: {} } },
      ),
      { message: 'This key opens the merchant catalog. Your reports go on using your account key.' },
    );
    assert.deepEqual(
      keyOpensWords('account', { catalog: false, reports: true }, { platforms: [], account: { key: 'A', opens: {} } }),
      {
        message: 'This key opens your reports. For the merchant catalog and its links, add a platform key.',
        next: 'addPlatformKey',
      },
    );
    assert.deepEqual(
      keyOpensWords(
        'account',
        { catalog: false, reports: true },
        { ...platformOnly, account: { key: 'A', opens: {} } },
      ),
      { message: 'This key opens your reports. The merchant catalog goes on using your platform key.' },
    );
  });

  it('asks for the right kind of key, saying where it is, never as a failure or "not your platform"', () => {
    for (const words of [needsAccountKeyWords(), needsPlatformKeyWords()]) {
      assert.doesNotMatch(words, /fail|error|not one of your|refused/i, words);
    }
    assert.match(needsAccountKeyWords(), /account key.*server-to-server/);
    assert.match(needsPlatformKeyWords(), /platform key.*platform’s settings/);
  });

  it('the report panel asks for the account key when the reports refuse a platform key, filtered or not', () => {
    const shown = { shown: false, asOf: undefined };
    for (const status of [401, 403]) {
      for (const platformFiltered of [false, true]) {
        const error = panelErrorOf(new ApiError(status, [], '/v1/api/stats/click', undefined), shown, {
          keyKind: 'platform',
          opensReports: undefined,
          platformFiltered,
        });
        assert.equal(error.kind, 'needsAccountKey', `${status} ${platformFiltered}`);
        assert.deepEqual(error.actions, ['addAccountKey', 'keyHelp']);
        assert.doesNotMatch(error.message, /not one of your account/);
      }
    }
    const notYours = panelErrorOf(new ApiError(403, [], '/v1/api/stats/click', undefined), shown, {
      keyKind: 'account',
      opensReports: true,
      platformFiltered: true,
    });
    assert.equal(notYours.kind, 'forbidden');
    assert.match(notYours.message, /not one of your account/);
    assert.equal(
      panelErrorOf(new NetworkError('down', '/p', 'ECONNREFUSED'), shown, {
        keyKind: 'platform',
        opensReports: undefined,
        platformFiltered: false,
      }).kind,
      'network',
    );
  });
});
