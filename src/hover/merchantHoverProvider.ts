/**
 * Hovering an http(s) URL in Markdown, MDX, HTML or plain text shows the merchant its host
 * matches: status, average commission, whether deeplinks are allowed, and links that insert
 * its deeplink in place of the URL or copy its tracking link. Those two commands are the only
 * ones the hover trusts; every catalog string in it is escaped.
 */
import * as vscode from 'vscode';
import { formatPercent, statusWords } from '../catalog/present/merchantFormat';
import { escapeMarkdownText } from '../catalog/present/merchantTooltip';
import { COMMANDS } from '../ids';
import type { MerchantDomainIndex } from '../links/domainIndex';
import type { MerchantRef, MerchantSummary } from '../merchant/merchantFields';
import { urlAt } from '../links/urlFinder';
import { targetOf } from '../links/urlReplacement';
import { readLinkSettings } from '../services/linkSettings';
import type { MerchantLinkIndex } from '../services/merchantLinkIndex';

export const HOVER_LANGUAGES = ['markdown', 'mdx', 'html', 'plaintext'] as const;
const HOVER_COMMANDS: string[] = [COMMANDS.insertDeeplink, COMMANDS.copyTrackingLink];

function commandLink(label: string, command: string, args: unknown): string {
  return `[${label}](command:${command}?${encodeURIComponent(JSON.stringify([args]))})`;
}

function facts(merchant: MerchantSummary): string {
  const [status, deeplinks] = statusWords(merchant);
  const commission = merchant.averageCommission === null ? [] : [`average commission ${formatPercent(merchant.averageCommission)}`];
  return escapeMarkdownText([status, ...commission, deeplinks].join(' · '));
}

/** The hover's Markdown for a merchant matched at `url`, written at `offset` of the document. */
export function merchantHover(ref: MerchantRef, url: string, offset: number): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(undefined, true);
  markdown.isTrusted = { enabledCommands: HOVER_COMMANDS };
  markdown.supportHtml = false;
  markdown.appendMarkdown(`**${escapeMarkdownText(ref.merchant.name)}** — ${facts(ref.merchant)}\n\n`);
  const actions: string[] = [];
  if (ref.merchant.isActive && ref.merchant.deeplinkAllowed) {
    actions.push(commandLink('$(link) Insert Deeplink', COMMANDS.insertDeeplink, { merchantKey: ref.key, offset, url }));
  }
  actions.push(commandLink('$(copy) Copy Tracking Link', COMMANDS.copyTrackingLink, ref.key));
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

  private contentFor(index: MerchantDomainIndex, written: string, url: string, offset: number): vscode.MarkdownString | undefined {
    const match = index.match(url);
    switch (match.kind) {
      case 'none':
        return undefined;
      case 'tracking':
        return new vscode.MarkdownString().appendText(`Tracking link of ${match.merchants.map((m) => m.merchant.name).join(', ')}`);
      case 'merchant':
        return merchantHover(match.merchant, written, offset);
      case 'ambiguous': {
        const markdown = new vscode.MarkdownString().appendText(`Several merchants have the domain ${match.domain}: `);
        markdown.appendText(match.candidates.map((m) => m.merchant.name).join(', '));
        markdown.appendMarkdown('\n\nRun **Insert Deeplink** with the cursor on the URL to choose one.');
        return markdown;
      }
    }
  }
}
