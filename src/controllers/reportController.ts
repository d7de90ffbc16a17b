/**
 * The report store of the reports' key and the service address, for the report panel and the figures: follows the
 * workspace's keys (a new key or address opens another store), says which platform the figures count, and learns
 * from the reports' refusals.
 */
import * as vscode from 'vscode';
import { toDisposable } from '../common/lifecycle';
import type { AffiliateServiceClient } from '../api/client';
import { httpStatusOf } from '../api/errors';
import { messageOf } from '../common/errorMessage';
import { refusalMeaning } from '../keys/keyRefusals';
import type { KnownPlatform } from '../keys/platforms';
import { affectsConnection, configuredBaseUrl } from '../settings/connectionSettings';
import { readReportSettings } from '../settings/reportSettings';
import { reportCacheFileName } from '../reports/cache/reportCacheFile';
import { periodWindows } from '../reports/model/reportPeriods';
import { reportPlatforms } from '../reports/model/reportPlatforms';
import { ReportStore } from '../reports/store/reportStore';
import { StoreOwner, type StoreOwnerParts } from './storeOwner';

/** The connection the reports are read through: the service address and the reports' key, what kind it is and what it opened. */
export interface ReportConnection {
  baseUrl: string;
  apiKey: string;
  keyKind: 'account' | 'platform';
  opensReports: boolean | undefined;
  client(): Promise<AffiliateServiceClient>;
}

/**
 * The local calendar date, `YYYY-MM-DD`: report presets ("today", "last 7 days") and
 * provisional days count from the day the person is living, not from the UTC day.
 */
export function localToday(now = new Date()): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${String(now.getFullYear()).padStart(4, '0')}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export class ReportController extends StoreOwner {
  private opened:
    | { connection: ReportConnection; store: ReportStore; client?: Promise<AffiliateServiceClient> }
    | undefined;
  private readonly storeChanged = this._register(new vscode.EventEmitter<void>());
  /** Fires when the connection behind the reports changed: reports shown must be opened again. */
  readonly onDidChangeStore = this.storeChanged.event;
  private readonly platformChanged = this._register(new vscode.EventEmitter<void>());
  /** Fires when the platform the workspace counts changed: the figures read other queries. */
  readonly onDidChangePlatform = this.platformChanged.event;
  private platformIdValue: string | undefined;
  private reportKey: string | undefined;

  constructor(...parts: StoreOwnerParts) {
    super(...parts);
    const keys = this.keys;
    this.platformIdValue = keys.keys.platformId;
    this.reportKey = keys.keys.reports?.key;
    this._register(
      keys.onDidChange(() => {
        // A key for the reports came, went or changed: the store changes, and what shows it opens it again.
        const reportKey = keys.keys.reports?.key;
        if (reportKey !== this.reportKey) {
          this.reportKey = reportKey;
          this.close(true);
        }
        const platformId = keys.keys.platformId;
        if (platformId !== this.platformIdValue) {
          this.platformIdValue = platformId;
          this.platformChanged.fire();
        }
      }),
    );
    this._register(vscode.workspace.onDidChangeConfiguration((event) => affectsConnection(event) && this.close(true)));
    this._register(toDisposable(() => this.close(false)));
  }

  /** The platform (its reports' `adspaceId`) the workspace's figures count; undefined for all. */
  get platformId(): string | undefined {
    return this.platformIdValue;
  }

  /** The connection the reports are read through; undefined while no key opens them. */
  get connection(): ReportConnection | undefined {
    const reports = this.keys.keys.reports;
    if (reports === undefined) {
      return undefined;
    }
    const baseUrl = configuredBaseUrl();
    if (this.opened?.connection.apiKey === reports.key && this.opened.connection.baseUrl === baseUrl) {
      return this.opened.connection;
    }
    const connection: ReportConnection = {
      baseUrl,
      apiKey: reports.key,
      keyKind: reports.kind,
      opensReports: reports.opens.reports,
      client: () => {
        const opened = this.opened;
        return opened?.connection === connection
          ? (opened.client ??= this.clients.create(reports.key, baseUrl))
          : this.clients.create(reports.key, baseUrl);
      },
    };
    return connection;
  }

  /** The store of the current connection, opened on first use; undefined while no key opens the reports. */
  store(): ReportStore | undefined {
    const connection = this.connection;
    if (connection === undefined) {
      return undefined;
    }
    if (this.opened?.connection !== connection) {
      this.close(false);
      this.opened = { connection, store: this.open(connection) };
    }
    return this.opened.store;
  }

  private open(connection: ReportConnection): ReportStore {
    const folder = vscode.Uri.joinPath(this.globalStorage, 'reports');
    const settings = readReportSettings();
    const store = new ReportStore({
      cacheFileOf: (kind, key) =>
        vscode.Uri.joinPath(folder, reportCacheFileName(connection.baseUrl, connection.apiKey, kind, key)).fsPath,
      cacheFolder: folder.fsPath,
      source: () => connection.client(),
      windowsOf: periodWindows,
      logger: this.log,
      baseUrl: connection.baseUrl,
      cacheLimits: { maxBytes: settings.maxBytes, maxAgeMs: settings.maxAgeMs },
    });
    const scanned = new WeakSet<object>();
    store.onDidChange((state) => {
      // An account-wide clicks report names the account's platforms: the choices of a workspace's platform.
      if (
        state.query.kind === 'clicks' &&
        state.query.filters.adspaceId === undefined &&
        state.report !== undefined &&
        !scanned.has(state.report)
      ) {
        scanned.add(state.report);
        this.notePlatforms(reportPlatforms(state.report.windows));
      }
      const status = state.status === 'failed' ? httpStatusOf(state.error) : undefined;
      if (status !== undefined) {
        const meaning = refusalMeaning({
          status,
          side: 'reports',
          keyKind: connection.keyKind,
          opens: { reports: connection.opensReports },
          platformFiltered: state.query.filters.adspaceId !== undefined,
        });
        if (meaning === 'wrongKind') {
          void this.keys.learn(connection.apiKey, { reports: false });
        }
      }
    });
    return store;
  }

  private notePlatforms(seen: readonly KnownPlatform[]): void {
    void this.keys
      .notePlatforms(seen)
      .catch((error: unknown) => this.log.warn(`Keeping the platforms the reports showed failed: ${messageOf(error)}`));
  }

  private close(announce: boolean): void {
    const opened = this.opened;
    this.opened = undefined;
    opened?.store.dispose();
    void opened?.client?.then((client) => client.close()).catch(() => undefined);
    if (announce) {
      this.storeChanged.fire();
    }
  }
}
