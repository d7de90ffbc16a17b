/**
 * The merchant as the catalog and the link rules (which never import each other) both see it: its fields listed once.
 */
import type { Merchant } from '../api/types';
import type { MerchantKey } from './merchantKey';

/** Every field of a Merchant, in the service's order. */
export const MERCHANT_FIELDS = [
  'merchantId',
  'name',
  'imageUri',
  'defaultDomain',
  'description',
  'categoryIds',
  'domains',
  'currencyCode',
  'isActive',
  'deeplinkAllowed',
  'countryCodes',
  'averageBasketValue',
  'averageCommission',
  'averageConfirmationTime',
  'averageCancellationRate',
  'minimumCommission',
  'maximumCommission',
  'commissionRates',
  'adCampaigns',
  'trackingLink',
  'paymentModels',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Merchant)[];

export type MerchantField = (typeof MERCHANT_FIELDS)[number];

/** Fails to compile when a field is added to Merchant and not to MERCHANT_FIELDS. */
type Unlisted = Exclude<keyof Merchant, MerchantField>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

/** The fields every view reads for every merchant; the cache keeps them apart from the rest. */
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
] as const satisfies readonly MerchantField[];

export type SummaryField = (typeof SUMMARY_FIELDS)[number];
export type DetailField = Exclude<MerchantField, SummaryField>;

/** The fields outside the summary, in `MERCHANT_FIELDS` order: what reading a cached merchant's page gives. */
export const DETAIL_FIELDS = MERCHANT_FIELDS.filter(
  (field): field is DetailField => !(SUMMARY_FIELDS as readonly string[]).includes(field),
);

export type DetailFields = Pick<Merchant, DetailField>;

/** What a merchant's details read as when they cannot be read: no figures, no rates, no campaigns. */
export function emptyDetail<F extends DetailField>(field: F): Merchant[F] {
  return (field === 'categoryIds' || field === 'commissionRates' || field === 'adCampaigns' ? [] : null) as Merchant[F];
}

/** What every view reads of every merchant. */
export interface MerchantSummary extends Pick<Merchant, SummaryField> {
  /** Whether the merchant takes CPC traffic (see `deriveSupportsCpc`), worked out once when it entered the catalog. */
  readonly supportsCpc: boolean;
}

/**
 * An entry of the catalog: its summary at once, its details (`DETAIL_FIELDS`) possibly read on
 * first access. A merchant shown from the cache file parses its page of the file the first time
 * one of them is asked for, so only the details, the tooltip and the full-merchant readers should touch them.
 */
export interface CatalogMerchant extends Merchant, MerchantSummary {}

/** A merchant of the catalog with its key: what the link commands, the picker and the domain index pass around. */
export interface MerchantRef {
  key: MerchantKey;
  merchant: MerchantSummary;
}

/** Whether a merchant takes CPC traffic: `CPC` among its payment models (any case) or any ad campaign. */
export function deriveSupportsCpc(merchant: Pick<Merchant, 'paymentModels' | 'adCampaigns'>): boolean {
  return (
    merchant.paymentModels.some((model) => model.trim().toUpperCase() === 'CPC') || merchant.adCampaigns.length > 0
  );
}

/**
 * A merchant the client returned, as a catalog entry: a copy with `supportsCpc` worked out.
 * `supportsCpc` is derived, not one of the service's fields, so it is not enumerable: copies,
 * JSON and comparisons of the merchant see the service's fields only. Build entries here,
 * never by spreading another entry (a spread leaves `supportsCpc` behind).
 */
export function toCatalogMerchant(merchant: Merchant): CatalogMerchant {
  // Object.assign, not a spread: V8 gives a spread copy of a 23-field object a slower shape
  // (measured: the domain index built twice as slowly over such copies).
  return asCatalogMerchant(Object.assign({}, merchant));
}

/**
 * `merchant` itself made a catalog entry (its derived flag added), for a merchant nothing else holds: one just
 * normalised (a catalog snapshot's 20,000 merchants are read sooner without the copy).
 */
export function asCatalogMerchant(merchant: Merchant): CatalogMerchant {
  return Object.defineProperty(merchant, 'supportsCpc', {
    value: deriveSupportsCpc(merchant),
    enumerable: false,
  }) as CatalogMerchant;
}
