/**
 * How the host words the panel's figures in sentences (the chart's description, change titles, messages), written out
 * by hand so every machine words them alike.
 */
import * as l10n from '@vscode/l10n';
import type { GroupBy } from './protocol';

/** A month's abbreviation, 1 to 12; undefined for any other number. */
function monthName(month: number): string | undefined {
  switch (month) {
    case 1:
      return l10n.t({ message: 'Jan', comment: ['Month, abbreviated: January.'] });
    case 2:
      return l10n.t({ message: 'Feb', comment: ['Month, abbreviated: February.'] });
    case 3:
      return l10n.t({ message: 'Mar', comment: ['Month, abbreviated: March.'] });
    case 4:
      return l10n.t({ message: 'Apr', comment: ['Month, abbreviated: April.'] });
    case 5:
      return l10n.t({ message: 'May', comment: ['Month, abbreviated: May.'] });
    case 6:
      return l10n.t({ message: 'Jun', comment: ['Month, abbreviated: June.'] });
    case 7:
      return l10n.t({ message: 'Jul', comment: ['Month, abbreviated: July.'] });
    case 8:
      return l10n.t({ message: 'Aug', comment: ['Month, abbreviated: August.'] });
    case 9:
      return l10n.t({ message: 'Sep', comment: ['Month, abbreviated: September.'] });
    case 10:
      return l10n.t({ message: 'Oct', comment: ['Month, abbreviated: October.'] });
    case 11:
      return l10n.t({ message: 'Nov', comment: ['Month, abbreviated: November.'] });
    case 12:
      return l10n.t({ message: 'Dec', comment: ['Month, abbreviated: December.'] });
    default:
      return undefined;
  }
}

/** The parts of a "YYYY-MM-DD" date as the sentences write them, or undefined when it is not one. */
interface DayParts {
  day: number;
  monthNumber: number;
  month: string;
  year: string;
}

function dayParts(date: string): DayParts | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const monthNumber = match ? Number(match[2]) : 0;
  const month = monthName(monthNumber);
  return match && month ? { day: Number(match[3]), monthNumber, month, year: match[1]! } : undefined;
}

/** "2026-11-01" → "1 Nov 2026"; anything that is not such a date is returned as it is. */
export function formatDay(date: string): string {
  const parts = dayParts(date);
  return parts === undefined
    ? date
    : l10n.t({
        message: '{0} {1} {2}',
        args: [parts.day, parts.month, parts.year],
        comment: ['A date: day, month, year ("1 Nov 2026").'],
      });
}

/** "1–30 Nov 2026", "28 Oct – 3 Nov 2026", "20 Dec 2025 – 3 Jan 2026", or one day. */
export function formatPeriod(from: string, to: string): string {
  if (from === to) {
    return formatDay(from);
  }
  const [start, end] = [dayParts(from), dayParts(to)];
  if (start !== undefined && end !== undefined && start.year === end.year) {
    return start.monthNumber === end.monthNumber
      ? l10n.t({
          message: '{0}–{1} {2} {3}',
          args: [start.day, end.day, start.month, start.year],
          comment: ['A period in one month: days, month, year ("1–30 Nov 2026").'],
        })
      : l10n.t({
          message: '{0} {1} – {2} {3} {4}',
          args: [start.day, start.month, end.day, end.month, start.year],
          comment: ['A period in one year: day, month, day, month, year ("28 Oct – 3 Nov 2026").'],
        });
  }
  return l10n.t({
    message: '{0} – {1}',
    args: [formatDay(from), formatDay(to)],
    comment: ['A period: its first and last dates.'],
  });
}

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** "EUR 1,234.50"; the unknown currency is named after the amount. */
export function formatAmount(value: number, currencyCode: string | null): string {
  return currencyCode === null
    ? l10n.t({ message: '{0} (unknown currency)', args: [amountFormat.format(value)], comment: ['{0}: an amount.'] })
    : `${currencyCode} ${amountFormat.format(value)}`;
}

/** An ISO time as "21 Nov 2026, 12:00 UTC" (the report's "as of"). */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) {
    return iso;
  }
  const text = time.toISOString();
  return l10n.t({
    message: '{0}, {1} UTC',
    args: [formatDay(text.slice(0, 10)), text.slice(11, 16)],
    comment: ['A time: date, then hours and minutes.'],
  });
}

/** The name of each grouping, as a table's first column. */
export const GROUPING_LABELS: Readonly<Record<GroupBy, string>> = {
  day: l10n.t({ message: 'Date', comment: ['Column header.'] }),
  program: l10n.t({ message: 'Program', comment: ['Column header.'] }),
  subId: l10n.t({ message: 'SubID', comment: ['Column header.'] }),
  platform: l10n.t({ message: 'Platform', comment: ["Column header: the publisher's ad space."] }),
  product: l10n.t({ message: 'Product', comment: ['Column header.'] }),
  merchant: l10n.t({ message: 'Merchant', comment: ['Column header.'] }),
  none: l10n.t({ message: 'Item', comment: ['Column header: an item of a report.'] }),
};

/**
 * The id of a per-currency column or figure: `commission:EUR`; the unknown currency has an
 * empty code (`commission:`), so the id still names it apart from every ISO code.
 */
export function currencyId(prefix: string, currencyCode: string | null): string {
  return `${prefix}:${currencyCode ?? ''}`;
}

/** The figures shown once per currency. */
export type CurrencyFigure = 'commission' | 'earned' | 'epc';

/** "Commission (EUR)", "EPC (unknown currency)": a per-currency figure's name, as a column header or summary label. */
export function currencyTitle(figure: CurrencyFigure, currencyCode: string | null): string {
  switch (figure) {
    case 'commission':
      return currencyCode === null
        ? l10n.t('Commission (unknown currency)')
        : l10n.t({ message: 'Commission ({0})', args: [currencyCode], comment: ['{0}: a currency code.'] });
    case 'earned':
      return currencyCode === null
        ? l10n.t({
            message: 'Pending + confirmed + settled (unknown currency)',
            comment: ['The commission of pending, confirmed and settled actions.'],
          })
        : l10n.t({
            message: 'Pending + confirmed + settled ({0})',
            args: [currencyCode],
            comment: ['The commission of pending, confirmed and settled actions; {0}: a currency code.'],
          });
    case 'epc':
      return currencyCode === null
        ? l10n.t({ message: 'EPC (unknown currency)', comment: ['EPC: earnings per click.'] })
        : l10n.t({
            message: 'EPC ({0})',
            args: [currencyCode],
            comment: ['EPC: earnings per click; {0}: a currency code.'],
          });
  }
}

/**
 * A sum of amounts without the noise of binary fractions (12.340000000000002 → 12.34): twelve
 * significant digits keep every cent of any amount below ten billion.
 */
export function tidyAmount(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(12)) : value;
}
