/**
 * The report store of the current key and service address, for the report panel and the
 * figures. It follows the catalog controller's connection: a new key or address closes the
 * store, and the next `store()` opens one for the new connection. The reports' code is loaded
 * on first use (`ReportsLoader`). Thin: the store in `src/reports/` does the work; this file
 * only connects it to VS Code's storage, settings and log.
 */
import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { SETTINGS } from '../ids';
import type { ReportStore } from '../reports/index';
import type { CatalogController, ServiceConnection } from './catalogController';
import type { ReportsLoader, ReportsModule } from './reportsLoader';

const MB = 1024 * 1024;
const DAY_MS = 86_400_000;

export interface ReportSettings {
  provisionalDays: number;
  maxBytes: number;
  maxAgeMs: number;
}

/** The report settings (`affiliateLinks.reports.*`), with the defaults `package.json` gives them. */
export function readReportSettings(): ReportSettings {
  const config = vscode.workspace.getConfiguration();
  return {
    provisionalDays: config.get<number>(SETTINGS.reportsProvisionalDays, 2),
    maxBytes: config.get<number>(SETTINGS.reportsCacheMaxMB, 200) * MB,
    maxAgeMs: config.get<number>(SETTINGS.reportsCacheMaxAgeDays, 30) * DAY_MS,
  };
}

/**
 * The local calendar date, `YYYY-MM-DD`: report presets ("today", "last 7 days") and
 * provisional days count from the day the person is living, not from the UTC day.
 */
export function localToday(now = new Date()): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${String(now.getFullYear()).padStart(4, '0')}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export class ReportService extends Disposable {
  private opened: { connection: ServiceConnection; store: Promise<ReportStore> } | undefined;
  private readonly storeChanged = this._register(new vscode.EventEmitter<void>());
  /** Fires when the connection behind the reports changed: reports shown must be opened again. */
  readonly onDidChangeStore = this.storeChanged.event;

  constructor(
    private readonly globalStorage: vscode.Uri,
    private readonly controller: CatalogController,
    private readonly loader: ReportsLoader,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(controller.onDidChangeStore(() => this.close(true)));
    this._register({ dispose: () => this.close(false) });
  }

  /** The store of the current connection, opened on first use; undefined while there is no key. */
  async store(): Promise<ReportStore | undefined> {
    const connection = this.controller.connection;
    if (connection === undefined) {
      return undefined;
    }
    if (this.opened?.connection.apiKey !== connection.apiKey || this.opened.connection.baseUrl !== connection.baseUrl) {
      this.close(false);
      this.opened = { connection, store: this.open(connection) };
    }
    return this.opened.store;
  }

  /** The store of the current connection and the reports' module it comes from (for its queries and periods); undefined while there is no key. */
  async storeWithModule(): Promise<{ store: ReportStore; reports: ReportsModule } | undefined> {
    const store = await this.store();
    return store === undefined ? undefined : { store, reports: await this.loader.load() };
  }

  private async open(connection: ServiceConnection): Promise<ReportStore> {
    const reports = await this.loader.load();
    const folder = vscode.Uri.joinPath(this.globalStorage, 'reports');
    const settings = readReportSettings();
    return new reports.ReportStore({
      cacheFileOf: (kind, key) => vscode.Uri.joinPath(folder, reports.reportCacheFileName(connection.baseUrl, connection.apiKey, kind, key)).fsPath,
      cacheFolder: folder.fsPath,
      source: () => connection.client(),
      windowsOf: reports.periodWindows,
      logger: this.log,
      baseUrl: connection.baseUrl,
      cacheLimits: { maxBytes: settings.maxBytes, maxAgeMs: settings.maxAgeMs },
    });
  }

  private close(announce: boolean): void {
    const opened = this.opened;
    this.opened = undefined;
    void opened?.store.then((store) => store.dispose(), () => undefined);
    if (announce) {
      this.storeChanged.fire();
    }
  }
}
