/**
 * How numbers, amounts, shares, days and times read in the panel, in the user's locale. The
 * host sends numbers as numbers; only here do they become text. `Intl` formatters are costly
 * to build, so each is built once per instance and kept. No DOM here.
 */
import * as l10n from '@vscode/l10n';
import type { Cell, ColumnInfo, SummaryFigure } from '../../../reports/panel/protocol';

export class Formatters {
  private readonly numberFormats = new Map<string, Intl.NumberFormat>();
  private readonly currencyDecimals = new Map<string, number>();
  private readonly dayFormat: Intl.DateTimeFormat;
  private readonly longDayFormat: Intl.DateTimeFormat;
  private readonly timeFormat: Intl.DateTimeFormat;
  private readonly dateTimeFormat: Intl.DateTimeFormat;

  /** `locale` undefined: the webview's own (VS Code's display language). */
  constructor(private readonly locale?: string) {
    this.dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    this.longDayFormat = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    this.timeFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
    this.dateTimeFormat = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    });
  }

  private numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
    let format = this.numberFormats.get(key);
    if (format === undefined) {
      format = new Intl.NumberFormat(this.locale, options);
      this.numberFormats.set(key, format);
    }
    return format;
  }

  /** A whole count with grouping ("12,345"); a fraction keeps up to two decimals. */
  count(value: number): string {
    return this.numberFormat('count', { maximumFractionDigits: 2 }).format(value);
  }

  /** A share from 0 to 1 as a percent ("12.3%"). */
  share(value: number): string {
    return this.numberFormat('share', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
      value,
    );
  }

  /**
   * An amount with its currency code after it ("12.34 EUR"), with that currency's decimals
   * (without a code, two). Amounts under 0.1 (for two-decimal currencies) get two decimals
   * more, so a per-click figure reads "0.0042 EUR" rather than "0.00 EUR".
   */
  amount(value: number, currencyCode: string | null | undefined): string {
    const digits = currencyCode ? this.currencyDigits(currencyCode) : 2;
    const small = value !== 0 && Math.abs(value) < 10 ** -(digits - 1);
    const shown = small ? digits + 2 : digits;
    const text = this.numberFormat(`amount:${shown}`, {
      minimumFractionDigits: shown,
      maximumFractionDigits: shown,
    }).format(value);
    return currencyCode ? `${text} ${currencyCode}` : text;
  }

  private currencyDigits(code: string): number {
    let digits = this.currencyDecimals.get(code);
    if (digits === undefined) {
      try {
        digits =
          new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ??
          2;
      } catch {
        // Not an ISO code Intl knows: two decimals, as most currencies have.
        digits = 2;
      }
      this.currencyDecimals.set(code, digits);
    }
    return digits;
  }

  /** A table cell as text; null is empty. Dates and text come as they were sent. */
  cell(value: Cell, column: ColumnInfo): string {
    if (value === null) {
      return '';
    }
    if (typeof value === 'string') {
      return value;
    }
    switch (column.kind) {
      case 'count':
        return this.count(value);
      case 'share':
        return this.share(value);
      case 'amount':
        return this.amount(value, column.currencyCode);
      default:
        return String(value);
    }
  }

  /** A summary figure's value: an amount when it has a currency field, else a count; "—" when there is none. */
  figure(figure: SummaryFigure): string {
    if (figure.value === null) {
      return '—';
    }
    if (figure.currencyCode !== undefined) {
      const text = this.amount(figure.value, figure.currencyCode);
      // The service gave no currency.
      return figure.currencyCode === null ? l10n.t('{0} (unknown currency)', text) : text;
    }
    return this.count(figure.value);
  }

  /** "23 Nov" for a YYYY-MM-DD day (read as a calendar day, not a moment). */
  shortDay(day: string): string {
    const time = Date.parse(`${day}T00:00:00Z`);
    return Number.isNaN(time) ? day : this.dayFormat.format(time);
  }

  /** "23 Nov 2026" for a YYYY-MM-DD day. */
  longDay(day: string): string {
    const time = Date.parse(`${day}T00:00:00Z`);
    return Number.isNaN(time) ? day : this.longDayFormat.format(time);
  }

  /** A moment as "14:02" when it is today, else "23 Nov, 14:02". */
  moment(iso: string, now: Date): string {
    const time = new Date(iso);
    if (Number.isNaN(time.getTime())) {
      return iso;
    }
    return time.toDateString() === now.toDateString() ? this.timeFormat.format(time) : this.dateTimeFormat.format(time);
  }
}
