/** The tracking link an article carries to a merchant's home page: the tracking (or CPC) link with the article's SubID. */
import { SETTINGS } from '../ids';
import type { MerchantSummary } from '../merchant/merchantFields';
import { cpcLinkOf } from './cpcLink';
import { parameterProblem, type DeeplinkOptions } from './deeplink';
import { type LinkResult, quoteName } from './linkResult';
import { trackingLinkOf, withQueryParameters } from './trackingLink';

/**
 * The merchant's tracking link with the SubID of `options` set as its `subIdParameter` (none without a
 * SubID); with `cpc`, the CPC link (`model=CPC`) when the merchant takes CPC traffic, else the plain
 * tracking link. Refused as the link builders refuse: no usable tracking link, or an unusable parameter name.
 */
export function articleTrackingLink(
  merchant: Pick<MerchantSummary, 'name' | 'trackingLink' | 'supportsCpc'>,
  options: Pick<DeeplinkOptions, 'subIdParameter' | 'subId'>,
  cpc = false,
): LinkResult {
  const base = cpc && merchant.supportsCpc ? cpcLinkOf(merchant) : trackingLinkOf(merchant);
  const subId = options.subId ?? '';
  if (!base.ok || subId === '') {
    return base;
  }
  const parameter = options.subIdParameter.trim();
  const problem = parameterProblem(quoteName(merchant.name), SETTINGS.deeplinkSubIdParameter, parameter);
  if (problem !== undefined) {
    return { ok: false, message: problem };
  }
  return { ok: true, link: withQueryParameters(new URL(base.link), [[parameter, subId]]) };
}
