/** The sandbox's keys: a platform key per platform and an account key, as the real service has, in two worlds. */
import { matchingKey } from './auth';

/**
 * The spec knows one key; the real service has a platform key for each platform (a website or app
 * of the publisher, which the catalog and its tracking links belong to) and an account key (the reports).
 *   single  every platform key opens everything; there is no account key.
 *   split   a platform key opens its platform's catalog only, the account key the reports only.
 */
export type KeyWorld = 'single' | 'split';

export const KEY_WORLDS: readonly KeyWorld[] = ['single', 'split'];

export interface PlatformKey {
  /** The platform's id: the `adspaceId` of its report items. */
  id: string;
  name: string;
  key: string;
}

export interface SandboxKeys {
  world: KeyWorld;
  /** In the dataset's order of platforms; the first one's key is the `key` option. */
  platforms: PlatformKey[];
  /** The account key; only in `split`. */
  account: string | undefined;
}

/** Who a key belongs to: a platform (by its index in SandboxKeys.platforms) or the account. */
export type KeyHolder = { kind: 'platform'; index: number } | { kind: 'account' };

/**
 * The key of the platform at `index` (0-based): platform 1's is `key` itself, platform i's `${key}P${i}`;
 * the account key is `${key}A`. All of them letters and digits, as keys must be.
 */
export function platformKey(key: string, index: number): string {
  return index === 0 ? key : `${key}P${index + 1}`;
}

export function accountKey(key: string): string {
  return `${key}A`;
}

export function sandboxKeys(
  key: string,
  platforms: ReadonlyArray<{ id: string; name: string }>,
  world: KeyWorld,
): SandboxKeys {
  return {
    world,
    platforms: platforms.map((platform, index) => ({
      id: platform.id,
      name: platform.name,
      key: platformKey(key, index),
    })),
    account: world === 'split' ? accountKey(key) : undefined,
  };
}

/** Whose key an `Authorization` header carries, or undefined for none of the sandbox's keys; compared in constant time. */
export function keyHolder(keys: SandboxKeys, header: string | undefined): KeyHolder | undefined {
  const candidates = keys.platforms.map((platform) => platform.key);
  if (keys.account !== undefined) {
    candidates.push(keys.account);
  }
  const index = matchingKey(header, candidates);
  if (index < 0) {
    return undefined;
  }
  return index < keys.platforms.length ? { kind: 'platform', index } : { kind: 'account' };
}

const ORIGIN = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/i;

/**
 * The tracking link of the platform at `index`: as stored for platform 1 (index 0), otherwise
 * with the path segment `p<index + 1>` right after the host: `https://host/CODE` becomes
 * `https://host/p2/CODE` for index 1. A link without a scheme and host is left as it is.
 */
export function platformTrackingLink(link: string, index: number): string {
  const match = index === 0 ? null : ORIGIN.exec(link);
  return match ? `${match[1]}/p${index + 1}${match[2]}` : link;
}
