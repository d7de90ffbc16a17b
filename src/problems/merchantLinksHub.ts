/**
 * In the activation bundle: where the tree and the commands read the site's links per merchant, which the lazily
 * loaded link health publishes (nothing here reads the site). Empty while link health is off or not yet started.
 */
import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import type { MerchantLinkTotals } from '../health/merchantLinkTally';
import type { MerchantKey } from '../merchant/merchantKey';

/** What the Merchants view reads: how many articles link to a merchant, and when that changed. */
export interface MerchantLinksSource {
  readonly onDidChange: vscode.Event<void>;
  /** Undefined while link health has not counted (off, no catalog, scanning). */
  articlesLinking(key: MerchantKey): number | undefined;
}

/** What the running link health hands over: the totals, and every place a merchant is linked from. */
export interface MerchantLinksPublisher {
  locations(key: MerchantKey): vscode.Location[];
}

export class MerchantLinksHub extends Disposable implements MerchantLinksSource {
  private totals: ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined;
  private publisher: MerchantLinksPublisher | undefined;
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  /** The running link health's latest totals (undefined: it stopped); fires when any article count changed. */
  publish(totals: ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined, publisher?: MerchantLinksPublisher): void {
    const before = this.totals;
    this.totals = totals;
    this.publisher = totals === undefined ? undefined : publisher;
    if (!sameArticles(before, totals)) {
      this.changed.fire();
    }
  }

  articlesLinking(key: MerchantKey): number | undefined {
    return this.totals === undefined ? undefined : (this.totals.get(key)?.articles ?? 0);
  }

  /** Every link of the site to the merchant, undefined while link health has not counted. */
  locations(key: MerchantKey): vscode.Location[] | undefined {
    return this.totals === undefined ? undefined : this.publisher?.locations(key);
  }
}

function sameArticles(
  a: ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined,
  b: ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined,
): boolean {
  if (a === undefined || b === undefined) {
    return a === b;
  }
  if (a.size !== b.size) {
    return false;
  }
  for (const [key, total] of a) {
    if (b.get(key)?.articles !== total.articles) {
      return false;
    }
  }
  return true;
}
