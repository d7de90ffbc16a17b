/**
 * Replace Links to Merchant's questions, in link health's bundle (the activation bundle only holds the command):
 * which merchant, from the palette; and what its links become, in the order of issue 33 §3 (the same page, other
 * shops ranked, the plain target, cancel) with separators, each alternative's figures in its detail.
 */
import * as vscode from 'vscode';
import type { CatalogMap } from '../catalog/model/catalogTypes';
import { formatDays, formatMoney, formatNumber, formatPercent } from '../catalog/present/merchantFormat';
import type { MerchantLinkTotals } from '../health/merchantLinkTally';
import type { MerchantRef } from '../merchant/merchantFields';
import type { MerchantKey } from '../merchant/merchantKey';
import type { AlternativeChoice, ReplacementChoice, ReplacementChoices } from '../revenue/replacementChoices';
import type { ReplacementOffer } from './merchantLinksReplacing';

type ChoiceItem = vscode.QuickPickItem & { choice?: ReplacementChoice };

/** From the palette: one of the merchants the site links to, the most linked first. */
export async function pickLinkedMerchant(
  merchants: CatalogMap | undefined,
  linked: ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined,
): Promise<MerchantRef | undefined> {
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

/** The picker: same page, alternatives, plain URL, cancel; separators between; Escape cancels too. */
export async function askReplacement(
  offer: Extract<ReplacementOffer, { kind: 'offer' }>,
): Promise<ReplacementChoice | undefined> {
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
export function choiceLabel(name: string, choice: ReplacementChoice): string {
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
