/**
 * The keys in VS Code's secret storage (src/secrets/keyRingStore.ts): where they come from
 * (stored, the environment, lost, the keyring failing), the bare key of earlier versions read
 * and moved, saves that fail, and keys never logged.
 */
import assert from 'node:assert/strict';
import { EMPTY_RING, parseKeyRing, withAccountKey, withPlatformKey } from '../../src/keys/keyRing';
import {
  KeyStorageError,
  LEGACY_SECRET_NAME,
  SAVED_FLAG,
  SECRET_NAME,
  type KeyRingState,
} from '../../src/secrets/keyRingStore';
import { keyStoreFixture as setup } from './helpers/keyStorage';

const ONE = JSON.stringify({ version: 1, platforms: [{ key: 'Key1', name: '', opens: { catalog: true } }] });

describe('the key store', () => {
  const cases: Array<
    [string, (fixture: ReturnType<typeof setup>) => void, Record<string, string>, KeyRingState['kind']]
  > = [
    ['nothing saved, no environment', () => undefined, {}, 'none'],
    ['stored keys', (f) => f.secrets.values.set(SECRET_NAME, ONE), {}, 'stored'],
    ['the bare key of earlier versions', (f) => f.secrets.values.set(LEGACY_SECRET_NAME, 'Key1'), {}, 'stored'],
    [
      'stored keys win over the environment',
      (f) => f.secrets.values.set(SECRET_NAME, ONE),
      { AFFILIATE_LINKS_API_KEY: 'Env1' },
      'stored',
    ],
    ['the environment when nothing is stored', () => undefined, { AFFILIATE_LINKS_API_KEY: 'Env1' }, 'environment'],
    [
      'an account key from the environment alone',
      () => undefined,
      { AFFILIATE_LINKS_ACCOUNT_KEY: 'Acct1' },
      'environment',
    ],
    [
      'an environment value that is not a key is ignored',
      () => undefined,
      { AFFILIATE_LINKS_API_KEY: 'not a key!' },
      'none',
    ],
    ['flag set but the keyring gives nothing back: lost', (f) => f.state.values.set(SAVED_FLAG, true), {}, 'lost'],
    [
      'flag set and a damaged secret: lost',
      (f) => (f.state.values.set(SAVED_FLAG, true), f.secrets.values.set(SECRET_NAME, '{"version":1,')),
      {},
      'lost',
    ],
    [
      'flag set, keyring empty, but an environment key: environment',
      (f) => f.state.values.set(SAVED_FLAG, true),
      { AFFILIATE_LINKS_API_KEY: 'Env1' },
      'environment',
    ],
    ['the keyring throws: unavailable', (f) => (f.secrets.failGet = true), {}, 'unavailable'],
  ];
  for (const [name, arrange, environment, expected] of cases) {
    it(name, async () => {
      const fixture = setup(environment);
      arrange(fixture);
      assert.equal((await fixture.store.get()).kind, expected);
    });
  }

  it('fills in the kind the secret storage lacks from the environment', async () => {
    const fixture = setup({ AFFILIATE_LINKS_ACCOUNT_KEY: 'Acct1', AFFILIATE_LINKS_API_KEY: 'Env1' });
    fixture.secrets.values.set(SECRET_NAME, ONE);
    const state = await fixture.store.get();
    assert.ok(state.kind === 'stored');
    assert.deepEqual(
      state.ring.platforms.map((key) => key.key),
      ['Key1'],
    );
    assert.equal(state.ring.account?.key, 'Acct1');
  });

  it('saves the keys only in the secret storage, with the non-secret flag, and moves the bare key of earlier versions', async () => {
    const fixture = setup();
    fixture.secrets.values.set(LEGACY_SECRET_NAME, 'OldKey1');
    await fixture.store.update((ring) => withAccountKey(ring, { key: 'Acct123', opens: { reports: true } }));
    assert.deepEqual([...fixture.secrets.values.keys()], [SECRET_NAME]);
    assert.deepEqual(parseKeyRing(fixture.secrets.values.get(SECRET_NAME)!), {
      platforms: [{ key: 'OldKey1', name: '', opens: { catalog: undefined, reports: undefined } }],
      account: { key: 'Acct123', opens: { catalog: undefined, reports: true } },
    });
    assert.deepEqual([...fixture.state.values], [[SAVED_FLAG, true]]);
    assert.ok(
      fixture.lines.every((line) => !line.includes('Acct123') && !line.includes('OldKey1')),
      'keys are never logged',
    );
  });

  it('reports keys lost by a keyring that only kept them in memory', async () => {
    const fixture = setup();
    await fixture.store.update((ring) => withPlatformKey(ring, { key: 'Abc123', name: '', opens: {} }));
    fixture.secrets.forget = true; // "after a restart"
    assert.equal((await fixture.store.get()).kind, 'lost');
  });

  it('fails clearly when the secret storage refuses, keeps what was there, and sets no flag', async () => {
    const fixture = setup();
    fixture.secrets.values.set(SECRET_NAME, ONE);
    fixture.secrets.failStore = true;
    await assert.rejects(
      fixture.store.update((ring) => withPlatformKey(ring, { key: 'Abc123', name: 'Shop', opens: {} })),
      (error: unknown) =>
        (error as Error).name === 'KeyStorageError' &&
        error instanceof KeyStorageError &&
        /could not save/.test((error as Error).message),
    );
    assert.equal(fixture.secrets.values.get(SECRET_NAME), ONE);
    assert.equal(fixture.state.values.size, 0);
    assert.ok(fixture.lines.some((line) => /Saving the API keys .* failed: no keyring/.test(line)));
    assert.ok(fixture.lines.every((line) => !line.includes('Abc123')));
  });

  it('clears every key and the flag', async () => {
    const fixture = setup();
    await fixture.store.update((ring) => withPlatformKey(ring, { key: 'Abc123', name: '', opens: {} }));
    await fixture.store.update(() => EMPTY_RING);
    assert.equal(fixture.secrets.values.size, 0);
    assert.equal(fixture.state.values.size, 0);
    assert.equal((await fixture.store.get()).kind, 'none');
  });

  it('saves in the order asked: two changes at once both land', async () => {
    const fixture = setup();
    await Promise.all([
      fixture.store.update((ring) => withPlatformKey(ring, { key: 'Plat1', name: '', opens: {} })),
      fixture.store.update((ring) => withAccountKey(ring, { key: 'Acct1', opens: {} })),
    ]);
    const state = await fixture.store.get();
    assert.ok(state.kind === 'stored');
    assert.equal(state.ring.platforms[0]?.key, 'Plat1');
    assert.equal(state.ring.account?.key, 'Acct1');
  });

  it('tells about changes of its own secrets only', async () => {
    const fixture = setup();
    let changes = 0;
    fixture.store.onDidChange(() => (changes += 1));
    await fixture.secrets.store('someone.else', 'x');
    await fixture.store.update((ring) => withPlatformKey(ring, { key: 'Abc123', name: '', opens: {} }));
    assert.ok(changes >= 1);
    const before = changes;
    await fixture.secrets.store('someone.else', 'y');
    assert.equal(changes, before);
  });
});
