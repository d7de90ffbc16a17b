/** What a link command was handed (a tree row, a merchant key, or nothing), read again from the current catalog. */
import * as vscode from 'vscode';
import type { MerchantRef } from '../merchant/merchantFields';
import { asMerchantKey, type MerchantKey } from '../merchant/merchantKey';
import type { CatalogController } from '../controllers/catalogController';

export type MerchantArgument =
  | { kind: 'none' }
  | { kind: 'merchant'; ref: MerchantRef }
  | { kind: 'gone'; key: MerchantKey };

function keyOf(arg: unknown): MerchantKey | undefined {
  if (typeof arg === 'string') {
    return asMerchantKey(arg);
  }
  if (typeof arg === 'object' && arg !== null) {
    const node = arg as { kind?: unknown; key?: unknown; merchantKey?: unknown };
    if (node.kind === 'merchant' && typeof node.key === 'string') {
      return asMerchantKey(node.key);
    }
    if (typeof node.merchantKey === 'string') {
      return asMerchantKey(node.merchantKey);
    }
  }
  return undefined;
}

/**
 * The merchant an argument names, looked up in the catalog shown now, so a row rendered before a
 * sync never hands out stale data. A key comes from Find Merchant's row buttons, hover links, tests.
 */
export function merchantArgument(controller: CatalogController, arg: unknown): MerchantArgument {
  const key = keyOf(arg);
  if (key === undefined) {
    return { kind: 'none' };
  }
  const merchant = controller.store?.snapshot.merchants.get(key);
  return merchant ? { kind: 'merchant', ref: { key, merchant } } : { kind: 'gone', key };
}

/** What a link command says when the merchant it was handed is no longer in the catalog. */
export function goneMessage(): string {
  return vscode.l10n.t('That merchant is no longer in the catalog. Refresh the merchants and choose it again.');
}
