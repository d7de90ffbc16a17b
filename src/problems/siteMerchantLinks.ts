/**
 * The site's links per merchant, kept from the index with the rules of now: published to the hub for the
 * Merchants view's tooltips and Show Links to Merchant, and read by the notice of what a sync broke.
 */
import * as vscode from 'vscode';
import { Delayer } from '../common/delayer';
import { LatestWins } from '../common/latestWins';
import { Disposable, toDisposable } from '../common/lifecycle';
import { fileMerchantLinks, merchantLinkTotals, type FileMerchantLinks } from '../health/merchantLinkTally';
import { HOST_CLOCK, runInSlices } from '../common/timeSlices';
import type { IndexedFile } from '../health/siteIndex';
import type { MerchantKey } from '../merchant/merchantKey';
import type { SiteChange, SiteIndexer } from '../site/siteIndexer';
import type { LinkHealthEngine } from './linkHealthEngine';
import type { MerchantLinksHub } from './merchantLinksHub';

export class SiteMerchantLinks extends Disposable {
  /** Files with at least one affiliate link, by URI. */
  private readonly byFile = new Map<string, FileMerchantLinks>();
  private readonly publishLater = this._register(new Delayer(300));
  /** Each full count stops the one before it, and so does disposal; a file's change counts it alone (its count is kept in order). */
  private readonly fullCounts = this._register(new LatestWins());
  /** Whether the last full count finished. */
  private complete = false;

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
    return this.complete && this.engine.rules !== undefined && this.indexer.state.kind === 'ready';
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

  /**
   * The (SubID, merchantId) pairs of the links to `broken` merchants (for a merchant that stopped allowing deeplinks,
   * of its deeplinks only): the article's SubID, or without one the SubID the link carries, as revenue at risk reads.
   */
  pairsOf(broken: ReadonlyMap<MerchantKey, 'inactive' | 'deeplinks'>): Array<readonly [string, string]> {
    const rules = this.engine.rules;
    const pairs = new Map<string, readonly [string, string]>();
    for (const [path, counts] of this.byFile) {
      if (rules === undefined || ![...counts.keys()].some((key) => broken.has(key))) {
        continue;
      }
      const file = this.indexer.get(path);
      const uri = vscode.Uri.parse(path);
      const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === path);
      const articleSubId = this.engine.expectedSubId(uri, open, file?.frontMatter)?.trim();
      for (const link of file?.links ?? []) {
        const verdict = rules.verdicts.of(link.target);
        const kind =
          verdict.kind === 'tracking' && verdict.owner !== undefined ? broken.get(verdict.owner.key) : undefined;
        if (kind === undefined || verdict.kind !== 'tracking' || verdict.ignored || link.ignoredByComment) {
          continue;
        }
        const merchantId = verdict.owner?.merchant.merchantId;
        const subId = articleSubId || verdict.subIds.find((value) => value.trim() !== '');
        if (
          (kind === 'inactive' || verdict.deeplinkTarget !== undefined) &&
          merchantId !== null &&
          merchantId !== undefined &&
          subId
        ) {
          pairs.set(`${subId}\n${merchantId}`, [subId, String(merchantId)]);
        }
      }
    }
    return [...pairs.values()];
  }

  private update(change: SiteChange): void {
    const rules = this.engine.rules;
    if (rules === undefined) {
      this.fullCounts.next(); // stops the full count under way
      this.byFile.clear();
      this.complete = false;
      this.hub.publish(undefined);
      return;
    }
    const verdictOf = (target: string) => rules.verdicts.of(target);
    const count = (file: IndexedFile | string) => {
      const links = typeof file === 'string' ? undefined : fileMerchantLinks(file, verdictOf);
      const path = typeof file === 'string' ? file : file.path;
      if (links !== undefined && links.size > 0) {
        this.byFile.set(path, links);
      } else {
        this.byFile.delete(path);
      }
    };
    if (change !== 'all') {
      change.forEach((key) => count(this.indexer.get(key) ?? key));
      this.publishSoon();
      return;
    }
    // Counted in slices, as the diagnostics are: a 10,000-article site never holds the host up.
    const turn = this.fullCounts.next(); // a file's change above does not stop the full count under way
    this.byFile.clear();
    this.complete = false;
    void runInSlices(this.indexer.entries(), {
      clock: HOST_CLOCK,
      isCancelled: () => !turn.isCurrent,
      read: async (file) => file,
      apply: (file) => count(this.indexer.get(file.path) ?? file.path),
    }).then((outcome) => {
      if (!outcome.cancelled) {
        this.complete = true;
        this.publishSoon();
      }
    });
  }

  private publishSoon(): void {
    this.publishLater.trigger(() => {
      if (!this.isDisposed) {
        this.hub.publish(this.counted ? merchantLinkTotals(this.byFile.values()) : undefined, this);
      }
    });
  }
}
