/** What a sync broke on the site ("2 merchants you link to became inactive: 7 links in 3 articles"), with Show Problems. */
import * as vscode from 'vscode';
import type { Breakage } from '../health/catalogBreakage';
import { WORKBENCH_COMMANDS } from '../ids';

/** How the notice is shown: `vscode.window.showWarningMessage`, or the test adapter's wrapping of it. */
export type ShowWarning = (message: string, ...items: string[]) => Thenable<string | undefined>;

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function inactiveSentence({ merchants, links, articles }: Breakage): string {
  const args = [COUNT.format(merchants), COUNT.format(links), COUNT.format(articles)];
  const comment = ['{0}: merchants; {1}: links; {2}: articles (Markdown, MDX or HTML files of the workspace).'];
  if (links === 1) {
    return vscode.l10n.t({ message: 'A merchant you link to became inactive: 1 link in 1 article.', args, comment });
  }
  if (merchants === 1) {
    return articles === 1
      ? vscode.l10n.t({ message: 'A merchant you link to became inactive: {1} links in 1 article.', args, comment })
      : vscode.l10n.t({ message: 'A merchant you link to became inactive: {1} links in {2} articles.', args, comment });
  }
  return articles === 1
    ? vscode.l10n.t({ message: '{0} merchants you link to became inactive: {1} links in 1 article.', args, comment })
    : vscode.l10n.t({
        message: '{0} merchants you link to became inactive: {1} links in {2} articles.',
        args,
        comment,
      });
}

function deeplinksSentence({ merchants, links, articles }: Breakage): string {
  const args = [COUNT.format(merchants), COUNT.format(links), COUNT.format(articles)];
  const comment = ['{0}: merchants; {1}: deeplinks; {2}: articles (Markdown, MDX or HTML files of the workspace).'];
  if (links === 1) {
    return vscode.l10n.t({
      message: 'A merchant you link to stopped allowing deeplinks: 1 deeplink in 1 article.',
      args,
      comment,
    });
  }
  if (merchants === 1) {
    return articles === 1
      ? vscode.l10n.t({
          message: 'A merchant you link to stopped allowing deeplinks: {1} deeplinks in 1 article.',
          args,
          comment,
        })
      : vscode.l10n.t({
          message: 'A merchant you link to stopped allowing deeplinks: {1} deeplinks in {2} articles.',
          args,
          comment,
        });
  }
  return articles === 1
    ? vscode.l10n.t({
        message: '{0} merchants you link to stopped allowing deeplinks: {1} deeplinks in 1 article.',
        args,
        comment,
      })
    : vscode.l10n.t({
        message: '{0} merchants you link to stopped allowing deeplinks: {1} deeplinks in {2} articles.',
        args,
        comment,
      });
}

/** The notice's words: a sentence per kind of breakage, inactive first. */
export function catalogBreakageMessage(breakage: readonly Breakage[]): string {
  return breakage.map((b) => (b.kind === 'inactive' ? inactiveSentence(b) : deeplinksSentence(b))).join(' ');
}

/** Shows the one notice of a sync; its button opens the Problems panel. Does not wait for the user. */
export function showCatalogBreakage(breakage: readonly Breakage[], show: ShowWarning): void {
  const showProblems = vscode.l10n.t('Show Problems');
  void show(catalogBreakageMessage(breakage), showProblems).then(
    (choice) => choice === showProblems && vscode.commands.executeCommand(WORKBENCH_COMMANDS.showProblems),
  );
}
