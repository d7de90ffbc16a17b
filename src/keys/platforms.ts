/** A workspace's platform (from the reports and the named keys), and the keys that serve it. */
import type { KeyOpens, KeyRing, PlatformKey } from './keyRing';

/** A platform the reports showed. */
export interface KnownPlatform {
  id: string;
  name: string;
}

/** A platform a workspace can choose: one the reports showed, or a named key's. */
export interface PlatformChoice {
  /** The reports' `adspaceId`; undefined for a named key the reports have not shown. */
  id?: string;
  name: string;
  /** The index in the ring of its platform key, if it has one. */
  keyIndex?: number;
}

export interface WorkspacePlatform {
  /** Undefined: all platforms (none chosen, or the account has none or one shown yet). */
  platform: PlatformChoice | undefined;
  /** Several platforms and none chosen: the person is asked once. */
  ask: boolean;
}

/** The platform key and the reports' key of a workspace, and the figures' platform filter. */
export interface ServiceKeys {
  /** For the catalog, links and hovers. `own`: the platform's own key, not one of another or of no platform. */
  catalog: { key: string; index: number; own: boolean; opens: KeyOpens } | undefined;
  /** For the reports: the account key, else a platform key that is not known to be refused by them. */
  reports: { key: string; kind: 'account' | 'platform'; opens: KeyOpens } | undefined;
  /** The reports' `adspaceId` filter of the figures, the lenses and the status bar. */
  platformId: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** True when `key` is the key of `platform`: bound to its id, or (bound to no id) named as it is. */
function isKeyOf(key: PlatformKey, platform: Pick<PlatformChoice, 'id' | 'name'>): boolean {
  if (key.platformId !== undefined) {
    return key.platformId === platform.id;
  }
  return key.name !== '' && sameName(key.name, platform.name);
}

/** Every platform a workspace can choose: the reports' platforms in their order, then named keys of no platform the reports showed. */
export function platformChoices(known: readonly KnownPlatform[], ring: KeyRing): PlatformChoice[] {
  const choices: PlatformChoice[] = known.map((platform) => {
    const keyIndex = ring.platforms.findIndex((key) => isKeyOf(key, platform));
    return { id: platform.id, name: platform.name, ...(keyIndex < 0 ? {} : { keyIndex }) };
  });
  ring.platforms.forEach((key, keyIndex) => {
    if (key.name !== '' && !choices.some((choice) => choice.keyIndex === keyIndex)) {
      choices.push({ ...(key.platformId === undefined ? {} : { id: key.platformId }), name: key.name, keyIndex });
    }
  });
  return choices;
}

/**
 * The workspace's platform: the one the setting names (by id, then by name), else the only one
 * there is. A setting that names no platform known yet is still its platform (an id before the
 * reports were read, a name before its key was set).
 */
export function workspacePlatform(setting: string | undefined, choices: readonly PlatformChoice[]): WorkspacePlatform {
  const wanted = setting?.trim() ?? '';
  if (wanted !== '') {
    const chosen =
      choices.find((choice) => choice.id === wanted) ?? choices.find((choice) => sameName(choice.name, wanted));
    return { platform: chosen ?? (UUID.test(wanted) ? { id: wanted, name: wanted } : { name: wanted }), ask: false };
  }
  return choices.length === 1 ? { platform: choices[0], ask: false } : { platform: undefined, ask: choices.length > 1 };
}

/**
 * The keys that serve `platform`. The catalog: its own key, else the key of no platform, else
 * (no platform chosen) the first key; a platform with no key of its own and no key of no
 * platform gets the first key too, marked as not its own, so its links can be questioned. The
 * reports: the account key, or a platform key that opens them; the figures count that platform's
 * clicks (the reports' `adspaceId` filter).
 */
export function serviceKeys(ring: KeyRing, platform: PlatformChoice | undefined): ServiceKeys {
  const keys = ring.platforms;
  const ownIndex = platform === undefined ? -1 : (platform.keyIndex ?? keys.findIndex((key) => isKeyOf(key, platform)));
  const unbound = keys.findIndex((key) => key.platformId === undefined && key.name === '');
  const index = ownIndex >= 0 ? ownIndex : unbound >= 0 ? unbound : keys.length > 0 ? 0 : -1;
  const chosen = keys[index];
  const catalog =
    chosen === undefined
      ? undefined
      : { key: chosen.key, index, own: ownIndex >= 0 || platform === undefined, opens: chosen.opens };
  const reportsBy =
    chosen !== undefined && chosen.opens.reports !== false ? chosen : keys.find((key) => key.opens.reports === true);
  const reports =
    ring.account !== undefined
      ? { key: ring.account.key, kind: 'account' as const, opens: ring.account.opens }
      : reportsBy === undefined
        ? undefined
        : { key: reportsBy.key, kind: 'platform' as const, opens: reportsBy.opens };
  return { catalog, reports, platformId: platform?.id };
}

/** `known` with the platforms of `seen` added, and renamed where the reports name them anew; the same array when nothing changed. */
export function mergeKnownPlatforms(
  known: readonly KnownPlatform[],
  seen: readonly KnownPlatform[],
): readonly KnownPlatform[] {
  let merged: KnownPlatform[] | undefined;
  for (const platform of seen) {
    if (platform.id === '' || platform.name === '') {
      continue;
    }
    const current = merged ?? known;
    const at = current.findIndex((other) => other.id === platform.id);
    if (at >= 0 && current[at]!.name === platform.name) {
      continue;
    }
    merged ??= [...known];
    if (at >= 0) {
      merged[at] = { id: platform.id, name: platform.name };
    } else {
      merged.push({ id: platform.id, name: platform.name });
    }
  }
  return merged ?? known;
}
