/**
 * The Markdown tooltip of a merchant row: the figures a publisher chooses a merchant by, service text never as markup.
 */
import * as l10n from '@vscode/l10n';
import type { Merchant } from '../../api/types';
import {
  formatCancellationRate,
  formatCommissionRate,
  formatDate,
  formatDays,
  formatMoney,
  formatPercent,
  statusWords,
} from './merchantFormat';
import { merchantFiguresText, type MerchantTooltipFigures } from './merchantFigures';

/** Shown for a figure the service left out, so every tooltip has the same rows. */
export const MISSING = '—';
/** Longest piece of service text shown, in characters; longer ones end with `…`. */
const MAX_TEXT = 300;
const MAX_DOMAINS = 10;

const MARKDOWN_SPECIAL = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const SPACES = / {2,}/g;

function shorten(text: string): string {
  if (text.length <= MAX_TEXT) {
    return text;
  }
  const chars = Array.from(text);
  return chars.length <= MAX_TEXT ? text : `${chars.slice(0, MAX_TEXT - 1).join('')}…`;
}

/**
 * Service text made safe to place inside Markdown as plain text, on one line.
 *
 * Backslash-escapes every ASCII punctuation character (so no link, image, emphasis, code span,
 * table cell, heading, list or autolink can start, and bare URLs are not linkified because
 * `https\:` and `example\.com` no longer look like one), writes `&`, `<` and `>` as entities (so
 * no HTML tag and no entity the service wrote can appear), turns line breaks and other control
 * characters into spaces and drops bidirectional-override characters. The result is meant for an
 * untrusted MarkdownString without HTML support.
 */
export function escapeMarkdownText(text: string): string {
  const oneLine = text.replace(BIDI_CONTROLS, '').replace(CONTROL_OR_BREAK, ' ').replace(SPACES, ' ').trim();
  return shorten(oneLine).replace(MARKDOWN_SPECIAL, (c) => ENTITIES[c] ?? `\\${c}`);
}

function list(values: readonly string[], max = Infinity): string | null {
  if (values.length === 0) {
    return null;
  }
  const shown = values.slice(0, max).map(escapeMarkdownText).join(', ');
  return values.length > max
    ? l10n.t({ message: '{0} and {1} more', args: [shown, values.length - max], comment: ['{0}: a list of domains.'] })
    : shown;
}

function figure<T>(value: T | null, format: (value: T) => string): string | null {
  return value === null ? null : escapeMarkdownText(format(value));
}

function statusLine(m: Merchant): string {
  const parts: string[] = statusWords(m);
  const campaigns = m.adCampaigns.length;
  if (campaigns > 0) {
    parts.push(campaigns === 1 ? l10n.t('{0} ad campaign', campaigns) : l10n.t('{0} ad campaigns', campaigns));
  }
  return parts.join(' · ');
}

/** How many of the site's articles link to the merchant (tracking links and deeplinks). */
export function linkedArticlesText(articles: number): string {
  const count = articles.toLocaleString('en-US');
  if (articles === 0) {
    return l10n.t('Not linked from any article');
  }
  return articles === 1
    ? l10n.t({ message: 'Linked from 1 article', comment: ['An article: a Markdown, MDX or HTML file of the site.'] })
    : l10n.t({
        message: 'Linked from {0} articles',
        args: [count],
        comment: ['An article: a Markdown, MDX or HTML file of the site.'],
      });
}

/**
 * The tooltip as Markdown; `locale` (BCP 47) for the figures, the runtime's default when left
 * out; `figures`, the publisher's own figures of the period, when they are loaded; `linkedArticles`,
 * how many articles link to the merchant, once link health counted them.
 */
export function merchantTooltipMarkdown(
  m: Merchant,
  locale?: string,
  figures?: MerchantTooltipFigures,
  linkedArticles?: number,
): string {
  const currency = m.currencyCode;
  const rates = m.commissionRates
    .map((rate) => formatCommissionRate(rate, currency, locale))
    .filter((text): text is string => text !== null)
    .map(escapeMarkdownText);
  // Each row is one whole line to translate; a figure the service left out reads MISSING.
  const shown = (value: string | null): string => value ?? MISSING;
  const rows = [
    l10n.t('Commission rates: {0}', shown(rates.length > 0 ? rates.join(' · ') : null)),
    l10n.t('Average commission: {0}', shown(figure(m.averageCommission, (v) => formatPercent(v, locale)))),
    l10n.t('Average basket value: {0}', shown(figure(m.averageBasketValue, (v) => formatMoney(v, currency, locale)))),
    l10n.t('Confirmation time: {0}', shown(figure(m.averageConfirmationTime, (v) => formatDays(v, locale)))),
    l10n.t(
      'Cancellation rate: {0}',
      shown(figure(m.averageCancellationRate, (v) => formatCancellationRate(v, locale))),
    ),
    l10n.t('Countries: {0}', shown(list(m.countryCodes))),
    l10n.t('Payment models: {0}', shown(list(m.paymentModels))),
    l10n.t(
      'Domains: {0}',
      shown(list(m.domains.length > 0 ? m.domains : m.defaultDomain !== '' ? [m.defaultDomain] : [], MAX_DOMAINS)),
    ),
    l10n.t('Last update: {0}', shown(figure(m.updatedAt, (v) => formatDate(v) ?? v))),
  ];
  const name = escapeMarkdownText(m.name) || l10n.t('Unnamed merchant');
  const paragraphs = [`**${name}**`, statusLine(m)];
  if (figures !== undefined) {
    paragraphs.push(escapeMarkdownText(merchantFiguresText(figures)));
  }
  if (linkedArticles !== undefined) {
    paragraphs.push(escapeMarkdownText(linkedArticlesText(linkedArticles)));
  }
  const description = m.description === null ? '' : escapeMarkdownText(m.description);
  if (description !== '') {
    paragraphs.push(description);
  }
  paragraphs.push(rows.join('  \n'));
  return paragraphs.join('\n\n');
}
