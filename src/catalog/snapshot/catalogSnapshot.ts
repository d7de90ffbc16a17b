/**
 * The catalog snapshot: the merchants of a catalog in one file, for link health without the service (the command
 * line in CI, `affiliate-links check --catalog FILE`). Written by Export Catalog Snapshot in the extension and by
 * `affiliate-links catalog pull`. Versioned; every line carries its CRC-32 (`common/checkedLines.ts`), and a
 * damaged or cut file is refused whole, saying where.
 */
import { normalizeMerchant } from '../../api/normalize/merchant';
import type { Merchant } from '../../api/types';
import { checkedLine, lineCheckHolds } from '../../common/checkedLines';
import { MERCHANT_FIELDS, toCatalogMerchant } from '../../merchant/merchantFields';
import { merchantKey, type MerchantKey } from '../../merchant/merchantKey';
import type { CatalogMerchant } from '../../merchant/merchantFields';

export const SNAPSHOT_FORMAT = 'affiliate-links-catalog-snapshot';
export const SNAPSHOT_VERSION = 1;

export interface CatalogSnapshot {
  /** When the catalog was read from the service (ISO 8601). */
  takenAt: string;
  /** The service's address it was read from. */
  baseUrl?: string;
  merchants: ReadonlyMap<MerchantKey, CatalogMerchant>;
}

export type SnapshotRead = { ok: true; snapshot: CatalogSnapshot } | { ok: false; problem: string };

/** A merchant as the snapshot keeps it: its fields, plain (a cached merchant's getters read). */
function plainFields(merchant: Merchant): Record<string, unknown> {
  return Object.fromEntries(MERCHANT_FIELDS.map((field) => [field, merchant[field]]));
}

/** The snapshot's text: a header line, then a line per merchant, each with its check. */
export function writeCatalogSnapshot(snapshot: CatalogSnapshot): string {
  const lines = [
    checkedLine({
      format: SNAPSHOT_FORMAT,
      version: SNAPSHOT_VERSION,
      takenAt: snapshot.takenAt,
      ...(snapshot.baseUrl === undefined ? {} : { baseUrl: snapshot.baseUrl }),
      merchants: snapshot.merchants.size,
    }),
  ];
  for (const merchant of snapshot.merchants.values()) {
    lines.push(checkedLine({ merchant: plainFields(merchant) }));
  }
  return lines.join('');
}

type Line = Record<string, unknown> & { crc32?: unknown };

/** One line read and checked, or why it is refused (`at` is its 1-based number). */
function readLine(text: string, at: number): { ok: true; fields: Line } | { ok: false; problem: string } {
  let fields: unknown;
  try {
    fields = JSON.parse(text);
  } catch {
    return { ok: false, problem: `line ${at} is not JSON` };
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    return { ok: false, problem: `line ${at} is not an object` };
  }
  const line = fields as Line;
  return lineCheckHolds(text, line.crc32)
    ? { ok: true, fields: line }
    : { ok: false, problem: `line ${at} fails its check` };
}

/**
 * The snapshot in `text`, or why it is refused whole: not a snapshot, a version this tool does not read, a line
 * damaged, a merchant that is not one, or fewer or more merchants than its header says (a cut file).
 */
export function readCatalogSnapshot(text: string): SnapshotRead {
  const lines = text.split('\n');
  if (lines.at(-1) === '') {
    lines.pop();
  }
  const header = lines.length === 0 ? undefined : readLine(lines[0]!, 1);
  if (header === undefined || !header.ok || header.fields.format !== SNAPSHOT_FORMAT) {
    return { ok: false, problem: header && !header.ok ? header.problem : 'it is not a catalog snapshot' };
  }
  const { version, takenAt, baseUrl, merchants: count } = header.fields;
  if (version !== SNAPSHOT_VERSION) {
    return {
      ok: false,
      problem:
        typeof version === 'number' && version > SNAPSHOT_VERSION
          ? `it is of version ${version}, newer than this tool reads (${SNAPSHOT_VERSION}): update the tool`
          : `its version ${JSON.stringify(version)} is not one this tool reads (${SNAPSHOT_VERSION})`,
    };
  }
  if (typeof takenAt !== 'string' || Number.isNaN(Date.parse(takenAt)) || typeof count !== 'number') {
    return { ok: false, problem: 'line 1 has no valid date or merchant count' };
  }
  const merchants = new Map<MerchantKey, CatalogMerchant>();
  for (let i = 1; i < lines.length; i++) {
    const line = readLine(lines[i]!, i + 1);
    if (!line.ok) {
      return line;
    }
    const merchant = normalizeMerchant(line.fields.merchant);
    if (!merchant.ok) {
      return { ok: false, problem: `line ${i + 1} holds no merchant: ${merchant.reason}` };
    }
    merchants.set(merchantKey(merchant.value), toCatalogMerchant(merchant.value));
  }
  if (lines.length - 1 !== count) {
    return {
      ok: false,
      problem: `its header names ${count} merchants but it holds ${lines.length - 1}: it is cut short or added to`,
    };
  }
  return {
    ok: true,
    snapshot: { takenAt, ...(typeof baseUrl === 'string' ? { baseUrl } : {}), merchants },
  };
}

/** The snapshot's age in days at `now`. */
export function snapshotAgeDays(snapshot: Pick<CatalogSnapshot, 'takenAt'>, now: Date = new Date()): number {
  return (now.getTime() - Date.parse(snapshot.takenAt)) / 86_400_000;
}
