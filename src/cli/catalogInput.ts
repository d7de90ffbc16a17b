/**
 * The catalog a check runs against: the snapshot `--catalog` names, refused whole when damaged, too old for
 * `--max-catalog-age`, or missing; each problem worded with what to do (the command then exits 2).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readCatalogSnapshot, snapshotAgeDays, type CatalogSnapshot } from '../catalog/snapshot/catalogSnapshot';
import { TOOL_NAME } from './cliIo';
import { digestOf } from './linkCountCache';

/** The environment variable `catalog pull` takes the key from (never an argument). */
export const KEY_VARIABLE = 'AFFILIATE_LINKS_KEY';

export type CatalogInput =
  | { ok: true; snapshot: CatalogSnapshot; /** The SHA-1 of its text, when asked for (`--cache`). */ digest?: string }
  | { ok: false; problem: string };

const HOW_TO_GET_ONE = `run Export Catalog Snapshot in VS Code, or ${TOOL_NAME} catalog pull --out FILE with the key in ${KEY_VARIABLE}`;

/** Whether a number of days reads well as it is (`3`) or with one decimal (`2.5`). */
const days = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

export async function loadCatalog(
  catalog: string | undefined,
  maxAgeDays: number | undefined,
  io: { cwd: string; env: Readonly<Record<string, string | undefined>>; now(): Date },
  withDigest = false,
): Promise<CatalogInput> {
  if (catalog === undefined) {
    const hasKey = (io.env[KEY_VARIABLE] ?? '').trim() !== '';
    return {
      ok: false,
      problem: hasKey
        ? `no catalog: pass --catalog FILE. ${KEY_VARIABLE} is set, so ${TOOL_NAME} catalog pull --out FILE can write one first`
        : `no catalog: pass --catalog FILE with a catalog snapshot (${HOW_TO_GET_ONE})`,
    };
  }
  let text: string;
  try {
    text = await readFile(path.resolve(io.cwd, catalog), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return { ok: false, problem: `cannot read the catalog snapshot ${catalog} (${code}): check the path` };
  }
  const read = readCatalogSnapshot(text);
  if (!read.ok) {
    return {
      ok: false,
      problem: `the catalog snapshot ${catalog} is refused: ${read.problem}. Write it again (${HOW_TO_GET_ONE})`,
    };
  }
  const age = snapshotAgeDays(read.snapshot, io.now());
  if (maxAgeDays !== undefined && age > maxAgeDays) {
    return {
      ok: false,
      problem: `the catalog snapshot ${catalog} was taken ${read.snapshot.takenAt}, ${days(age)} days ago, older than --max-catalog-age ${days(maxAgeDays)}: take a new one (${HOW_TO_GET_ONE})`,
    };
  }
  return { ok: true, snapshot: read.snapshot, ...(withDigest ? { digest: digestOf(text) } : {}) };
}
