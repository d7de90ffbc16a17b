/**
 * In the activation bundle: the site's findings with money, file by file, which the lazily loaded link health
 * publishes as it makes each file's diagnostics. Revenue at risk reads it; nothing here reads the site.
 */
import { Emitter, type Event } from '../common/emitter';
import { Disposable } from '../common/lifecycle';
import type { PlacedMoneyLink } from './revenueReport';

/** What changed: some files (by path), or all of them (a full count started or ended). */
export type MoneyLinksChange = readonly string[] | 'all';

export class MoneyLinksHub extends Disposable {
  private readonly byFile = new Map<string, readonly PlacedMoneyLink[]>();
  private complete = false;
  private readonly changes: Emitter<MoneyLinksChange>;
  /** Fires when a file's money links changed, or the whole site's. */
  readonly onDidChange: Event<MoneyLinksChange>;

  constructor(onListenerError: (error: unknown) => void) {
    super();
    this.changes = this._register(new Emitter(onListenerError));
    this.onDidChange = this.changes.event;
  }

  /** Whether link health has read the whole site with the rules of now (else the links are partial, or none). */
  get counted(): boolean {
    return this.complete;
  }

  /** A file's money links (an empty list forgets the file); `fire` false while a full count is under way. */
  set(path: string, links: readonly PlacedMoneyLink[], fire = true): void {
    const had = this.byFile.has(path);
    if (links.length === 0) {
      this.byFile.delete(path);
    } else {
      this.byFile.set(path, links);
    }
    if (fire && (had || links.length > 0)) {
      this.changes.fire([path]);
    }
  }

  /** A full count starts: every file is forgotten until it is set again. */
  startCount(): void {
    this.byFile.clear();
    this.complete = false;
    this.changes.fire('all');
  }

  /** The full count ended (`complete`), or link health stopped (`false`: nothing is known). */
  endCount(complete: boolean): void {
    if (!complete) {
      this.byFile.clear();
    }
    this.complete = complete;
    this.changes.fire('all');
  }

  /** Every file with money links, by path. */
  files(): Iterable<readonly [string, readonly PlacedMoneyLink[]]> {
    return this.byFile.entries();
  }

  get(path: string): readonly PlacedMoneyLink[] | undefined {
    return this.byFile.get(path);
  }
}
