/**
 * Which findings carry money, and whose: a finding's clicks and earnings belong to the pair (SubID, merchant) the
 * reports count them under. Pure: the shell hands it the finding, the verdict of its link and the article's SubID.
 */
import type { MerchantKey } from '../merchant/merchantKey';
import type { HealthCode } from './healthCodes';
import type { HealthFinding } from './healthRules';
import type { LinkVerdict } from './linkVerdict';

/** The findings of a link whose clicks stop earning (or earn for another article). */
export const MONEY_CODES = [
  'inactive-merchant',
  'deeplinks-not-allowed',
  'target-off-merchant',
  'subid-mismatch',
] as const satisfies readonly HealthCode[];

export type MoneyCode = (typeof MONEY_CODES)[number];

/** A plain merchant URL that could earn: no clicks of its own, an opportunity rather than money at risk. */
export type OpportunityCode = 'not-monetized';

export function isMoneyCode(code: HealthCode): code is MoneyCode {
  return (MONEY_CODES as readonly HealthCode[]).includes(code);
}

/** A finding with money, or an opportunity, and the pair its figures are read from. */
export interface MoneyLink {
  code: MoneyCode | OpportunityCode;
  merchantKey: MerchantKey;
  /** The merchant's id as the reports name it (as text); undefined for a merchant without one: no figures. */
  merchantId: string | undefined;
  /**
   * The pair's SubID: the SubID the link carries for a SubID mismatch; else the article's (the SubID setting's),
   * or without one the SubID the link carries. Undefined: no pair, no figures.
   */
  subId: string | undefined;
}

/**
 * The money link of a finding, or undefined for a finding that has none (an unknown tracking link, a missing rel
 * or disclosure). `articleSubId` is the SubID setting's for the link's file, if it gives one.
 */
export function moneyLinkOf(
  finding: HealthFinding,
  verdict: LinkVerdict,
  articleSubId: string | undefined,
): MoneyLink | undefined {
  const code = finding.code;
  if (code === 'not-monetized') {
    if (verdict.kind !== 'monetizable') {
      return undefined;
    }
    const id = verdict.ref.merchant.merchantId;
    return {
      code,
      merchantKey: verdict.ref.key,
      merchantId: id === null ? undefined : String(id),
      subId: article(articleSubId),
    };
  }
  if (!isMoneyCode(code) || verdict.kind !== 'tracking' || verdict.owner === undefined) {
    return undefined;
  }
  const id = verdict.owner.merchant.merchantId;
  const carried = verdict.subIds.find((subId) => subId.trim() !== '');
  // A link without a SubID still earns for the account, credited to no article: nothing is at risk.
  if (code === 'subid-mismatch' && carried === undefined) {
    return undefined;
  }
  const subId = code === 'subid-mismatch' ? carried : (article(articleSubId) ?? carried);
  return { code, merchantKey: verdict.owner.key, merchantId: id === null ? undefined : String(id), subId };
}

function article(subId: string | undefined): string | undefined {
  const trimmed = subId?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
