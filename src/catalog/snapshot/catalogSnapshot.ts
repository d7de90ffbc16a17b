/**
 * The catalog snapshot: the merchants of a catalog in one file, for link health without the service (the command
 * line in CI, `affiliate-links check --catalog FILE`). Written by Export Catalog Snapshot in the extension and by
 * `affiliate-links catalog pull`. Versioned; every line carries its CRC-32 (`common/checkedLines.ts`), and a
 * damaged or cut file is refused whole, saying where.
 *
 * The file: a header line `{"format":"affiliate-links-catalog-snapshot","version":1,"takenAt":…,"baseUrl":…,
 * "merchants":<count>,"crc32":…}`, then one line per merchant, `{"merchant":{…},"crc32":…}`, the merchant under the
 * service's field names (`merchant/serviceFields.ts`), read back by the client's own `normalizeMerchant`. Lines end
 * in `\n`; a checkout that turned them into `\r\n` (git's `core.autocrlf` on Windows) reads the same.
 */
import * as l10n from '@vscode/l10n';
import { normalizeMerchant } from '../../api/normalize/merchant';
import { checkedLine, lineCheckHolds } from '../../common/checkedLines';
import { asCatalogMerchant } from '../../merchant/merchantFields';
import { merchantKey, type MerchantKey } from '../../merchant/merchantKey';
import type { CatalogMerchant } from '../../merchant/merchantFields';
import { toServiceFields } from '../../merchant/serviceFields';

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

/**
 * The snapshot's text: a header line, then a line per merchant, each with its check. Every field of every merchant
 * is read by name, so a merchant of a cached catalog (its details behind getters, read from the cache file on first
 * access) is written whole.
 */
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
    lines.push(checkedLine({ merchant: toServiceFields(merchant) }));
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
    return {
      ok: false,
      problem: l10n.t({
        message: 'line {0} is not JSON',
        args: [at],
        comment: ['{0}: a line number. Part of "The catalog snapshot FILE is refused: …".'],
      }),
    };
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    return {
      ok: false,
      problem: l10n.t({
        message: 'line {0} is not a JSON object',
        args: [at],
        comment: ['{0}: a line number. Part of "The catalog snapshot FILE is refused: …".'],
      }),
    };
  }
  const line = fields as Line;
  return lineCheckHolds(text, line.crc32)
    ? { ok: true, fields: line }
    : {
        ok: false,
        problem: l10n.t({
          message: 'line {0} does not match its check (crc32): it was changed or damaged',
          args: [at],
          comment: ['{0}: a line number; keep crc32, a field name. Part of "The catalog snapshot FILE is refused: …".'],
        }),
      };
}

/** The file's lines without their ends (`\n`, or `\r\n`), and without a byte order mark. */
function linesOf(text: string): string[] {
  const lines = (text.startsWith('\uFEFF') ? text.slice(1) : text).split('\n');
  if (lines.at(-1) === '') {
    lines.pop();
  }
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/**
 * The snapshot in `text`, or why it is refused whole, saying where: empty, not a snapshot, a version this tool does
 * not read, a line damaged, a merchant that is not one, or fewer or more merchants than its header says (a file cut
 * short or added to). Never a catalog other than the one written.
 */
export function readCatalogSnapshot(text: string): SnapshotRead {
  const lines = linesOf(text);
  if (lines.length === 0) {
    return {
      ok: false,
      problem: l10n.t({
        message: 'the file is empty',
        comment: ['Part of "The catalog snapshot FILE is refused: …".'],
      }),
    };
  }
  const header = readLine(lines[0]!, 1);
  if (!header.ok || header.fields.format !== SNAPSHOT_FORMAT) {
    return {
      ok: false,
      problem: header.ok
        ? l10n.t({
            message: 'it is not a catalog snapshot (line 1 names no format {0})',
            args: [SNAPSHOT_FORMAT],
            comment: [
              '{0}: the name of the file format, kept as it is. Part of "The catalog snapshot FILE is refused: …".',
            ],
          })
        : l10n.t({
            message: 'it is not a catalog snapshot: {0}',
            args: [header.problem],
            comment: ['{0}: what is wrong with its first line. Part of "The catalog snapshot FILE is refused: …".'],
          }),
    };
  }
  const { version, takenAt, baseUrl, merchants: count } = header.fields;
  if (version !== SNAPSHOT_VERSION) {
    return {
      ok: false,
      problem:
        typeof version === 'number' && version > SNAPSHOT_VERSION
          ? l10n.t({
              message:
                'it is of version {0}, newer than this tool reads ({1}): update the tool (the extension, or the affiliate-links package)',
              args: [version, SNAPSHOT_VERSION],
              comment: ['{0}, {1}: version numbers. Part of "The catalog snapshot FILE is refused: …".'],
            })
          : l10n.t({
              message: 'its version {0} is not one this tool reads ({1})',
              args: [JSON.stringify(version) ?? 'none', SNAPSHOT_VERSION],
              comment: ['{0}, {1}: version numbers. Part of "The catalog snapshot FILE is refused: …".'],
            }),
    };
  }
  if (
    typeof takenAt !== 'string' ||
    Number.isNaN(Date.parse(takenAt)) ||
    !Number.isSafeInteger(count) ||
    (count as number) < 0
  ) {
    return {
      ok: false,
      problem: l10n.t({
        message: 'line 1 has no valid date or merchant count',
        comment: ['Part of "The catalog snapshot FILE is refused: …".'],
      }),
    };
  }
  const merchants = new Map<MerchantKey, CatalogMerchant>();
  for (let i = 1; i < lines.length; i++) {
    const line = readLine(lines[i]!, i + 1);
    if (!line.ok) {
      return line;
    }
    const merchant = normalizeMerchant(line.fields.merchant);
    if (!merchant.ok) {
      return {
        ok: false,
        problem: l10n.t({
          message: 'line {0} holds no merchant: {1}',
          args: [i + 1, merchant.reason],
          comment: ['{0}: a line number; {1}: why. Part of "The catalog snapshot FILE is refused: …".'],
        }),
      };
    }
    const key = merchantKey(merchant.value);
    if (merchants.has(key)) {
      return {
        ok: false,
        problem: l10n.t({
          message: 'line {0} holds a merchant an earlier line holds too ({1})',
          args: [i + 1, key],
          comment: [
            '{0}: a line number; {1}: the merchant, such as id:123. Part of "The catalog snapshot FILE is refused: …".',
          ],
        }),
      };
    }
    merchants.set(key, asCatalogMerchant(merchant.value));
  }
  if (lines.length - 1 !== count) {
    return {
      ok: false,
      problem:
        lines.length - 1 < (count as number)
          ? l10n.t({
              message: 'its header names {0} merchants but it holds {1}: it is cut short after line {2}',
              args: [count as number, lines.length - 1, lines.length],
              comment: ['{0}, {1}: counts; {2}: a line number. Part of "The catalog snapshot FILE is refused: …".'],
            })
          : l10n.t({
              message: 'its header names {0} merchants but it holds {1}: lines were added after line {2}',
              args: [count as number, lines.length - 1, (count as number) + 1],
              comment: ['{0}, {1}: counts; {2}: a line number. Part of "The catalog snapshot FILE is refused: …".'],
            }),
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
