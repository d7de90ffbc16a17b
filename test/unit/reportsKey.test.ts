/**
 * Which key the reports use (`serviceKeys` in src/keys/platforms.ts): the account key, else a
 * platform key not known to be refused by them. The ring here is the one a person who updated
 * from the single-key days has: their bare key, read from the old secret as a platform key of no
 * platform that nothing is known about, and beside it an account key, saved by Set API Key through
 * the key store or given in the environment. Nothing marks the migrated key as refused by the
 * reports, so only the rule itself can keep them on the account key.
 */
import assert from 'node:assert/strict';
import { withAccountKey, withOpens, type KeyRing } from '../../src/keys/keyRing';
import { keyVerdict } from '../../src/keys/keyVerdict';
import { platformChoices, serviceKeys, workspacePlatform, type PlatformChoice } from '../../src/keys/platforms';
import { LEGACY_SECRET_NAME, SECRET_NAME } from '../../src/secrets/keyRingStore';
import { keyStoreFixture } from './helpers/keyStorage';

const OLD_KEY = 'OldKey42';
const ACCOUNT_KEY = 'Acct77';
const A = { id: '11111111-1111-4111-8111-111111111111', name: 'Tech Review Blog' };
const B = { id: '22222222-2222-4222-8222-222222222222', name: 'Travel Guide App' };

/** The ring the store gives back, once the bare key of earlier versions is in the old secret and `arrange` ran. */
async function migratedRing(
  arrange: (fixture: ReturnType<typeof keyStoreFixture>) => Promise<unknown>,
  environment: Record<string, string> = {},
): Promise<KeyRing> {
  const fixture = keyStoreFixture(environment);
  fixture.secrets.values.set(LEGACY_SECRET_NAME, OLD_KEY);
  await arrange(fixture);
  const state = await fixture.store.get();
  assert.equal(state.kind, 'stored');
  return (state as { ring: KeyRing }).ring;
}

/** Every platform a workspace of this ring can be on: none chosen, each of the reports' platforms, one the setting names before the reports showed it. */
function platformsOf(ring: KeyRing): Array<[string, PlatformChoice | undefined]> {
  const choices = platformChoices([A, B], ring);
  return [
    ['no platform chosen', undefined],
    ...choices.map((choice): [string, PlatformChoice] => [`platform ${choice.name}`, choice]),
    [
      'a platform the reports have not shown',
      workspacePlatform('33333333-3333-4333-8333-333333333333', choices).platform,
    ],
  ];
}

describe('the reports’ key of a key ring migrated from the single-key days', () => {
  it('reads the bare key as a platform key of no platform, nothing known about what it opens', async () => {
    const ring = await migratedRing(async () => undefined);
    assert.deepEqual(ring, { platforms: [{ key: OLD_KEY, name: '', opens: {} }] });
  });

  const accounts: Array<[string, (fixture: ReturnType<typeof keyStoreFixture>) => Promise<unknown>]> = [
    [
      'an account key Set API Key saved (the reports opened it, the catalog refused it)',
      (fixture) => {
        const verdict = keyVerdict('refused', 'opened');
        assert.ok(verdict.kind === 'opens' && verdict.keyKind === 'account');
        return fixture.store.update((ring) => withAccountKey(ring, { key: ACCOUNT_KEY, opens: verdict.opens }));
      },
    ],
    [
      'an account key saved unchecked (the catalog refused it, the reports could not be asked)',
      (fixture) => {
        const verdict = keyVerdict('refused', 'failed');
        assert.ok(verdict.kind === 'unchecked' && verdict.keyKind === 'account');
        return fixture.store.update((ring) => withAccountKey(ring, { key: ACCOUNT_KEY, opens: verdict.opens }));
      },
    ],
  ];
  for (const [name, arrange] of accounts) {
    it(`uses ${name} for the reports, and the migrated key for the catalog, whatever the platform`, async () => {
      const ring = await migratedRing(arrange);
      assert.deepEqual(
        ring.platforms.map((key) => [key.key, key.name, key.platformId, key.opens.reports]),
        [[OLD_KEY, '', undefined, undefined]],
        'the migrated key is still a key nothing is known about',
      );
      for (const [where, platform] of platformsOf(ring)) {
        const keys = serviceKeys(ring, platform);
        assert.equal(keys.reports?.key, ACCOUNT_KEY, `${where}: the reports use the account key`);
        assert.equal(keys.reports?.kind, 'account', where);
        assert.equal(keys.catalog?.key, OLD_KEY, `${where}: the catalog uses the migrated key`);
      }
    });
  }

  it('uses an account key given in the environment beside the migrated key', async () => {
    const ring = await migratedRing(async () => undefined, { AFFILIATE_LINKS_ACCOUNT_KEY: ACCOUNT_KEY });
    assert.deepEqual(ring, {
      platforms: [{ key: OLD_KEY, name: '', opens: {} }],
      account: { key: ACCOUNT_KEY, opens: {} },
    });
    for (const [where, platform] of platformsOf(ring)) {
      assert.deepEqual(
        serviceKeys(ring, platform).reports,
        { key: ACCOUNT_KEY, kind: 'account', opens: {} },
        `${where}: the account key, though nothing is known about either key`,
      );
    }
  });

  it('keeps the account key even once the migrated key was seen to open the reports', async () => {
    let saved: KeyRing | undefined;
    const ring = await migratedRing(async (fixture) => {
      await fixture.store.update((current) => withAccountKey(current, { key: ACCOUNT_KEY, opens: { reports: true } }));
      saved = await fixture.store.update((current) => withOpens(current, new Map([[OLD_KEY, { reports: true }]])));
    });
    assert.deepEqual(ring, saved, 'the store moved the ring to the new secret and reads it back');
    assert.equal(ring.platforms[0]!.opens.reports, true);
    assert.equal(serviceKeys(ring, undefined).reports?.key, ACCOUNT_KEY);
  });

  it('tries the migrated key on the reports while there is no account key, and not once they refused it', async () => {
    const fixture = keyStoreFixture();
    fixture.secrets.values.set(LEGACY_SECRET_NAME, OLD_KEY);
    const alone = (await fixture.store.get()) as { ring: KeyRing };
    assert.deepEqual(serviceKeys(alone.ring, undefined).reports, { key: OLD_KEY, kind: 'platform', opens: {} });
    const refused = await fixture.store.update((ring) => withOpens(ring, new Map([[OLD_KEY, { reports: false }]])));
    assert.ok(fixture.secrets.values.has(SECRET_NAME), 'the ring moved to the new secret');
    assert.equal(serviceKeys(refused, undefined).reports, undefined);
  });
});
