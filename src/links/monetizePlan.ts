/**
 * Monetize Links in Document, decided without an editor: which matched URLs become deeplinks, which are skipped, why.
 */
import * as l10n from '@vscode/l10n';
import type { DeeplinkOptions } from './deeplink';
import { deeplinkOf, deeplinkRefusal } from './deeplink';
import type { MerchantRef } from '../merchant/merchantFields';
import type { MerchantDomainIndex } from './domainIndex';
import { findUrls, type FoundUrl, type TextSpan } from './urlFinder';
import { replacementFor, targetOf } from './urlReplacement';

export type SkipReason = 'inactive' | 'no-deeplinks' | 'tracking-link' | 'shared-domain' | 'refused';

export interface MonetizeCandidate {
  found: FoundUrl;
  ref: MerchantRef;
  /** The deeplink, and the text that replaces `found` (escaped for its context). */
  link: string;
  replacement: string;
}

export interface SkippedUrl {
  found: FoundUrl;
  reason: SkipReason;
  /** The merchant(s) concerned, by name. */
  merchants: string[];
  /** For 'refused': the link rule's message. */
  message?: string;
}

export interface MonetizePlan {
  candidates: MonetizeCandidate[];
  skipped: SkippedUrl[];
}

/** How many links were skipped for one reason: `2 merchant inactive`. */
export function skippedForReason(reason: SkipReason, count: number): string {
  switch (reason) {
    case 'inactive':
      return l10n.t({
        message: '{0} merchant inactive',
        args: [count],
        comment: ['{0}: how many links Monetize skipped for this reason.'],
      });
    case 'no-deeplinks':
      return l10n.t({
        message: '{0} merchant allows no deeplinks',
        args: [count],
        comment: ['{0}: how many links Monetize skipped for this reason.'],
      });
    case 'tracking-link':
      return l10n.t({
        message: '{0} already a tracking link',
        args: [count],
        comment: ['{0}: how many links Monetize skipped for this reason.'],
      });
    case 'shared-domain':
      return l10n.t({
        message: '{0} domain shared by several merchants',
        args: [count],
        comment: ['{0}: how many links Monetize skipped for this reason.'],
      });
    case 'refused':
      return l10n.t({
        message: '{0} link refused (see the log)',
        args: [count],
        comment: ['{0}: how many links Monetize skipped for this reason.'],
      });
  }
}

/**
 * Every http(s) URL of the text (or of the selected spans) whose host matches a merchant is a
 * candidate when that merchant is active and allows deeplinks and the URL is not a tracking link
 * already; the other matched URLs are skipped with the reason; URLs matching no merchant are in neither.
 */
export function planMonetize(
  text: string,
  index: Pick<MerchantDomainIndex, 'match'>,
  options: { spans?: readonly TextSpan[]; deeplink: DeeplinkOptions },
): MonetizePlan {
  const plan: MonetizePlan = { candidates: [], skipped: [] };
  for (const found of findUrls(text, options.spans)) {
    const target = targetOf(found);
    const match = index.match(target);
    if (match.kind === 'none') {
      continue;
    }
    if (match.kind === 'tracking') {
      plan.skipped.push({ found, reason: 'tracking-link', merchants: match.merchants.map((m) => m.merchant.name) });
      continue;
    }
    if (match.kind === 'ambiguous') {
      plan.skipped.push({ found, reason: 'shared-domain', merchants: match.candidates.map((m) => m.merchant.name) });
      continue;
    }
    const { merchant } = match.merchant;
    if (deeplinkRefusal(merchant) !== undefined) {
      plan.skipped.push({ found, reason: merchant.isActive ? 'no-deeplinks' : 'inactive', merchants: [merchant.name] });
      continue;
    }
    const link = deeplinkOf(merchant, target, options.deeplink);
    if (!link.ok) {
      plan.skipped.push({ found, reason: 'refused', merchants: [merchant.name], message: link.message });
      continue;
    }
    plan.candidates.push({
      found,
      ref: match.merchant,
      link: link.link,
      replacement: replacementFor(found, link.link),
    });
  }
  return plan;
}

/** `3 skipped: 2 already a tracking link, 1 merchant inactive.` or '' when none were. */
export function describeSkipped(skipped: readonly SkippedUrl[]): string {
  if (skipped.length === 0) {
    return '';
  }
  const counts = new Map<SkipReason, number>();
  for (const { reason } of skipped) {
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  const parts = [...counts].map(([reason, count]) => skippedForReason(reason, count));
  return l10n.t({
    message: '{0} skipped: {1}.',
    args: [skipped.length, parts.join(', ')],
    comment: ['{1}: how many links for each reason.'],
  });
}
