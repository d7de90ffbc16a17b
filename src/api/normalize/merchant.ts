/** Turns one raw merchant entry (spec 2.1, as really sent) into a `Merchant`, or rejects it. */
import * as l10n from '@vscode/l10n';
import type { AdCampaign, CampaignRate, CommissionRate, Merchant } from '../types';
import {
  isObject,
  readBoolean,
  readExtreme,
  readInteger,
  readIntegerList,
  readNumber,
  readObjects,
  readText,
  readTextList,
  type JsonObject,
} from './fields';

export type Normalized<T> = { ok: true; value: T } | { ok: false; reason: string };

function readCommissionRate(raw: JsonObject): CommissionRate {
  return {
    fixedCommission: readNumber(raw.fixedCommission),
    percentageCommission: readNumber(raw.percentageCommission),
  };
}

function readCampaignRate(raw: JsonObject): CampaignRate {
  return { countryCodes: readTextList(raw.countryCode), clickRate: readNumber(raw.clickRate) };
}

function readAdCampaign(raw: JsonObject, index: number): AdCampaign {
  return {
    name:
      readText(raw.name) ??
      l10n.t({
        message: 'Campaign {0}',
        args: [index + 1],
        comment: ['Name of an ad campaign sent without one; {0}: its number.'],
      }),
    activeFrom: readText(raw.activeFrom),
    activeTo: readText(raw.activeTo),
    allowDeeplink: readBoolean(raw.allowDeeplink) ?? false,
    rates: readObjects(raw.rates, readCampaignRate),
  };
}

function readPaymentModels(value: unknown): string[] {
  const models = readTextList(value);
  for (let i = 0; i < models.length; i++) {
    models[i] = models[i]!.toUpperCase();
  }
  return models;
}

/** The name of a merchant the service sent without one. */
function merchantFallbackName(merchantId: number): string {
  return l10n.t({ message: 'Merchant {0}', args: [merchantId], comment: ['Name of a merchant known only by its id.'] });
}

export function normalizeMerchant(raw: unknown): Normalized<Merchant> {
  if (!isObject(raw)) {
    return { ok: false, reason: `expected an object, got ${raw === null ? 'null' : typeof raw}` };
  }
  const merchantId = readInteger(raw.merchantId);
  const name = readText(raw.name) ?? (merchantId !== null ? merchantFallbackName(merchantId) : null);
  if (name === null) {
    return { ok: false, reason: 'it has neither a name nor a merchantId' };
  }
  const domains = readTextList(raw.domains);
  return {
    ok: true,
    value: {
      merchantId,
      name,
      imageUri: readText(raw.imageUri),
      defaultDomain: readText(raw.defaultDomain) ?? domains[0] ?? '',
      description: readText(raw.description),
      categoryIds: readIntegerList(raw.categoryId),
      domains,
      currencyCode: readText(raw.currencyCode),
      isActive: readBoolean(raw.isActive) ?? false,
      deeplinkAllowed: readBoolean(raw.deeplinkAllowed) ?? false,
      countryCodes: readTextList(raw.countryCodes),
      averageBasketValue: readNumber(raw.averageBasketValue),
      averageCommission: readNumber(raw.averageCommission),
      averageConfirmationTime: readNumber(raw.averageConfirmationTime),
      averageCancellationRate: readNumber(raw.averageCancellationRate),
      minimumCommission: readExtreme(raw.minimumCommission, 1),
      maximumCommission: readExtreme(raw.maximumCommission, -1),
      commissionRates: readObjects(raw.commissionRates, readCommissionRate),
      adCampaigns: readObjects(raw.adCampaigns, readAdCampaign),
      trackingLink: readText(raw.trackingLink),
      paymentModels: readPaymentModels(raw.paymentModels),
      createdAt: readText(raw.createdAt),
      updatedAt: readText(raw.updatedAt),
    },
  };
}
