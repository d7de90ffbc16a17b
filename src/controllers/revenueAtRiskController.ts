/**
 * Revenue at risk: the site's findings with money (published by link health into the hub) joined with the figures'
 * pairs and the account's 90-day EPCs. The one owner of the report the view, the status bar and the Merchants view
 * read. It reads what the figures and the store hold; it never asks the service for anything.
 */
import * as vscode from 'vscode';
import { Delayer } from '../common/delayer';
import { LatestWins } from '../common/latestWins';
import { Disposable } from '../common/lifecycle';
import { messageOf } from '../common/errorMessage';
import { HOST_CLOCK } from '../common/timeSlices';
import type { MerchantKey } from '../merchant/merchantKey';
import type { MoneySource } from '../revenue/moneySource';
import type { PairTable } from '../reports/figures/pairFigures';
import type { CurrencyAmount } from '../reports/model/currencyAmounts';
import type { MoneyLinksHub } from '../revenue/moneyLinksHub';
import type { MoneyLinksChange } from '../revenue/moneyLinksHub';
import type { RevenueContext, RevenueReport } from '../revenue/revenueReport';
import { RevenueReportBuilder } from '../revenue/revenueReportBuilder';
import type { CatalogController } from './catalogController';
import type { FiguresController } from './figuresController';
import { readEpcHistory, type EpcHistory } from './merchantEpcHistory';
import { localToday, type ReportController } from './reportController';

/** After a change (a file's diagnostics, the figures, a catalog page), before the report is built again. */
const REBUILD_DELAY_MS = 50;

export class RevenueAtRiskController extends Disposable implements MoneySource {
  private readonly changed = this._register(new vscode.EventEmitter<RevenueReport>());
  /** Fires with each new report. */
  readonly onDidChange = this.changed.event;
  readonly onDidChangeAtRisk = this.changed.event;
  private readonly moneyChanged = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeMoney = this.moneyChanged.event;
  private current: RevenueReport | undefined;
  /** The current report's merchants by key, made on first lookup. */
  private byKey: Map<MerchantKey, RevenueReport['merchants'][number]> | undefined;
  private pairsNow: PairTable | undefined;
  private history: EpcHistory | undefined;
  private readonly rebuildLater = this._register(new Delayer(REBUILD_DELAY_MS));
  /** Milliseconds the last build took, for the log. */
  lastBuildMs = 0;
  private readonly builder = new RevenueReportBuilder();
  private readonly turns = this._register(new LatestWins());
  /** What the links are joined with; made anew when the figures, the EPCs or the catalog change. */
  private context: RevenueContext = { pairs: undefined, epc: () => undefined, nameOf: () => undefined };
  /** What the context's names and EPCs read; undefined until the first is made. */
  private contextFrom: { merchants: unknown; epcs: unknown } | undefined;
  /** Files whose money links changed since the last build, or all of them. */
  private pending: Set<string> | 'all' = 'all';

  constructor(
    private readonly hub: MoneyLinksHub,
    private readonly figures: FiguresController,
    private readonly reports: ReportController,
    private readonly catalog: CatalogController,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(hub.onDidChange((change) => this.noteLinks(change)));
    this._register(figures.onDidChange(() => void this.followFigures()));
    // The names: a store replaced, or a change of the store shown.
    this._register(catalog.onDidChangeCatalog(() => this.newContext()));
    this.newContext();
    void this.followFigures();
  }

  /** The report; built on first read, then kept up to date while anything listens. */
  get report(): RevenueReport {
    if (this.current === undefined) {
      this.current = this.build();
      this.byKey = undefined;
    }
    return this.current;
  }

  get pairs(): PairTable | undefined {
    return this.pairsNow;
  }

  epc(merchantId: string): readonly CurrencyAmount[] | undefined {
    return this.history?.epc.get(merchantId);
  }

  /** Whether the figures are switched on (without them, no money shows). */
  get figuresOn(): boolean {
    return this.figures.enabled;
  }

  /** Whether link health has read the whole site (else the view says it is reading). */
  get counted(): boolean {
    return this.hub.counted;
  }

  atRisk(): { clicks: number; merchants: number; days: number } | undefined {
    const report = this.report;
    return report.figures === 'loading' || !this.hub.counted
      ? undefined
      : { clicks: report.totals.clicks, merchants: report.totals.merchants, days: report.days };
  }

  /** A merchant's links at risk: whether it is inactive, its clicks at risk (undefined while figures load). */
  riskOf(key: MerchantKey): { inactive: boolean; clicks: number | undefined; days: number } | undefined {
    const report = this.report;
    this.byKey ??= new Map(report.merchants.map((merchant) => [merchant.key, merchant]));
    const merchant = this.byKey.get(key);
    return merchant === undefined
      ? undefined
      : {
          inactive: merchant.reasons.includes('inactive-merchant'),
          clicks: report.figures === 'loading' ? undefined : merchant.money.clicks,
          days: report.days,
        };
  }

  /** The merchants with links at risk. */
  keysAtRisk(): MerchantKey[] {
    return this.report.merchants.map((merchant) => merchant.key);
  }

  private noteLinks(change: MoneyLinksChange): void {
    if (change === 'all') {
      this.pending = 'all';
    } else if (this.pending !== 'all') {
      change.forEach((path) => (this.pending as Set<string>).add(path));
    }
    this.rebuildSoon();
  }

  /** The names, the pairs or the EPCs changed: every row is made again. */
  private newContext(): void {
    this.context = this.makeContext();
    this.rebuildSoon();
  }

  /**
   * The figures' pairs with the names and EPCs as functions that stay the same objects while the catalog's merchants
   * and the EPC history do: the rows then keep their names and EPCs when only the figures change (revenueRows.ts).
   */
  private makeContext(): RevenueContext {
    const merchants = this.catalog.store?.snapshot.merchants;
    const epcs = this.history?.epc;
    const from = this.contextFrom;
    const epc = from !== undefined && epcs === from.epcs ? this.context.epc : (id: string) => epcs?.get(id);
    const nameOf =
      from !== undefined && merchants === from.merchants
        ? this.context.nameOf
        : (key: MerchantKey) => merchants?.get(key)?.name;
    this.contextFrom = { merchants, epcs };
    return { pairs: this.pairsNow, epc, nameOf };
  }

  /** The figures' pairs (account-wide only: the active article's alone would undercount) and the 90-day EPCs. */
  private async followFigures(): Promise<void> {
    const aggregate = this.figures.aggregate;
    // Account-wide only (the active article's alone would undercount), and once the actions are read too: before,
    // the pairs' earnings would read as none, and estimates stand where money was earned.
    const pairs =
      aggregate !== undefined && aggregate.subIdsOnly === undefined && aggregate.actionsKnown !== false
        ? aggregate.pairs
        : undefined;
    let history = this.history;
    try {
      const store = this.reports.store();
      history =
        store === undefined ? undefined : await readEpcHistory(store, localToday(), this.reports.platformId, history);
    } catch (error) {
      this.log.warn(`Revenue at risk: the 90-day EPCs could not be read from the report cache: ${messageOf(error)}`);
    }
    if (this.isDisposed || (pairs === this.pairsNow && history === this.history)) {
      return;
    }
    this.pairsNow = pairs;
    this.history = history;
    this.moneyChanged.fire();
    this.newContext();
  }

  private rebuildSoon(): void {
    this.rebuildLater.trigger(() => void this.rebuildInSlices());
  }

  /** The report made again, its new rows in slices of 10 ms: a later change takes over at a pause. */
  private async rebuildInSlices(): Promise<void> {
    const turn = this.turns.next();
    const started = performance.now();
    this.fileChanges();
    const report = await this.builder.buildInSlices(this.context, {
      ...HOST_CLOCK,
      isCurrent: () => turn.isCurrent,
    });
    if (report === undefined || !turn.isCurrent) {
      return;
    }
    // Files that changed during the pauses are in the next build, which their change scheduled.
    this.lastBuildMs = performance.now() - started;
    this.log.debug(
      `Revenue at risk: ${report.totals.links} links of ${report.totals.merchants} merchants, ${report.totals.clicks} clicks, built in ${this.lastBuildMs.toFixed(1)} ms.`,
    );
    this.current = report;
    this.byKey = undefined;
    this.changed.fire(report);
  }

  private build(): RevenueReport {
    this.fileChanges();
    return this.builder.build(this.context);
  }

  /** The hub's changes since the last build, handed to the builder. */
  private fileChanges(): void {
    const pending = this.pending;
    this.pending = new Set();
    if (pending === 'all') {
      const kept = new Set<string>();
      for (const [path, links] of this.hub.files()) {
        kept.add(path);
        this.builder.setFile(path, links);
      }
      this.builder.forgetOthers(kept);
    } else {
      pending.forEach((path) => this.builder.setFile(path, this.hub.get(path) ?? []));
    }
  }
}
