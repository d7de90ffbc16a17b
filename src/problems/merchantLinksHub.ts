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
  /** The merchants whose article count changed (all of them when link health starts or stops counting). */
  readonly onDidChange: vscode.Event<readonly MerchantKey[] | 'all'>;
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
  private readonly changed = this._register(new vscode.EventEmitter<readonly MerchantKey[] | 'all'>());
  readonly onDidChange = this.changed.event;

  /** The running link health's latest totals (undefined: it stopped); fires when any article count changed. */
  publish(totals: ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined, publisher?: MerchantLinksPublisher): void {
    const before = this.totals;
    this.totals = totals;
    this.publisher = totals === undefined ? undefined : publisher;
    const changed = changedArticles(before, totals);
    if (changed === 'all' || changed.length > 0) {
      this.changed.fire(changed);
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

/** The merchants whose article count differs between two totals; 'all' when one of them is no count at all. */
function changedArticles(
  a: ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined,
  b: ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined,
): readonly MerchantKey[] | 'all' {
  if (a === undefined || b === undefined) {
    return a === b ? [] : 'all';
  }
  const changed: MerchantKey[] = [];
  for (const [key, total] of a) {
    if ((b.get(key)?.articles ?? 0) !== total.articles) {
      changed.push(key);
    }
  }
  for (const [key, total] of b) {
    if (!a.has(key) && total.articles !== 0) {
      changed.push(key);
    }
  }
  return changed;
}
