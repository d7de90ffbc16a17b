/** Hovering an http(s) URL shows the merchant its host matches, with links to insert its deeplink or copy its link. */
import * as vscode from 'vscode';
import { formatPercent, statusWords } from '../catalog/present/merchantFormat';
import { escapeMarkdownText } from '../catalog/present/merchantTooltip';
import { COMMANDS } from '../ids';
import type { MerchantDomainIndex } from '../links/domainIndex';
import type { MerchantRef, MerchantSummary } from '../merchant/merchantFields';
import { urlAt } from '../links/urlFinder';
import { targetOf } from '../links/urlReplacement';
import { readLinkSettings } from '../settings/linkSettings';
import type { MerchantLinkIndex } from '../controllers/merchantLinkIndex';

const HOVER_COMMANDS: string[] = [COMMANDS.insertDeeplink, COMMANDS.copyTrackingLink];

function commandLink(label: string, command: string, args: unknown): string {
  return `[${label}](command:${command}?${encodeURIComponent(JSON.stringify([args]))})`;
}

function facts(merchant: MerchantSummary): string {
  const [status, deeplinks] = statusWords(merchant);
  const commission =
    merchant.averageCommission === null
      ? []
      : [
          vscode.l10n.t({
            message: 'average commission {0}',
            args: [formatPercent(merchant.averageCommission)],
            comment: "One of the facts listed after a merchant's name in the hover; {0} is a percentage.",
          }),
        ];
  return escapeMarkdownText([status, ...commission, deeplinks].join(' · '));
}

/**
 * The hover's Markdown for a merchant matched at `url`, written at `offset` of the document. Its two
 * commands are the only ones the hover trusts; every catalog string in it is escaped.
 */
export function merchantHover(ref: MerchantRef, url: string, offset: number): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(undefined, true);
  markdown.isTrusted = { enabledCommands: HOVER_COMMANDS };
  markdown.supportHtml = false;
  markdown.appendMarkdown(`**${escapeMarkdownText(ref.merchant.name)}** — ${facts(ref.merchant)}\n\n`);
  const actions: string[] = [];
  if (ref.merchant.isActive && ref.merchant.deeplinkAllowed) {
    actions.push(
      commandLink(`$(link) ${escapeMarkdownText(vscode.l10n.t('Insert Deeplink'))}`, COMMANDS.insertDeeplink, {
        merchantKey: ref.key,
        offset,
        url,
      }),
    );
  }
  actions.push(
    commandLink(
      `$(copy) ${escapeMarkdownText(vscode.l10n.t('Copy Tracking Link'))}`,
      COMMANDS.copyTrackingLink,
      ref.key,
    ),
  );
  markdown.appendMarkdown(actions.join(' · '));
  return markdown;
}

export class MerchantHoverProvider implements vscode.HoverProvider {
  constructor(private readonly links: MerchantLinkIndex) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    if (!readLinkSettings(document.uri).hoverEnabled) {
      return undefined;
    }
    const line = document.lineAt(position.line);
    const found = urlAt(line.text, position.character);
    if (!found) {
      return undefined;
    }
    const index = await this.links.current();
    if (!index) {
      return undefined;
    }
    const lineStart = document.offsetAt(line.range.start);
    const range = new vscode.Range(position.line, found.start, position.line, found.end);
    const content = this.contentFor(index, found.url, targetOf(found), lineStart + found.start);
    return content && new vscode.Hover(content, range);
  }

  private contentFor(
    index: MerchantDomainIndex,
    written: string,
    url: string,
    offset: number,
  ): vscode.MarkdownString | undefined {
    const match = index.match(url);
    switch (match.kind) {
      case 'none':
        return undefined;
      case 'tracking':
        return new vscode.MarkdownString().appendText(trackingLinkWords(match.merchants.map((ref) => ref.merchant)));
      case 'merchant':
        return merchantHover(match.merchant, written, offset);
      case 'ambiguous': {
        const markdown = new vscode.MarkdownString().appendText(
          vscode.l10n.t({
            message: 'Several merchants have the domain {0}: {1}',
            args: [match.domain, match.candidates.map((m) => m.merchant.name).join(', ')],
            comment: '{0} is a domain name; {1} the names of the merchants, separated by commas.',
          }),
        );
        const command = `**${escapeMarkdownText(vscode.l10n.t('Insert Deeplink'))}**`;
        markdown.appendMarkdown(
          `\n\n${vscode.l10n.t({ message: 'Run {0} with the cursor on the URL to choose one.', args: [command], comment: '{0} is the name of the command Insert Deeplink, in bold (Markdown).' })}`,
        );
        return markdown;
      }
    }
  }
}

/** What the hover says of a tracking link: whose it is, and whether that merchant is inactive. */
function trackingLinkWords(owners: ReadonlyArray<{ name: string; isActive: boolean }>): string {
  if (owners.length === 0) {
    return vscode.l10n.t('A tracking link of the service, but of none of your merchants.');
  }
  if (owners.length === 1 && !owners[0]!.isActive) {
    return vscode.l10n.t({
      message: 'Tracking link of {0} (inactive: it earns nothing).',
      args: [owners[0]!.name],
      comment: '{0} is the name of a merchant.',
    });
  }
  return vscode.l10n.t({
    message: 'Tracking link of {0}',
    args: [owners.map((owner) => owner.name).join(', ')],
    comment: '{0} is the name of a merchant, or several separated by commas.',
  });
}
