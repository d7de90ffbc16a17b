/** The Revenue at Risk tree's rows: each node of the model drawn as a TreeItem (the model keeps ids stable). */
import * as vscode from 'vscode';
import { WORKBENCH_COMMANDS } from '../ids';
import { amountsText, clicksText } from '../reports/figures/figuresWords';
import type { RiskNode } from '../revenue/riskTreeModel';
import {
  articleDescription,
  articlesText,
  linksText,
  merchantDescription,
  moneyText,
  reasonText,
  sharedPairText,
  totalsText,
} from '../revenue/revenueWords';

/** The row of a node (`contextValue`s: riskTotal, riskMerchant, riskArticle, riskLink, riskOpportunity, …). */
export function riskTreeItem(node: RiskNode): vscode.TreeItem {
  const data = node.data;
  const collapsed = vscode.TreeItemCollapsibleState.Collapsed;
  switch (data.kind) {
    case 'total': {
      const item = new vscode.TreeItem(vscode.l10n.t('Total at risk'), vscode.TreeItemCollapsibleState.None);
      item.description = totalsText(data.report);
      item.tooltip = totalsTooltip(data.report.days, data.report.figures === 'loading');
      item.iconPath = new vscode.ThemeIcon('graph');
      item.contextValue = 'riskTotal';
      return withId(item, node);
    }
    case 'merchant': {
      const { merchant } = data;
      const item = new vscode.TreeItem(merchant.name, collapsed);
      item.description = merchantDescription(merchant, data.figures);
      const inactive = merchant.reasons.includes('inactive-merchant');
      item.iconPath = new vscode.ThemeIcon(
        inactive ? 'error' : 'warning',
        new vscode.ThemeColor(inactive ? 'list.errorForeground' : 'list.warningForeground'),
      );
      const tooltip = new vscode.MarkdownString();
      tooltip.appendText(`${merchant.name}\n\n`);
      tooltip.appendText(`${vscode.l10n.t('At risk: {0}', merchant.reasons.map(reasonText).join(', '))}\n\n`);
      tooltip.appendText(
        `${vscode.l10n.t('{0} in {1}', linksText(merchant.links), articlesText(merchant.articles.length))}\n\n`,
      );
      tooltip.appendText(
        data.figures === 'loading' ? vscode.l10n.t('Figures are loading.') : moneyText(merchant.money),
      );
      if (merchant.money.estimate.length > 0) {
        tooltip.appendText(`\n\n${estimateNote()}`);
      }
      item.tooltip = tooltip;
      item.contextValue = 'riskMerchant';
      return withId(item, node);
    }
    case 'article': {
      const uri = vscode.Uri.parse(data.article.path);
      const item = new vscode.TreeItem(vscode.workspace.asRelativePath(uri), collapsed);
      item.resourceUri = uri;
      item.description = articleDescription(data.article, data.figures);
      const shared = sharedPairText(data.article);
      const subIds =
        data.article.subIds.length > 0
          ? vscode.l10n.t('SubID: {0}', data.article.subIds.join(', '))
          : vscode.l10n.t('No SubID: no figures to read.');
      item.tooltip = [subIds, shared].filter((line) => line !== undefined).join('\n\n');
      item.contextValue = 'riskArticle';
      return withId(item, node);
    }
    case 'link':
    case 'opportunityLink': {
      const { link } = data;
      const uri = vscode.Uri.parse(link.path);
      const item = new vscode.TreeItem(
        vscode.l10n.t('Line {0}, column {1}', link.line + 1, link.column + 1),
        vscode.TreeItemCollapsibleState.None,
      );
      item.description =
        data.kind === 'link'
          ? reasonText(data.link.code as Parameters<typeof reasonText>[0])
          : `${vscode.workspace.asRelativePath(uri)} · ${vscode.l10n.t('not monetized')}`;
      item.tooltip =
        data.kind === 'link' && data.link.sharingPair > 1
          ? vscode.l10n.t(
              '{0} links of this article share this SubID and merchant: the figures are theirs together.',
              data.link.sharingPair,
            )
          : undefined;
      const selection = new vscode.Range(link.line, link.column, link.endLine, link.endColumn);
      item.command = {
        title: vscode.l10n.t('Open'),
        command: WORKBENCH_COMMANDS.open,
        arguments: [uri, { selection }],
      };
      item.iconPath = new vscode.ThemeIcon('link');
      item.contextValue = data.kind === 'link' ? 'riskLink' : 'riskOpportunityLink';
      return withId(item, node);
    }
    case 'opportunities': {
      const item = new vscode.TreeItem(vscode.l10n.t('Opportunities: plain links that could earn'), collapsed);
      item.description = vscode.l10n.t('{0} merchants', data.opportunities.length);
      item.tooltip = vscode.l10n.t(
        'Pages of merchants that allow deeplinks, linked as plain URLs: they take no affiliate clicks yet. Ranked by the clicks of the articles that name them, then by the account’s EPC with the merchant.',
      );
      item.iconPath = new vscode.ThemeIcon('lightbulb');
      item.contextValue = 'riskOpportunities';
      return withId(item, node);
    }
    case 'opportunity': {
      const { opportunity } = data;
      const item = new vscode.TreeItem(opportunity.name, collapsed);
      const parts = [
        vscode.l10n.t('{0} in {1}', linksText(opportunity.links), articlesText(opportunity.articles)),
        vscode.l10n.t('their articles took {0}', clicksText(opportunity.articleClicks)),
      ];
      if (opportunity.epc.length > 0) {
        parts.push(vscode.l10n.t('EPC {0}', amountsText(opportunity.epc)));
      }
      item.description = parts.join(' · ');
      item.contextValue = 'riskOpportunity';
      return withId(item, node);
    }
  }
}

function withId(item: vscode.TreeItem, node: RiskNode): vscode.TreeItem {
  item.id = node.id;
  if (item.contextValue === 'riskMerchant' || item.contextValue === 'riskTotal') {
    item.accessibilityInformation = { label: `${String(item.label)}, ${String(item.description)}` };
  }
  return item;
}

function estimateNote(): string {
  return vscode.l10n.t(
    'An estimate: the pairs that took clicks but earned nothing yet, times the account’s earnings per click with the merchant over 90 days.',
  );
}

function totalsTooltip(days: number, loading: boolean): string {
  const base = vscode.l10n.t(
    'Links whose clicks stop earning (inactive merchant, deeplinks not allowed, target off the merchant) or earn for another article (SubID mismatch), with the clicks and earnings of the last {0} days. The reports count clicks per SubID and merchant: links of an article to one merchant share its figures, counted once in every total.',
    days,
  );
  return loading ? `${base}\n\n${vscode.l10n.t('Figures are loading.')}` : base;
}

/** What the view's message says, or undefined when it shows rows. */
export function riskViewMessage(state: {
  enabled: boolean;
  figuresOn: boolean;
  counted: boolean;
  rows: number;
  figures: 'loading' | 'ready';
}): string | undefined {
  if (!state.enabled) {
    return vscode.l10n.t('Link health is off (affiliateLinks.linkHealth.enabled): revenue at risk needs it.');
  }
  if (!state.counted) {
    return vscode.l10n.t('Link health is reading the site…');
  }
  if (state.rows === 0) {
    return vscode.l10n.t('No link of the site is at risk.');
  }
  if (state.figures === 'loading' && !state.figuresOn) {
    return vscode.l10n.t(
      'The figures are off (affiliateLinks.figures.enabled): the links at risk show without their clicks and earnings.',
    );
  }
  return state.figures === 'loading'
    ? vscode.l10n.t('Figures are loading: the links at risk show, their money follows.')
    : undefined;
}
