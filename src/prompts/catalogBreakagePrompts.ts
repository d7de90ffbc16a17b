/** What a sync broke on the site ("2 merchants you link to became inactive: 7 links in 3 articles"), with Show Problems. */
import * as vscode from 'vscode';
import type { Breakage } from '../health/catalogBreakage';
import { COMMANDS, WORKBENCH_COMMANDS } from '../ids';
import { amountsText, clicksText } from '../reports/figures/figuresWords';
import type { Money } from '../revenue/revenueReport';

/** How the notice is shown: `vscode.window.showWarningMessage`, or the test adapter's wrapping of it. */
export type ShowWarning = (message: string, ...items: string[]) => Thenable<string | undefined>;

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function inactiveSentence({ merchants, links, articles }: Breakage): string {
  const args = [COUNT.format(merchants), COUNT.format(links), COUNT.format(articles)];
  if (links === 1) {
    return vscode.l10n.t({
      message: 'A merchant you link to became inactive: 1 link in 1 article.',
      args,
      comment: ['{0}: merchants; {1}: links; {2}: articles (Markdown, MDX or HTML files of the workspace).'],
    });
  }
  if (merchants === 1) {
    return articles === 1
      ? vscode.l10n.t({
          message: 'A merchant you link to became inactive: {1} links in 1 article.',
          args,
          comment: ['{0}: merchants; {1}: links; {2}: articles (Markdown, MDX or HTML files of the workspace).'],
        })
      : vscode.l10n.t({
          message: 'A merchant you link to became inactive: {1} links in {2} articles.',
          args,
          comment: ['{0}: merchants; {1}: links; {2}: articles (Markdown, MDX or HTML files of the workspace).'],
        });
  }
  return articles === 1
    ? vscode.l10n.t({
        message: '{0} merchants you link to became inactive: {1} links in 1 article.',
        args,
        comment: ['{0}: merchants; {1}: links; {2}: articles (Markdown, MDX or HTML files of the workspace).'],
      })
    : vscode.l10n.t({
        message: '{0} merchants you link to became inactive: {1} links in {2} articles.',
        args,
        comment: ['{0}: merchants; {1}: links; {2}: articles (Markdown, MDX or HTML files of the workspace).'],
      });
}

function deeplinksSentence({ merchants, links, articles }: Breakage): string {
  const args = [COUNT.format(merchants), COUNT.format(links), COUNT.format(articles)];
  if (links === 1) {
    return vscode.l10n.t({
      message: 'A merchant you link to stopped allowing deeplinks: 1 deeplink in 1 article.',
      args,
      comment: ['{0}: merchants; {1}: deeplinks; {2}: articles (Markdown, MDX or HTML files of the workspace).'],
    });
  }
  if (merchants === 1) {
    return articles === 1
      ? vscode.l10n.t({
          message: 'A merchant you link to stopped allowing deeplinks: {1} deeplinks in 1 article.',
          args,
          comment: ['{0}: merchants; {1}: deeplinks; {2}: articles (Markdown, MDX or HTML files of the workspace).'],
        })
      : vscode.l10n.t({
          message: 'A merchant you link to stopped allowing deeplinks: {1} deeplinks in {2} articles.',
          args,
          comment: ['{0}: merchants; {1}: deeplinks; {2}: articles (Markdown, MDX or HTML files of the workspace).'],
        });
  }
  return articles === 1
    ? vscode.l10n.t({
        message: '{0} merchants you link to stopped allowing deeplinks: {1} deeplinks in 1 article.',
        args,
        comment: ['{0}: merchants; {1}: deeplinks; {2}: articles (Markdown, MDX or HTML files of the workspace).'],
      })
    : vscode.l10n.t({
        message: '{0} merchants you link to stopped allowing deeplinks: {1} deeplinks in {2} articles.',
        args,
        comment: ['{0}: merchants; {1}: deeplinks; {2}: articles (Markdown, MDX or HTML files of the workspace).'],
      });
}

/** What the broken links took in the money window, each pair once; undefined while the figures load. */
export type BreakageMoney = Money & { days: number };

/** The notice's words: a sentence per kind of breakage, inactive first, then what the links took and earned. */
export function catalogBreakageMessage(breakage: readonly Breakage[], money?: BreakageMoney): string {
  const sentences = breakage.map((b) => (b.kind === 'inactive' ? inactiveSentence(b) : deeplinksSentence(b)));
  if (money === undefined || (money.clicks === 0 && money.earned.length === 0)) {
    return sentences.join(' ');
  }
  const clicks = clicksText(money.clicks);
  const took =
    money.earned.length > 0
      ? vscode.l10n.t(
          'which took {0} and earned {1} in the last {2} days',
          clicks,
          amountsText(money.earned),
          money.days,
        )
      : vscode.l10n.t('which took {0} in the last {1} days', clicks, money.days);
  if (sentences.length === 1) {
    return `${sentences[0]!.replace(/\.$/, '')}, ${took}.`;
  }
  return `${sentences.join(' ')} ${vscode.l10n.t('Together, links {0}.', took)}`;
}

/**
 * Shows the one notice of a sync; its buttons reveal Revenue at Risk (when the links took clicks) or open the
 * Problems panel. Does not wait for the user.
 */
export function showCatalogBreakage(breakage: readonly Breakage[], show: ShowWarning, money?: BreakageMoney): void {
  const showView = vscode.l10n.t('Show Revenue at Risk');
  const showProblems = vscode.l10n.t('Show Problems');
  void show(catalogBreakageMessage(breakage, money), showView, showProblems).then((choice) =>
    choice === showView
      ? vscode.commands.executeCommand(COMMANDS.showRevenueAtRisk)
      : choice === showProblems && vscode.commands.executeCommand(WORKBENCH_COMMANDS.showProblems),
  );
}
