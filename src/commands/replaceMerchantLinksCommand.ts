/**
 * `affiliateLinks.replaceMerchantLinks` (Replace Links to Merchant…, issue 33 §3): every link of the site to a
 * merchant, open files and closed, replaced in one workspace edit that VS Code's refactor preview shows first
 * and one undo takes back. Its argument is a merchant (a tree row, a `MerchantKey` such as `id:123` from a quick
 * fix or the Revenue at Risk view); from the palette it asks for one of the merchants the site links to. The
 * choices and the edit come from link health's bundle through the hub; this file only asks and applies.
 */
import * as vscode from 'vscode';
import { formatDays, formatMoney, formatNumber, formatPercent } from '../catalog/present/merchantFormat';
import type { CatalogController } from '../controllers/catalogController';
import { COMMANDS } from '../ids';
import type { MerchantRef } from '../merchant/merchantFields';
import type { MerchantKey } from '../merchant/merchantKey';
import type { MerchantLinksHub } from '../problems/merchantLinksHub';
import type { ReplacementOffer } from '../problems/merchantLinkReplacer';
import type {
  AlternativeChoice,
  EpcHistory,
  ReplacementChoice,
  ReplacementChoices,
} from '../revenue/replacementChoices';
import type { Command } from './command';
import { goneMessage, merchantArgument } from './merchantArgument';

/** Internal, for the integration tests: the choice made without the picker, and no refactor preview. */
export interface ReplaceLinksTestOptions {
  /** The choice: unwrap, or the same-page or alternative merchant with this key. */
  choice?: { kind: 'unwrap' } | { kind: 'same-page' | 'alternative'; key: string };
  /** False: apply without the refactor preview (`needsConfirmation` false). */
  preview?: boolean;
}

export interface ReplaceLinksOutcome {
  applied: boolean;
  files: Array<{ uri: vscode.Uri; replaced: number; kept: number }>;
  failed: Array<{ uri: vscode.Uri; message: string }>;
}

type ChoiceItem = vscode.QuickPickItem & { choice?: ReplacementChoice };

export class ReplaceMerchantLinksCommand implements Command {
  readonly id = COMMANDS.replaceMerchantLinks;

  constructor(
    private readonly controller: CatalogController,
    private readonly links: MerchantLinksHub,
    private readonly epcOf: EpcHistory,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async execute(arg?: unknown, options?: ReplaceLinksTestOptions): Promise<ReplaceLinksOutcome | undefined> {
    const replacer = this.links.replacer();
    if (replacer === undefined) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Link health has not read the site yet, so its links to merchants are not known. Try again when its scan is done (the status bar shows it), or turn link health on if it is off.',
        ),
      );
      return undefined;
    }
    const target = merchantArgument(this.controller, arg);
    if (target.kind === 'gone') {
      void vscode.window.showWarningMessage(goneMessage());
      return undefined;
    }
    const owner = target.kind === 'merchant' ? target.ref : await this.pickLinkedMerchant();
    if (owner === undefined) {
      return undefined;
    }
    const offer = replacer.offer(owner.key, this.epcOf);
    if (offer.kind !== 'offer') {
      this.explain(offer, owner);
      return undefined;
    }
    const choice = options?.choice !== undefined ? testChoice(offer.choices, options.choice) : await this.ask(offer);
    if (choice === undefined) {
      return undefined;
    }
    const label = choiceLabel(owner.merchant.name, choice);
    const built = await replacer.edit(owner.key, choice, { confirm: options?.preview !== false, label });
    for (const { uri, message } of built.failed) {
      this.log.warn(`Replace Links to ${owner.merchant.name}: could not read ${uri.toString()}: ${message}`);
    }
    if (built.failed.length > 0) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t({
          message: 'Could not read {0}: its links to {1} are left as they are. The other files are in the edit.',
          args: [built.failed.map(({ uri }) => vscode.workspace.asRelativePath(uri)).join(', '), owner.merchant.name],
          comment: ['{0}: the files that could not be read, comma-separated; {1}: a merchant name.'],
        }),
      );
    }
    if (built.entries.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t({
          message:
            'No link to {0} could be rewritten with that choice, so nothing was changed. Try another choice, or fix the links one by one from the Problems panel.',
          args: [owner.merchant.name],
          comment: ['{0}: a merchant name.'],
        }),
      );
      return { applied: false, files: built.files, failed: built.failed };
    }
    const applied = await vscode.workspace.applyEdit(built.edit, { isRefactoring: true });
    const changed = built.files.filter((file) => file.replaced > 0);
    this.log.info(
      `Replace Links to ${owner.merchant.name} (${label}): ${applied ? 'applied' : 'not applied'}, ` +
        `${changed.reduce((sum, f) => sum + f.replaced, 0)} links in ${changed.length} files` +
        (options?.preview === false ? '' : ' (the refactor preview may have left some out)') +
        ':',
    );
    for (const file of built.files) {
      this.log.info(
        `  ${vscode.workspace.asRelativePath(file.uri)}: ${file.replaced} links changed` +
          (file.kept > 0 ? `, ${file.kept} left as they were (no safe replacement)` : ''),
      );
    }
    return { applied, files: built.files, failed: built.failed };
  }

  /** From the palette: one of the merchants the site links to, the most linked first. */
  private async pickLinkedMerchant(): Promise<MerchantRef | undefined> {
    const merchants = this.controller.store?.snapshot.merchants;
    const linked = this.links.linkedMerchants();
    const items: Array<vscode.QuickPickItem & { ref: MerchantRef }> = [];
    for (const [key, totals] of linked ?? []) {
      const merchant = merchants?.get(key);
      if (merchant !== undefined && totals.links > 0) {
        items.push({
          ref: { key, merchant },
          label: merchant.name,
          description:
            totals.links === 1
              ? vscode.l10n.t('1 link in 1 article')
              : totals.articles === 1
                ? vscode.l10n.t('{0} links in 1 article', formatNumber(totals.links))
                : vscode.l10n.t('{0} links in {1} articles', formatNumber(totals.links), formatNumber(totals.articles)),
          detail: merchant.isActive
            ? merchant.deeplinkAllowed
              ? undefined
              : vscode.l10n.t('Does not allow deeplinks')
            : vscode.l10n.t('Inactive'),
        });
      }
    }
    if (items.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No article of the site links to a merchant.'));
      return undefined;
    }
    // The broken first (inactive, then without deeplinks), then by links.
    const rank = (m: MerchantRef['merchant']) => (m.isActive ? 1 : 0) + (m.deeplinkAllowed ? 1 : 0);
    items.sort(
      (a, b) =>
        rank(a.ref.merchant) - rank(b.ref.merchant) ||
        (linked?.get(b.ref.key)?.links ?? 0) - (linked?.get(a.ref.key)?.links ?? 0) ||
        a.label.localeCompare(b.label),
    );
    const chosen = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Replace Links to Merchant'),
      placeHolder: vscode.l10n.t('Choose the merchant whose links to replace across the site'),
      matchOnDescription: true,
    });
    return chosen?.ref;
  }

  private explain(offer: Exclude<ReplacementOffer, { kind: 'offer' }>, owner: MerchantRef): void {
    if (offer.kind === 'gone') {
      void vscode.window.showWarningMessage(goneMessage());
    } else if (offer.kind === 'no-catalog') {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Link health has no catalog to check the links with yet. Try again once the merchants are loaded.',
        ),
      );
    } else {
      void vscode.window.showInformationMessage(
        vscode.l10n.t({
          message: 'No article links to {0}, so there is nothing to replace.',
          args: [owner.merchant.name],
          comment: ['{0}: a merchant name.'],
        }),
      );
    }
  }

  /** The picker: same page, alternatives, plain URL, cancel; separators between; Escape cancels too. */
  private async ask(offer: Extract<ReplacementOffer, { kind: 'offer' }>): Promise<ReplacementChoice | undefined> {
    const name = offer.owner.merchant.name;
    const items = choiceItems(offer.choices, offer.links);
    const title =
      offer.links === 1
        ? vscode.l10n.t({
            message: 'Replace the 1 link to {0}',
            args: [name],
            comment: ['{0}: a merchant name.'],
          })
        : vscode.l10n.t({
            message: 'Replace {0} links to {1} in {2} files',
            args: [formatNumber(offer.links), name, formatNumber(offer.files)],
            comment: ['{0}: how many links; {1}: a merchant name; {2}: how many files hold them.'],
          });
    const chosen = await vscode.window.showQuickPick(items, {
      title,
      placeHolder: vscode.l10n.t('Choose what the links become; the refactor preview shows every change first'),
      matchOnDescription: true,
      matchOnDetail: true,
    });
    return chosen?.choice;
  }
}

/** The picker's items in the order, with separators. */
function choiceItems(choices: ReplacementChoices, links: number): ChoiceItem[] {
  const separator = (label: string): ChoiceItem => ({ label, kind: vscode.QuickPickItemKind.Separator });
  const items: ChoiceItem[] = [];
  if (choices.samePage.length > 0) {
    items.push(separator(vscode.l10n.t('The same page, a working link')));
    for (const choice of choices.samePage) {
      items.push({
        choice,
        label: `$(arrow-swap) ${choice.ref.merchant.name}`,
        description: choice.ref.merchant.defaultDomain,
        detail: vscode.l10n.t('Active, allows deeplinks: each link keeps its page, through this merchant.'),
      });
    }
  }
  if (choices.alternatives.length > 0) {
    items.push(separator(vscode.l10n.t('Another shop of the same category')));
    for (const choice of choices.alternatives) {
      items.push({
        choice,
        label: `$(arrow-right) ${choice.ref.merchant.name}`,
        description: alternativeWhere(choice, links),
        detail: alternativeDetail(choice),
      });
    }
  }
  items.push(separator(vscode.l10n.t('Without tracking')));
  items.push({
    choice: choices.unwrap,
    label: `$(link) ${vscode.l10n.t('Plain links to the target pages')}`,
    detail: vscode.l10n.t('Each link becomes the page it leads to, without tracking: it earns nothing.'),
  });
  items.push(separator(''));
  items.push({ label: `$(close) ${vscode.l10n.t('Cancel')}`, detail: vscode.l10n.t('Leave the links as they are.') });
  return items;
}

/** Where an alternative sends readers: another shop, its home page or (where it has them) the same pages. */
function alternativeWhere(choice: AlternativeChoice, links: number): string {
  if (choice.samePages === 0) {
    return vscode.l10n.t('Another shop: readers land on its home page ({0})', choice.ref.merchant.defaultDomain);
  }
  return vscode.l10n.t({
    message: 'Another shop: {0} of {1} links keep their page, the others lead to its home page',
    args: [formatNumber(choice.samePages), formatNumber(links)],
    comment: ['{0}: links whose page the shop has; {1}: all links.'],
  });
}

/** EPC with history, the catalog's figure, the confirmation time and the countries. */
function alternativeDetail(choice: AlternativeChoice): string {
  const parts: string[] = [];
  if (choice.epc === undefined) {
    parts.push(vscode.l10n.t('No EPC of yours yet'));
  } else if (choice.epc.length === 0) {
    parts.push(vscode.l10n.t('Your EPC: nothing earned yet'));
  } else {
    const amounts = choice.epc.map((entry) => formatMoney(entry.amount, entry.currencyCode)).join(', ');
    parts.push(vscode.l10n.t('Your EPC: {0}', amounts));
  }
  if (choice.averageCommission === null) {
    parts.push(vscode.l10n.t('no average commission in the catalog'));
  } else if (choice.cancelled === null) {
    parts.push(vscode.l10n.t('average commission {0}', formatPercent(choice.averageCommission)));
  } else {
    parts.push(
      vscode.l10n.t({
        message: 'average commission {0} less {1} cancelled: {2}',
        args: [
          formatPercent(choice.averageCommission),
          formatPercent(choice.cancelled * 100),
          formatPercent(choice.catalogScore ?? 0),
        ],
        comment: ['{0}: the average commission; {1}: the share cancelled; {2}: what is left.'],
      }),
    );
  }
  if (choice.confirmationDays !== null) {
    parts.push(vscode.l10n.t('confirmed in {0}', formatDays(choice.confirmationDays)));
  }
  if (choice.countryCodes.length > 0) {
    parts.push(choice.countryCodes.join(', '));
  }
  return parts.join(' · ');
}

/** What every change is labelled with in the refactor preview. */
function choiceLabel(name: string, choice: ReplacementChoice): string {
  return choice.kind === 'unwrap'
    ? vscode.l10n.t({
        message: 'Links to {0} made plain',
        args: [name],
        comment: ['{0}: a merchant name.'],
      })
    : vscode.l10n.t({
        message: 'Links to {0} replaced by {1}',
        args: [name, choice.ref.merchant.name],
        comment: ['{0}, {1}: merchant names.'],
      });
}

function testChoice(
  choices: ReplacementChoices,
  wanted: NonNullable<ReplaceLinksTestOptions['choice']>,
): ReplacementChoice | undefined {
  if (wanted.kind === 'unwrap') {
    return choices.unwrap;
  }
  const list: ReplacementChoice[] = wanted.kind === 'same-page' ? choices.samePage : choices.alternatives;
  return list.find((choice) => choice.kind !== 'unwrap' && choice.ref.key === (wanted.key as MerchantKey));
}
