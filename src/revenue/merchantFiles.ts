/**
 * A merchant's money links as revenue at risk files them, with what its rows need of them in any context (a
 * summary, its name and EPC), kept until they change.
 */
import { MONEY_CODES, type MoneyCode } from '../health/moneyLinks';
import type { MerchantKey } from '../merchant/merchantKey';
import type { CurrencyAmount } from '../reports/model/currencyAmounts';
import type { PlacedMoneyLink, RevenueContext } from './revenueReport';

/** A merchant's links by file (at risk, or the plain links that are its opportunities). */
export type LinksByFile = Map<string, PlacedMoneyLink[]>;

/** What a merchant's rows need of its links in any context: made once per change of its links. */
export interface LinksSummary {
  merchantId: string | undefined;
  reasons: readonly MoneyCode[];
  links: number;
  /** The distinct SubIDs of its pairs, in the order met (file by file, link by link). */
  subIds: readonly string[];
}

/**
 * A merchant's links as the builder files them, with the row made from them. A row marks them `shared`; the builder
 * changes shared links on a copy, so a row's articles made later are those of when the row was made.
 */
export interface MerchantFiles<Row> {
  readonly key: MerchantKey;
  byFile: LinksByFile;
  shared: boolean;
  summary: LinksSummary | undefined;
  /** The row made from them with `rowsOf`'s context, until they change. */
  row: Row | undefined;
  /** The rows (one per context) that made `row`: compared by identity. */
  rowsOf: object | undefined;
  /** The merchant's name and EPC, as the context's functions named here answered (the same functions, the same answers). */
  name: { of: RevenueContext['nameOf']; name: string } | undefined;
  epc: { of: RevenueContext['epc']; epc: readonly CurrencyAmount[] | undefined } | undefined;
  /** The row's place in the builder's last ranking of every row. */
  lastRank: number;
}

export function merchantFiles<Row>(key: MerchantKey): MerchantFiles<Row> {
  return {
    key,
    byFile: new Map(),
    shared: false,
    summary: undefined,
    row: undefined,
    rowsOf: undefined,
    name: undefined,
    epc: undefined,
    lastRank: -1,
  };
}

/** A merchant's links by file, ready to change: a copy when a row holds them, and what was made of them forgotten. */
export function changing(files: MerchantFiles<unknown>): LinksByFile {
  if (files.shared) {
    files.byFile = new Map(files.byFile);
    files.shared = false;
  }
  files.summary = undefined;
  files.epc = undefined;
  return files.byFile;
}

/**
 * A merchant's links summed up: the first link's merchantId, the reasons in the rules' order, the links, and the
 * distinct SubIDs (at risk: only those of pairs, so none without a merchantId).
 */
export function summaryOf(byFile: LinksByFile, atRisk: boolean): LinksSummary {
  let merchantId: string | undefined;
  let first = true;
  let links = 0;
  let reason: MoneyCode | undefined;
  let reasons: Set<MoneyCode> | undefined;
  let subIds: string[] | undefined;
  let seen: Set<string> | undefined;
  for (const list of byFile.values()) {
    for (const link of list) {
      if (first) {
        merchantId = link.merchantId;
        first = false;
      }
      links++;
      const code = link.code as MoneyCode;
      if (reason === undefined) {
        reason = code;
      } else if (code !== reason) {
        (reasons ??= new Set([reason])).add(code);
      }
      const subId = link.subId;
      if (subId === undefined || (atRisk && merchantId === undefined)) {
        continue;
      }
      if (subIds === undefined) {
        subIds = [ownCopy(subId)];
      } else if (subIds.length === 1) {
        // Most merchants have one pair: a set only from the second.
        if (subIds[0] !== subId) {
          subIds.push(ownCopy(subId));
        }
      } else if (!(seen ??= new Set(subIds)).has(subId)) {
        seen.add(subId);
        subIds.push(ownCopy(subId));
      }
    }
  }
  return Object.freeze({
    merchantId,
    reasons: Object.freeze(
      reasons === undefined ? (reason === undefined ? [] : [reason]) : MONEY_CODES.filter((code) => reasons.has(code)),
    ),
    links,
    subIds: Object.freeze(subIds ?? []),
  });
}

/**
 * The text as a string of its own. A SubID read from a link can be a slice of its article's text or a concatenation:
 * looked up in the pairs on every new context, such a string reads memory far apart, and it keeps the whole text
 * alive. A copy made once per change of the links halves the lookups (15,070 of them: 13 to 7 ms in the bench).
 */
function ownCopy(text: string): string {
  return text.length < 13 ? text : text.split('').join('');
}
