/**
 * The part of a merchant the catalog needs at once: everything the tree, the filter, Find
 * Merchant, the domain index and the hover read for every merchant. The cache file keeps it
 * apart from the rest (see `catalogCache.ts`), so showing the cached catalog parses only this.
 *
 * A row is a JSON array, in `SUMMARY_FIELDS` order after the merchant's index in its page's
 * `data`, with `supportsCpc` (worked out when written) last. Rows are checked field by field
 * when read: a file edited by hand or by another program can never put wrong types into the
 * catalog.
 */
import type { Merchant } from '../api/types';
import { supportsCpc } from '../links/cpcLink';

export const SUMMARY_FIELDS = [
  'merchantId',
  'name',
  'imageUri',
  'defaultDomain',
  'domains',
  'currencyCode',
  'isActive',
  'deeplinkAllowed',
  'countryCodes',
  'averageCommission',
  'trackingLink',
  'paymentModels',
  'updatedAt',
] as const satisfies readonly (keyof Merchant)[];

export type SummaryField = (typeof SUMMARY_FIELDS)[number];

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
 * The row of `m`, read from index `dataIndex` of its page's `data`. Written out field by field
 * (a full sync builds 20,000 of them); the summary test checks the order against `SUMMARY_FIELDS`.
 */
export function summaryRow(m: Merchant, dataIndex: number): unknown[] {
  return [
    dataIndex,
    m.merchantId,
    m.name,
    m.imageUri,
    m.defaultDomain,
    m.domains,
    m.currencyCode,
    m.isActive,
    m.deeplinkAllowed,
    m.countryCodes,
    m.averageCommission,
    m.trackingLink,
    m.paymentModels,
    m.updatedAt,
    supportsCpc(m),
  ];
}

/** The rows of a page's merchants, the merchant at `i` read from index `dataIndexes[i]` of its `data`. */
export function summaryRows(merchants: readonly Merchant[], dataIndexes: readonly number[]): unknown[][] {
  if (dataIndexes.length !== merchants.length) {
    throw new Error(`the page names ${dataIndexes.length} merchants but holds ${merchants.length}`);
  }
  return merchants.map((merchant, index) => summaryRow(merchant, dataIndexes[index]!));
}

/**
 * Why `row` cannot be used, or undefined when it can: a list of the index in `data`, then the
 * `SUMMARY_FIELDS` in order, then `supportsCpc`. The row is checked where it is, not copied:
 * `CachedMerchant` reads its fields from it.
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
export const ROW = Object.fromEntries([['dataIndex', 0], ...SUMMARY_FIELDS.map((field, i) => [field, i + 1]), ['supportsCpc', SUMMARY_FIELDS.length + 1]]) as Record<
  SummaryField | 'dataIndex' | 'supportsCpc',
  number
>;
