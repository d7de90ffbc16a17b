/** How the catalog shows a merchant's figures; every function takes an optional BCP 47 `locale` and never throws. */
import * as l10n from '@vscode/l10n';
import type { CommissionRate } from '../../api/types';
import type { MerchantSummary } from '../../merchant/merchantFields';

const PERCENT_OPTIONS: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 2 };
const NUMBER_OPTIONS: Intl.NumberFormatOptions = { maximumFractionDigits: 3 };
/** Formatters for the runtime's default locale, made once: the tree asks for one per merchant row. */
const DEFAULT_PERCENT = new Intl.NumberFormat(undefined, PERCENT_OPTIONS);
const DEFAULT_NUMBER = new Intl.NumberFormat(undefined, NUMBER_OPTIONS);
const CURRENCY_SHAPE = /^[A-Za-z]{3}$/;
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/;

function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    // An unusable locale tag: fall back to the default locale rather than fail.
    return new Intl.NumberFormat(undefined, options);
  }
}

/** A plain number: grouping and decimal separator of the locale, at most three decimals. */
export function formatNumber(value: number, locale?: string): string {
  return (locale === undefined ? DEFAULT_NUMBER : numberFormat(locale, NUMBER_OPTIONS)).format(value);
}

/** `value` is a percentage already: 4.2 → `4.2%`. */
export function formatPercent(value: number, locale?: string): string {
  return (locale === undefined ? DEFAULT_PERCENT : numberFormat(locale, PERCENT_OPTIONS)).format(value / 100);
}

/** The currency formatter for a code, or null when the code is not a usable ISO 4217 code. */
function currencyFormat(code: string | null, locale: string | undefined): Intl.NumberFormat | null {
  if (code === null || !CURRENCY_SHAPE.test(code)) {
    return null;
  }
  try {
    const base = numberFormat(locale, { style: 'currency', currency: code.toUpperCase() });
    const digits = base.resolvedOptions().maximumFractionDigits ?? 2;
    // Click rates often have a third decimal (0.125): show it rather than round it away.
    return numberFormat(locale, {
      style: 'currency',
      currency: code.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: Math.max(digits, 3),
    });
  } catch {
    return null;
  }
}

/** An amount in the merchant's currency (`€12.50`); a bad or missing code gives `12.5 XX1` or `12.5`. */
export function formatMoney(amount: number, currencyCode: string | null, locale?: string): string {
  const format = currencyFormat(currencyCode, locale);
  if (format !== null) {
    return format.format(amount);
  }
  const plain = formatNumber(amount, locale);
  return currencyCode === null || currencyCode === '' ? plain : `${plain} ${currencyCode}`;
}

/**
 * One commission rate: `€2.50`, `5%`, or `€2.50 + 5%` when it has both parts. A part that is 0
 * while the other is not is left out (the service sends `fixedCommission: 0` for percentage
 * rates). Null when the rate holds no figure at all.
 */
export function formatCommissionRate(
  rate: CommissionRate,
  currencyCode: string | null,
  locale?: string,
): string | null {
  const { fixedCommission: fixed, percentageCommission: percent } = rate;
  const parts: string[] = [];
  const bothZero = (fixed ?? 0) === 0 && (percent ?? 0) === 0;
  if (fixed !== null && (fixed !== 0 || (bothZero && percent === null))) {
    parts.push(formatMoney(fixed, currencyCode, locale));
  }
  if (percent !== null && (percent !== 0 || bothZero)) {
    parts.push(formatPercent(percent, locale));
  }
  return parts.length > 0 ? parts.join(' + ') : null;
}

/** `37 days`, `1 day`. */
export function formatDays(days: number, locale?: string): string {
  return days === 1 ? l10n.t('{0} day', formatNumber(days, locale)) : l10n.t('{0} days', formatNumber(days, locale));
}

/**
 * The cancellation rate as a percentage. `averageCancellationRate` is called a "rate" and the
 * service sends fractions (0.16), so a value up to 1 is read as a fraction; above 1 it can only
 * be a percentage and is shown as one. (`averageCommission` and `percentageCommission` are
 * percentages already; `fixedCommission`, `averageBasketValue` and `clickRate` are amounts in
 * the merchant's currency; `averageConfirmationTime` is in days.)
 */
export function formatCancellationRate(rate: number, locale?: string): string {
  return formatPercent(Math.abs(rate) <= 1 ? rate * 100 : rate, locale);
}

/** `0.12 EUR per click` style: the click rate in the merchant's currency. */
export function formatClickRate(clickRate: number | null, currencyCode: string | null, locale?: string): string {
  return clickRate === null
    ? l10n.t('click rate not given')
    : l10n.t('{0} per click', formatMoney(clickRate, currencyCode, locale));
}

/**
 * The calendar day of an ISO 8601 date or timestamp as `YYYY-MM-DD` (the day as the service
 * wrote it, no time-zone shift). Anything unreadable is returned as sent; null stays null.
 */
export function formatDate(value: string | null): string | null {
  if (value === null) {
    return null;
  }
  const match = ISO_DATE.exec(value);
  if (match) {
    return match[1]!;
  }
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? value : new Date(parsed).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD – YYYY-MM-DD`, `from YYYY-MM-DD`, `until YYYY-MM-DD`, or null when neither end is known. */
export function formatPeriod(from: string | null, to: string | null): string | null {
  const start = formatDate(from);
  const end = formatDate(to);
  if (start !== null && end !== null) {
    return `${start} – ${end}`;
  }
  if (start !== null) {
    return l10n.t({ message: 'from {0}', args: [start], comment: ['{0}: the first day of a period with no end.'] });
  }
  return end !== null
    ? l10n.t({ message: 'until {0}', args: [end], comment: ['{0}: the last day of a period with no start.'] })
    : null;
}

/** `shop.example.com · 4.2%`: the default domain and, when known, the average commission. */
export function merchantDescription(
  m: Pick<MerchantSummary, 'defaultDomain' | 'averageCommission'>,
  locale?: string,
): string {
  const parts: string[] = [];
  if (m.defaultDomain !== '') {
    parts.push(m.defaultDomain);
  }
  if (m.averageCommission !== null) {
    parts.push(formatPercent(m.averageCommission, locale));
  }
  return parts.join(' · ');
}

/** `Active`, `deeplinks allowed`: the status words every view shows for a merchant, to join with ` · `. */
export function statusWords(m: Pick<MerchantSummary, 'isActive' | 'deeplinkAllowed'>): [string, string] {
  return [
    m.isActive
      ? l10n.t({ message: 'Active', comment: ["A merchant's status."] })
      : l10n.t({ message: 'Inactive', comment: ["A merchant's status."] }),
    m.deeplinkAllowed ? l10n.t('deeplinks allowed') : l10n.t('no deeplinks'),
  ];
}
