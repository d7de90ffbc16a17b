/**
 * The site's links per merchant, kept from the index with the rules of now: published to the hub for the
 * Merchants view's tooltips and Show Links to Merchant, and read by the notice of what a sync broke.
 */
import * as vscode from 'vscode';
import { Delayer } from '../common/delayer';
import { Disposable, toDisposable } from '../common/lifecycle';
import { fileMerchantLinks, merchantLinkTotals, type FileMerchantLinks } from '../health/merchantLinkTally';
import type { MerchantKey } from '../merchant/merchantKey';
import type { SiteChange, SiteIndexer } from '../site/siteIndexer';
import type { LinkHealthEngine } from './linkHealthEngine';
import type { MerchantLinksHub } from './merchantLinksHub';

export class SiteMerchantLinks extends Disposable {
  /** Files with at least one affiliate link, by URI. */
  private readonly byFile = new Map<string, FileMerchantLinks>();
  private readonly publishLater = this._register(new Delayer(300));

  constructor(
    private readonly indexer: SiteIndexer,
    private readonly engine: LinkHealthEngine,
    private readonly hub: MerchantLinksHub,
  ) {
    super();
    this._register(indexer.onDidChange((change) => this.update(change)));
    this._register(engine.onDidChange(() => this.update('all')));
    this._register(toDisposable(() => hub.publish(undefined)));
    this.update('all');
  }

  /** Each linking file's links by merchant, with the rules the index was last counted with. */
  files(): Iterable<FileMerchantLinks> {
    return this.byFile.values();
  }

  /** Whether the site was counted (a catalog, a finished scan). */
  get counted(): boolean {
    return this.engine.rules !== undefined && this.indexer.state.kind === 'ready';
  }

  /** Every link of the site to the merchant, by file and place. */
  locations(key: MerchantKey): vscode.Location[] {
    const rules = this.engine.rules;
    if (rules === undefined) {
      return [];
    }
    const locations: vscode.Location[] = [];
    for (const path of [...this.byFile.keys()].sort()) {
      if (!this.byFile.get(path)!.has(key)) {
        continue;
      }
      const file = this.indexer.get(path);
      const uri = vscode.Uri.parse(path);
      for (const link of file?.links ?? []) {
        const verdict = rules.verdicts.of(link.target);
        if (verdict.kind === 'tracking' && verdict.owner?.key === key && !verdict.ignored && !link.ignoredByComment) {
          const end = link.column + (link.end - link.start);
          locations.push(new vscode.Location(uri, new vscode.Range(link.line, link.column, link.line, end)));
        }
      }
    }
    return locations;
  }

  private update(change: SiteChange): void {
    const rules = this.engine.rules;
    if (rules === undefined) {
      this.byFile.clear();
      this.hub.publish(undefined);
      return;
    }
    const verdictOf = (target: string) => rules.verdicts.of(target);
    if (change === 'all') {
      this.byFile.clear();
    }
    const files = change === 'all' ? this.indexer.entries() : change.map((key) => this.indexer.get(key) ?? key);
    for (const file of files) {
      if (typeof file === 'string') {
        this.byFile.delete(file);
        continue;
      }
      const links = fileMerchantLinks(file, verdictOf);
      if (links.size > 0) {
        this.byFile.set(file.path, links);
      } else {
        this.byFile.delete(file.path);
      }
    }
    this.publishLater.trigger(() => {
      if (this.isDisposed) {
        return;
      }
      this.hub.publish(this.counted ? merchantLinkTotals(this.byFile.values()) : undefined, this);
    });
  }
}
