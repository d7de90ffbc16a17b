/**
 * How the report panel words its figures in text the host builds (the chart's description,
 * change titles, error and empty messages): dates as "1 Nov 2026", periods as "1–30 Nov 2026",
 * counts and amounts with thousands separators. The webview formats table cells itself; these
 * are only for sentences. Written out by hand, not with the locale's formats, so every machine
 * words them alike.
 */
import type { GroupBy } from '../../webviews/reports/protocol';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const EN_DASH = '\u2013';

/** "2026-11-01" → "1 Nov 2026"; anything that is not such a date is returned as it is. */
export function formatDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : date;
}

/** "1–30 Nov 2026", "28 Oct – 3 Nov 2026", "20 Dec 2025 – 3 Jan 2026", or one day. */
export function formatPeriod(from: string, to: string): string {
  if (from === to) {
    return formatDay(from);
  }
  const [fromDay, toDay] = [formatDay(from), formatDay(to)];
  if (from.slice(0, 7) === to.slice(0, 7) && fromDay !== from) {
    return `${Number(from.slice(8, 10))}${EN_DASH}${toDay}`;
  }
  if (from.slice(0, 4) === to.slice(0, 4) && fromDay !== from) {
    return `${fromDay.slice(0, -5)} ${EN_DASH} ${toDay}`;
  }
  return `${fromDay} ${EN_DASH} ${toDay}`;
}

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** "EUR 1,234.50"; the unknown currency is named after the amount. */
export function formatAmount(value: number, currencyCode: string | null): string {
  return currencyCode === null ? `${amountFormat.format(value)} (unknown currency)` : `${currencyCode} ${amountFormat.format(value)}`;
}

/** An ISO time as "21 Nov 2026, 12:00 UTC" (the report's "as of"). */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) {
    return iso;
  }
  const text = time.toISOString();
  return `${formatDay(text.slice(0, 10))}, ${text.slice(11, 16)} UTC`;
}

/** "1 day", "3 days". */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** The name of each grouping, as a table's first column and in the chart's description. */
export const GROUPING_LABELS: Readonly<Record<GroupBy, string>> = {
  day: 'Date',
  program: 'Program',
  subId: 'SubID',
  platform: 'Platform',
  product: 'Product',
  merchant: 'Merchant',
  none: 'Item',
};

/**
 * The id of a per-currency column or figure: `commission:EUR`; the unknown currency has an
 * empty code (`commission:`), so the id still names it apart from every ISO code.
 */
export function currencyId(prefix: string, currencyCode: string | null): string {
  return `${prefix}:${currencyCode ?? ''}`;
}

/** "Commission (EUR)", "EPC (unknown currency)". */
export function currencyTitle(label: string, currencyCode: string | null): string {
  return `${label} (${currencyCode ?? 'unknown currency'})`;
}

/**
 * A sum of amounts without the noise of binary fractions (12.340000000000002 → 12.34): twelve
 * significant digits keep every cent of any amount below ten billion.
 */
export function tidyAmount(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(12)) : value;
}
