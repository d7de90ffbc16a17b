/** The keys a person gave, kept as one JSON secret (`serializeKeyRing`), each with what it opened when checked. */

/** What a key opened when it was checked: true, false (refused), or undefined (not known). */
export interface KeyOpens {
  catalog?: boolean;
  reports?: boolean;
}

export interface PlatformKey {
  key: string;
  /** The platform's id (the reports' `adspaceId`) once known; undefined for a key bound to no platform yet. */
  platformId?: string;
  /** The platform's name as the reports give it, or as the person typed it; '' while unknown. */
  name: string;
  opens: KeyOpens;
}

export interface AccountKey {
  key: string;
  opens: KeyOpens;
}

/**
 * Platform keys (one per platform, a website or app of theirs, which open its merchant catalog and
 * tracking links) and one account key (the reports of every platform). Where the service knows one
 * key only, that key is a platform key that opens the reports too.
 */
export interface KeyRing {
  readonly platforms: readonly PlatformKey[];
  readonly account?: AccountKey;
}

export const EMPTY_RING: KeyRing = Object.freeze({ platforms: Object.freeze([]) });

/** One key of the ring, as Clear API Key names it. */
export type KeyRef = { kind: 'platform'; index: number } | { kind: 'account' };

const KEY = /^[A-Za-z0-9]+$/;
const VERSION = 1;
/** More platform keys than anyone has: a longer list is damage, not data. */
const MAX_PLATFORM_KEYS = 50;

export function isWellFormedKey(key: string): boolean {
  return KEY.test(key);
}

export function isEmptyRing(ring: KeyRing): boolean {
  return ring.platforms.length === 0 && ring.account === undefined;
}

export function serializeKeyRing(ring: KeyRing): string {
  return JSON.stringify({ version: VERSION, platforms: ring.platforms, account: ring.account });
}

function opensOf(value: unknown): KeyOpens {
  const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const flag = (field: unknown): boolean | undefined => (typeof field === 'boolean' ? field : undefined);
  return { catalog: flag(fields.catalog), reports: flag(fields.reports) };
}

function platformOf(value: unknown): PlatformKey | undefined {
  if (typeof value !== 'object' || value === null) {
    return undefined;
  }
  const fields = value as Record<string, unknown>;
  if (typeof fields.key !== 'string' || !isWellFormedKey(fields.key)) {
    return undefined;
  }
  const platformId = typeof fields.platformId === 'string' && fields.platformId !== '' ? fields.platformId : undefined;
  return {
    key: fields.key,
    ...(platformId === undefined ? {} : { platformId }),
    name: typeof fields.name === 'string' ? fields.name : '',
    opens: opensOf(fields.opens),
  };
}

/**
 * The ring a secret holds: the JSON `serializeKeyRing` wrote, or a bare key (what versions
 * before keys and platforms kept), which is a platform key of no platform, never checked.
 * Undefined when the text is neither: the caller says the saved keys could not be read.
 */
export function parseKeyRing(text: string): KeyRing | undefined {
  const trimmed = text.trim();
  if (isWellFormedKey(trimmed)) {
    return { platforms: [{ key: trimmed, name: '', opens: {} }] };
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || (value as { version?: unknown }).version !== VERSION) {
    return undefined;
  }
  const fields = value as Record<string, unknown>;
  if (!Array.isArray(fields.platforms) || fields.platforms.length > MAX_PLATFORM_KEYS) {
    return undefined;
  }
  const platforms = fields.platforms.map(platformOf);
  if (platforms.some((platform) => platform === undefined)) {
    return undefined;
  }
  const account = fields.account === undefined ? undefined : platformOf({ ...(fields.account as object), name: '' });
  if (fields.account !== undefined && account === undefined) {
    return undefined;
  }
  return {
    platforms: platforms as PlatformKey[],
    ...(account === undefined ? {} : { account: { key: account.key, opens: account.opens } }),
  };
}

/** True when two platform keys are for the same platform: the same id, or (without ids) the same name, '' being "no platform yet". */
function samePlatform(
  a: Pick<PlatformKey, 'platformId' | 'name'>,
  b: Pick<PlatformKey, 'platformId' | 'name'>,
): boolean {
  if (a.platformId !== undefined || b.platformId !== undefined) {
    return a.platformId === b.platformId;
  }
  return a.name.trim().toLowerCase() === b.name.trim().toLowerCase();
}

/** The ring with `entry` added, in place of the key of the same platform (or of no platform, for a key of none). */
export function withPlatformKey(ring: KeyRing, entry: PlatformKey): KeyRing {
  const index = ring.platforms.findIndex((other) => samePlatform(other, entry));
  const platforms =
    index < 0 ? [...ring.platforms, entry] : ring.platforms.map((other, at) => (at === index ? entry : other));
  return { ...ring, platforms };
}

export function withAccountKey(ring: KeyRing, account: AccountKey): KeyRing {
  return { ...ring, account };
}

export function withoutKey(ring: KeyRing, ref: KeyRef): KeyRing {
  if (ref.kind === 'account') {
    return { platforms: ring.platforms };
  }
  return { ...ring, platforms: ring.platforms.filter((_, index) => index !== ref.index) };
}

/** The ring's keys of both kinds, for a person to pick one (Clear API Key). */
export function keyRefs(ring: KeyRing): KeyRef[] {
  return [
    ...ring.platforms.map((_, index): KeyRef => ({ kind: 'platform', index })),
    ...(ring.account === undefined ? [] : [{ kind: 'account' } as const]),
  ];
}

/** The ring with what `learnt` says each key opens, over what it opened when checked; the same ring when that changes nothing. */
export function withOpens(ring: KeyRing, learnt: ReadonlyMap<string, KeyOpens>): KeyRing {
  let changed = false;
  const patch = <T extends { key: string; opens: KeyOpens }>(entry: T): T => {
    const opens = learnt.get(entry.key);
    if (
      opens === undefined ||
      Object.entries(opens).every(([side, value]) => entry.opens[side as keyof KeyOpens] === value)
    ) {
      return entry;
    }
    changed = true;
    return { ...entry, opens: { ...entry.opens, ...opens } };
  };
  const platforms = ring.platforms.map(patch);
  const account = ring.account === undefined ? undefined : patch(ring.account);
  return changed ? { platforms, ...(account === undefined ? {} : { account }) } : ring;
}
