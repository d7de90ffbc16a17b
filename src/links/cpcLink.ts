/** CPC (cost per click) links: the tracking link with `model=CPC`. */
import * as l10n from '@vscode/l10n';
import type { MerchantSummary } from '../merchant/merchantFields';
import { type LinkResult, quoteName } from './linkResult';
import { trackingLinkOf, withQueryParameters } from './trackingLink';

/**
 * The tracking link with `model=CPC` set (replacing any `model` parameters, keeping every
 * other parameter, their order, and the fragment). Refused with a message when the merchant
 * has no CPC (saying why: no CPC payment model and no ad campaigns) or no usable tracking
 * link. Only a parameter named exactly `model` (after decoding) is replaced; `Model` is kept.
 */
export function cpcLinkOf(merchant: Pick<MerchantSummary, 'name' | 'trackingLink' | 'supportsCpc'>): LinkResult {
  if (!merchant.supportsCpc) {
    return {
      ok: false,
      message: l10n.t(
        '{0} takes no CPC traffic: it has no CPC payment model and no ad campaigns. Copy its tracking link instead, or pick a merchant that pays per click.',
        quoteName(merchant.name),
      ),
    };
  }
  const tracking = trackingLinkOf(merchant);
  if (!tracking.ok) {
    return tracking;
  }
  return { ok: true, link: withQueryParameters(new URL(tracking.link), [['model', 'CPC']]) };
}
