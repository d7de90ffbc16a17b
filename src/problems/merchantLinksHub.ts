/**
 * In the activation bundle: where the tree and the commands read the site's links per merchant, which the lazily
 * loaded link health publishes (nothing here reads the site). Empty while link health is off or not yet started.
 */
import * as vscode from 'vscode';
import type { MerchantLinkTotals } from '../health/merchantLinkTally';
import type { MerchantKey } from '../merchant/merchantKey';
import type { MerchantLinksReplacer } from './merchantLinksReplacing';

/** What the Merchants view reads: how many articles link to a merchant (read when a row's tooltip is made). */
export interface MerchantLinksSource {
  /** Undefined while link health has not counted (off, no catalog, scanning). */
  articlesLinking(key: MerchantKey): number | undefined;
}

/** What the running link health hands over: the totals, and every place a merchant is linked from. */
export interface MerchantLinksPublisher {
  locations(key: MerchantKey): vscode.Location[];
}

export class MerchantLinksHub implements MerchantLinksSource {
  private totals: ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined;
  private publisher: MerchantLinksPublisher | undefined;
  private replacerNow: MerchantLinksReplacer | undefined;

  /** The running link health's latest totals (undefined: it stopped). */
  publish(totals: ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined, publisher?: MerchantLinksPublisher): void {
    this.totals = totals;
    this.publisher = totals === undefined ? undefined : publisher;
  }

  articlesLinking(key: MerchantKey): number | undefined {
    return this.totals === undefined ? undefined : (this.totals.get(key)?.articles ?? 0);
  }

  /** Every link of the site to the merchant, undefined while link health has not counted. */
  locations(key: MerchantKey): vscode.Location[] | undefined {
    return this.totals === undefined ? undefined : this.publisher?.locations(key);
  }

  /** Link health's Replace Links to Merchant (undefined: link health stopped). */
  lendReplacer(replacer: MerchantLinksReplacer | undefined): void {
    this.replacerNow = replacer;
  }

  /** What Replace Links to Merchant edits the site with, undefined while link health has not counted. */
  replacer(): MerchantLinksReplacer | undefined {
    return this.totals === undefined ? undefined : this.replacerNow;
  }

  /** The merchants the site links to, with their articles and links; undefined while link health has not counted. */
  linkedMerchants(): ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined {
    return this.totals;
  }
}
