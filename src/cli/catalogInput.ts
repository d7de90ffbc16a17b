/**
 * The catalog a check runs against: the snapshot `--catalog` names, refused whole when damaged, too old for
 * `--max-catalog-age`, or missing; each problem worded with what to do (the command then exits 2).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readCatalogSnapshot, snapshotAgeDays, type CatalogSnapshot } from '../catalog/snapshot/catalogSnapshot';
import { MerchantDomainIndex } from '../links/domainIndex';
import type { MerchantKey } from '../merchant/merchantKey';
import { TOOL_NAME } from './cliIo';
import { keptCatalogOf, KeptSnapshot, type KeptCatalog } from './keptCatalog';

/** The environment variable `catalog pull` takes the key from (never an argument). */
export const KEY_VARIABLE = 'AFFILIATE_LINKS_KEY';

const HOW_TO_GET_ONE = `run Export Catalog Snapshot in VS Code, or ${TOOL_NAME} catalog pull --out FILE with the key in ${KEY_VARIABLE}`;

/** Whether a number of days reads well as it is (`3`) or with one decimal (`2.5`). */
const days = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

export type SnapshotFile = { ok: true; bytes: Buffer } | { ok: false; problem: string };

/** The bytes of the snapshot `--catalog` names, or what to do without one or when it cannot be read. */
export async function readSnapshotFile(
  catalog: string | undefined,
  io: { cwd: string; env: Readonly<Record<string, string | undefined>> },
): Promise<SnapshotFile> {
  if (catalog === undefined) {
    const hasKey = (io.env[KEY_VARIABLE] ?? '').trim() !== '';
    return {
      ok: false,
      problem: hasKey
        ? `no catalog: pass --catalog FILE. ${KEY_VARIABLE} is set, so ${TOOL_NAME} catalog pull --out FILE can write one first`
        : `no catalog: pass --catalog FILE with a catalog snapshot (${HOW_TO_GET_ONE})`,
    };
  }
  try {
    return { ok: true, bytes: await readFile(path.resolve(io.cwd, catalog)) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return { ok: false, problem: `cannot read the catalog snapshot ${catalog} (${code}): check the path` };
  }
}

/** The problem of a snapshot taken at `takenAt` that is older than `--max-catalog-age`, if it is. */
export function ageProblem(catalog: string, takenAt: string, maxAgeDays: number | undefined, now: Date) {
  const age = snapshotAgeDays({ takenAt }, now);
  return maxAgeDays !== undefined && age > maxAgeDays
    ? `the catalog snapshot ${catalog} was taken ${takenAt}, ${days(age)} days ago, older than --max-catalog-age ${days(maxAgeDays)}: take a new one (${HOW_TO_GET_ONE})`
    : undefined;
}

/** The snapshot in the file's bytes, every line checked: refused whole when damaged, or too old. */
export function snapshotOf(
  catalog: string,
  bytes: Buffer,
  maxAgeDays: number | undefined,
  now: Date,
): { ok: true; snapshot: CatalogSnapshot } | { ok: false; problem: string } {
  const read = readCatalogSnapshot(bytes.toString('utf8'));
  if (!read.ok) {
    return {
      ok: false,
      problem: `the catalog snapshot ${catalog} is refused: ${read.problem}. Write it again (${HOW_TO_GET_ONE})`,
    };
  }
  const old = ageProblem(catalog, read.snapshot.takenAt, maxAgeDays, now);
  return old === undefined ? read : { ok: false, problem: old };
}

/** The SHA-1 of the snapshot's bytes, in hex: what tells one snapshot from another (the cache is made for one). */
export const snapshotDigestOf = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

/** The catalog a run checks against: its date and size, its domain index, its merchants' names, what --cache keeps. */
export type RunCatalog =
  | {
      ok: true;
      takenAt: string;
      merchants: number;
      index: MerchantDomainIndex;
      nameOf(key: MerchantKey): string | undefined;
      kept(): KeptCatalog | undefined;
      /** Why the snapshot could not be read as the cache kept it, once the run is over (never in practice). */
      problem?(): string | undefined;
    }
  | { ok: false; problem: string };

/** The snapshot read whole, every line checked. */
export function wholeCatalog(name: string, bytes: Buffer, maxAgeDays: number | undefined, now: Date): RunCatalog {
  const read = snapshotOf(name, bytes, maxAgeDays, now);
  if (!read.ok) {
    return read;
  }
  const { merchants, takenAt } = read.snapshot;
  const index = new MerchantDomainIndex(merchants);
  return {
    ok: true,
    takenAt,
    merchants: merchants.size,
    index,
    nameOf: (key) => merchants.get(key)?.name,
    kept: () => keptCatalogOf(read.snapshot, index),
  };
}

/** The snapshot through what the cache kept of it, its bytes being the ones read whole then (keptCatalog.ts). */
export function keptCatalog(
  name: string,
  bytes: Buffer,
  kept: KeptCatalog,
  maxAgeDays: number | undefined,
  now: Date,
): RunCatalog {
  const old = ageProblem(name, kept.takenAt, maxAgeDays, now);
  if (old !== undefined) {
    return { ok: false, problem: old };
  }
  const snapshot = new KeptSnapshot(bytes, kept);
  const nameOf = (key: MerchantKey) => snapshot.nameOf(key);
  return {
    ok: true,
    takenAt: kept.takenAt,
    merchants: kept.merchants,
    index: snapshot.index,
    nameOf,
    kept: () => kept,
    problem: () => snapshot.problem,
  };
}
