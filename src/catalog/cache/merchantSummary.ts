/**
 * The summary rows of the cache file: the part of a merchant the catalog needs at once, so loading parses only these.
 */
import type { Merchant } from '../../api/types';
import { SUMMARY_FIELDS, type SummaryField } from '../../merchant/merchantFields';

type Check = (value: unknown) => boolean;
const text: Check = (value) => typeof value === 'string';
const textOrNull: Check = (value) => value === null || typeof value === 'string';
const flag: Check = (value) => typeof value === 'boolean';
const numberOrNull: Check = (value) => value === null || (typeof value === 'number' && Number.isFinite(value));
const textList: Check = (value) => Array.isArray(value) && value.every((item) => typeof item === 'string');
const idOrNull: Check = (value) => value === null || Number.isSafeInteger(value);

/** What each field must hold, and how to say so. */
const FIELD_CHECKS: Record<SummaryField, [Check, string]> = {
  merchantId: [idOrNull, 'a whole number or null'],
  name: [text, 'text'],
  imageUri: [textOrNull, 'text or null'],
  defaultDomain: [text, 'text'],
  domains: [textList, 'a list of text'],
  currencyCode: [textOrNull, 'text or null'],
  isActive: [flag, 'true or false'],
  deeplinkAllowed: [flag, 'true or false'],
  countryCodes: [textList, 'a list of text'],
  averageCommission: [numberOrNull, 'a number or null'],
  trackingLink: [textOrNull, 'text or null'],
  paymentModels: [textList, 'a list of text'],
  updatedAt: [textOrNull, 'text or null'],
};

/**
 * The row of `m`, read from index `dataIndex` of its page's `data`, with `supportsCpc` (worked
 * out by the caller: a merchant from the service has none yet) last.
 * A row is a JSON array: that index, then the `SUMMARY_FIELDS` in order. Rows are checked field
 * by field when read (`summaryRowProblem`), so a file edited by hand can never put wrong types in.
 */
export function summaryRow(m: Merchant, dataIndex: number, supportsCpc: boolean): unknown[] {
  if (typeof supportsCpc !== 'boolean') {
    // A catalog entry copied by spreading loses its derived flag (see `toCatalogMerchant`).
    throw new TypeError(`merchant "${m.name}" has no supportsCpc flag; build catalog entries with toCatalogMerchant`);
  }
  const row: unknown[] = [dataIndex];
  for (const field of SUMMARY_FIELDS) {
    row.push(m[field]);
  }
  row.push(supportsCpc);
  return row;
}

/**
 * The rows of a page's merchants, the merchant at `i` read from index `dataIndexes[i]` of its
 * `data`, with `supportsCpcOf` telling whether it takes CPC traffic.
 */
export function summaryRows<M extends Merchant>(
  merchants: readonly M[],
  dataIndexes: readonly number[],
  supportsCpcOf: (m: M) => boolean,
): unknown[][] {
  if (dataIndexes.length !== merchants.length) {
    throw new Error(`the page names ${dataIndexes.length} merchants but holds ${merchants.length}`);
  }
  return merchants.map((merchant, index) => summaryRow(merchant, dataIndexes[index]!, supportsCpcOf(merchant)));
}

/**
 * Why `row` cannot be used, or undefined when it can: a list of the index in `data`, then the
 * `SUMMARY_FIELDS` in order, then `supportsCpc`. The row is checked where it is, not copied:
 * `CachedMerchant` keeps it and reads its fields from it.
 */
export function summaryRowProblem(row: unknown): string | undefined {
  if (!Array.isArray(row) || row.length !== SUMMARY_FIELDS.length + 2) {
    return `it is not a list of ${SUMMARY_FIELDS.length + 2} values`;
  }
  const dataIndex: unknown = row[0];
  if (!Number.isSafeInteger(dataIndex) || (dataIndex as number) < 0) {
    return 'its index in the page is not a whole number';
  }
  for (let i = 0; i < SUMMARY_FIELDS.length; i++) {
    const field = SUMMARY_FIELDS[i]!;
    const [check, expected] = FIELD_CHECKS[field];
    if (!check(row[i + 1])) {
      return `its ${field} is not ${expected}`;
    }
  }
  if (typeof row[SUMMARY_FIELDS.length + 1] !== 'boolean') {
    return 'its supportsCpc is not true or false';
  }
  return undefined;
}

/** Positions in a row checked by `summaryRowProblem`. */
export const ROW = Object.fromEntries([
  ['dataIndex', 0],
  ...SUMMARY_FIELDS.map((field, i) => [field, i + 1]),
  ['supportsCpc', SUMMARY_FIELDS.length + 1],
]) as Record<SummaryField | 'dataIndex' | 'supportsCpc', number>;
