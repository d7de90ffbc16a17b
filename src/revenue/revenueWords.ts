/** The words of revenue at risk: money in a row, in a diagnostic, in the totals and in a Markdown table. */
import * as l10n from '@vscode/l10n';
import type { MoneyCode } from '../health/moneyLinks';
import { amountsText, clicksText } from '../reports/figures/figuresWords';
import type { Money, RevenueReport, RiskArticle, RiskMerchant } from './revenueReport';

const SEPARATOR = ' · ';
const WHOLE = new Intl.NumberFormat('en-US');

/** Why a merchant's links are at risk, short, for a row. */
export function reasonText(code: MoneyCode): string {
  switch (code) {
    case 'inactive-merchant':
      return l10n.t('inactive');
    case 'deeplinks-not-allowed':
      return l10n.t('no deeplinks');
    case 'target-off-merchant':
      return l10n.t('target off the merchant');
    case 'subid-mismatch':
      return l10n.t('SubID of another article');
  }
}

/** "31 clicks · EUR 12.40 earned", "31 clicks · about EUR 9.30 (estimate)", "0 clicks". */
export function moneyText(money: Money): string {
  const parts = [clicksText(money.clicks)];
  if (money.earned.length > 0) {
    parts.push(l10n.t('{0} earned', amountsText(money.earned)));
  }
  if (money.estimate.length > 0) {
    parts.push(l10n.t('about {0} (estimate)', amountsText(money.estimate)));
  }
  return parts.join(SEPARATOR);
}

/** What a finding's message gains: " (31 clicks and EUR 12.40 earned in the last 30 days)"; empty without money. */
export function diagnosticMoneyText(money: Money, days: number, sharingPair: number): string {
  if (money.clicks === 0 && money.earned.length === 0) {
    return '';
  }
  const period = l10n.t('in the last {0} days', days);
  let text =
    money.earned.length > 0
      ? l10n.t('{0} and {1} earned {2}', clicksText(money.clicks), amountsText(money.earned), period)
      : l10n.t('{0} {1}', clicksText(money.clicks), period);
  if (money.estimate.length > 0) {
    text += l10n.t('; about {0} by the merchant’s EPC, an estimate', amountsText(money.estimate));
  }
  if (sharingPair > 1) {
    text += l10n.t('; shared by the {0} links of this article to the merchant', sharingPair);
  }
  return ` (${text})`;
}

/** A merchant row's description: its money and why its links are at risk. */
export function merchantDescription(merchant: RiskMerchant, figures: RevenueReport['figures']): string {
  const why = merchant.reasons.map(reasonText).join(', ');
  return figures === 'loading'
    ? `${linksText(merchant.links)}${SEPARATOR}${why}`
    : `${moneyText(merchant.money)}${SEPARATOR}${why}`;
}

/** An article row's description. */
export function articleDescription(article: RiskArticle, figures: RevenueReport['figures']): string {
  return figures === 'loading'
    ? linksText(article.links.length)
    : `${moneyText(article.money)}${SEPARATOR}${linksText(article.links.length)}`;
}

/** "1 link", "7 links". */
export function linksText(links: number): string {
  return links === 1 ? l10n.t('1 link') : l10n.t('{0} links', WHOLE.format(links));
}

/** "1 article", "3 articles". */
export function articlesText(articles: number): string {
  return articles === 1 ? l10n.t('1 article') : l10n.t('{0} articles', WHOLE.format(articles));
}

/** The total at the top of the view. */
export function totalsText(report: RevenueReport): string {
  const where = l10n.t('{0} in {1}', linksText(report.totals.links), articlesText(report.totals.articles));
  if (report.figures === 'loading') {
    return l10n.t('{0} at risk; figures are loading', where);
  }
  return l10n.t('{0} at risk: {1} in the last {2} days', where, moneyText(report.totals), report.days);
}

/** The tooltip of an article row whose links share a pair's figures. */
export function sharedPairText(article: RiskArticle): string | undefined {
  const shared = article.links.find((link) => link.sharingPair > 1);
  return shared === undefined
    ? undefined
    : l10n.t(
        'The reports count clicks per SubID and merchant, not per link: the {0} links of this article with SubID {1} share these figures, counted once.',
        shared.sharingPair,
        shared.subId ?? '',
      );
}

/** The view as a Markdown table: one row per merchant, then the total. */
export function markdownTable(report: RevenueReport, merchants: readonly RiskMerchant[] = report.merchants): string {
  const cell = (text: string) =>
    text
      .replace(/\\/g, '\\\\')
      .replace(/\|/g, '\\|')
      .replace(/\r\n?|\n/g, ' ');
  const lines = [
    `| ${[l10n.t('Merchant'), l10n.t('Why'), l10n.t('Links'), l10n.t('Articles'), l10n.t('Clicks ({0} days)', report.days), l10n.t('Earned'), l10n.t('Estimate')].join(' | ')} |`,
    '|---|---|---:|---:|---:|---|---|',
  ];
  for (const merchant of merchants) {
    lines.push(
      `| ${[
        cell(merchant.name),
        cell(merchant.reasons.map(reasonText).join(', ')),
        WHOLE.format(merchant.links),
        WHOLE.format(merchant.articles.length),
        WHOLE.format(merchant.money.clicks),
        cell(amountsText(merchant.money.earned)),
        cell(amountsText(merchant.money.estimate)),
      ].join(' | ')} |`,
    );
  }
  // The whole view's table ends with its total (each pair once); a merchant's row copied alone has none.
  if (merchants === report.merchants && merchants.length > 0) {
    const { totals } = report;
    lines.push(
      `| ${[
        cell(l10n.t({ message: 'Total', comment: ['The totals row of a table.'] })),
        '',
        WHOLE.format(totals.links),
        WHOLE.format(totals.articles),
        WHOLE.format(totals.clicks),
        cell(amountsText(totals.earned)),
        cell(amountsText(totals.estimate)),
      ].join(' | ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
