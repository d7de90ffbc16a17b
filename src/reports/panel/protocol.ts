/** Every message between the report panel's host and its webview app, typed once; both sides import it as types only. */

// ---- The panel state (what the webview keeps with setState and the serializer restores) ----

import type {
  GroupBy,
  HOST_ROW_ACTIONS,
  PANEL_ACTIONS,
  PanelSort,
  PanelState,
  PeriodChoice,
} from '../model/reportVocabulary';

export type {
  GroupBy,
  PanelFilters,
  PanelSort,
  PanelState,
  PeriodChoice,
  PresetName,
  ReportTab,
} from '../model/reportVocabulary';

// ---- What the host sends: a snapshot of one selection ----

/** How a table column reads: text, a whole count, a share (0 to 1), an amount in one currency, or a date. */
export type ColumnKind = 'text' | 'count' | 'share' | 'amount' | 'date';

export interface ColumnInfo {
  /** Sort key: what `PanelSort.column` names. */
  id: string;
  label: string;
  kind: ColumnKind;
  /** For amount columns: the ISO code (null: the service gave none). */
  currencyCode?: string | null;
  /** A longer explanation for the header's tooltip (EPC, provisional...). */
  title?: string;
}

/** A cell as sent: numbers as numbers (the webview formats them), text as text, null for empty. */
export type Cell = string | number | null;

/**
 * What choosing a row can do. The filters the webview applies itself (a new panel state); the
 * host does the others (`rowAction`) and checks them against the current selection again.
 */
export type HostRowAction = (typeof HOST_ROW_ACTIONS)[number];
export type RowAction = 'filterPlatform' | 'filterProgram' | 'filterSubId' | HostRowAction;

export interface TableRow {
  /** The id the row stands for in its grouping (program id, SubID, platform id, merchant id, date); null for "No SubID" rows and items. */
  key: string | null;
  cells: Cell[];
  actions: RowAction[];
  /** The day is provisional (Day grouping only). */
  provisional?: boolean;
}

export interface TableShape {
  columns: ColumnInfo[];
  rowCount: number;
  totals: TableRow | null;
  sort: PanelSort | null;
}

export interface FigureChange {
  /** "+12.3%", "−4.0%", "0%", "new". */
  text: string;
  direction: 'up' | 'down' | 'same' | 'new';
  /** "against 1–30 Oct: 1,234". */
  title: string;
}

export interface SummaryFigure {
  id: string;
  label: string;
  /** The figure as a number (a count or an amount); null when there is none (EPC without clicks). */
  value: number | null;
  /** For amounts: the currency (null: the service gave none). */
  currencyCode?: string | null;
  change?: FigureChange;
  title?: string;
}

/** Actions: one row per status, its count and its commission per currency. */
export interface StatusSummary {
  currencies: Array<string | null>;
  rows: Array<{ status: string | null; label: string; actions: number; commission: Array<number | null> }>;
}

export interface SummaryData {
  figures: SummaryFigure[];
  statuses?: StatusSummary;
  /** Counted items that could not be placed (outside the period, undated, malformed): said, never dropped silently. */
  skipped?: string;
}

export interface ChartSeries {
  label: string;
  /** One value per day of `ChartData.days`. */
  values: number[];
  /** "Other": the rest of the grouping after the top 5. */
  other?: boolean;
  currencyCode?: string | null;
}

export interface ChartData {
  /** What the values count: clicks per day, or commission per day (one series per currency). */
  unit: 'clicks' | 'commission';
  days: string[];
  provisional: boolean[];
  provisionalReason: string;
  series: ChartSeries[];
  /** The chart in words, for screen readers and as the text alternative. */
  description: string;
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterOptions {
  platforms: FilterOption[];
  programs: FilterOption[];
  subIds: FilterOption[];
  /** The lists were cut to their first entries (most clicks first). */
  truncated: boolean;
}

export type PanelErrorKind =
  | 'noKey'
  | 'needsAccountKey'
  | 'auth'
  | 'forbidden'
  | 'badRequest'
  | 'network'
  | 'rateLimited'
  | 'server'
  | 'other';

/** `addAccountKey`: Set API Key asking for the account key; `keyHelp`: where the dashboard issues keys. */
export type PanelAction = (typeof PANEL_ACTIONS)[number] | 'longerPeriod';

export interface PanelError {
  kind: PanelErrorKind;
  /** What happened and what to do, in one or two sentences. */
  message: string;
  actions: PanelAction[];
}

export type LoadStatus = 'loading' | 'ready' | 'refreshing' | 'offline' | 'failed';

export interface PanelSnapshot {
  selectionId: number;
  state: PanelState;
  /** The dates the period resolved to; undefined when the period was refused. */
  period?: { from: string; to: string };
  previousPeriod?: { from: string; to: string };
  status: LoadStatus;
  /** ISO time the report shown is up to date as of; `source` says whether it came from the cache. */
  asOf?: string;
  source?: 'cache' | 'network';
  error?: PanelError;
  /** The groupings this tab offers (Actions has no Merchant). */
  groupings: GroupBy[];
  filterOptions: FilterOptions;
  summary?: SummaryData;
  chart?: ChartData;
  table?: TableShape;
  /** No data in the period: what to say, and a longer period to offer. */
  empty?: { message: string; suggestion?: PeriodChoice };
}

// ---- Requests (webview → host, answered by a reply with the same id) ----

export interface RowsParams {
  selectionId: number;
  offset: number;
  count: number;
}

export interface RowsResult {
  selectionId: number;
  offset: number;
  rows: TableRow[];
}

export interface RequestMap {
  rows: { params: RowsParams; result: RowsResult };
  /** Selects a panel state: its first snapshot, or null when the reports are not there yet (its snapshot follows). */
  select: { params: { state: PanelState }; result: PanelSnapshot | null };
}

export type RequestMethod = keyof RequestMap;

export type RequestMessage = {
  [M in RequestMethod]: { type: 'request'; id: number; method: M; params: RequestMap[M]['params'] };
}[RequestMethod];

export type ReplyMessage =
  | {
      [M in RequestMethod]: { type: 'reply'; id: number; method: M; ok: true; result: RequestMap[M]['result'] };
    }[RequestMethod]
  | { type: 'reply'; id: number; ok: false; error: string };

// ---- Notifications ----

/**
 * The webview says `ready` with the panel state it restored; it owns the panel state and selects one with a
 * `request` (method `select`), answered by the selection's first snapshot, later ones coming as `snapshot` messages
 * with their `selectionId`; rows are read by range (method `rows`). Every request gets a `reply` with its `id`. Everything the
 * webview sends is checked by the host (`host/messageValidation.ts`).
 */
export type WebviewToHost =
  | { type: 'ready'; state: PanelState | null }
  | RequestMessage
  | { type: 'refresh' }
  | { type: 'cancel' }
  | { type: 'exportCsv'; selectionId: number }
  | { type: 'copyTable'; selectionId: number }
  | { type: 'action'; action: Exclude<PanelAction, 'longerPeriod'> }
  | { type: 'rowAction'; selectionId: number; action: HostRowAction; key: string }
  /** Something went wrong in the webview (a script error, a CSP violation): the host logs it. */
  | { type: 'problem'; message: string };

export type HostToWebview =
  | { type: 'snapshot'; snapshot: PanelSnapshot }
  | {
      type: 'progress';
      selectionId: number;
      received: number;
      total: number | null;
      /** While the read waits for the service's rate limit (longer than pacing): in how long it goes on, and why. */
      wait?: { inMs: number; reason: 'window' | 'refused' };
      /** Once the total is known: how long the rest of the read should take at the service's limit. */
      remainingMs?: number;
    }
  | ReplyMessage
  | { type: 'notice'; message: string };

export type WebviewMessageType = WebviewToHost['type'];

// ---- The page ----

/**
 * The id of the page's `<script type="application/json">` element that carries the
 * translations (`vscode.l10n.bundle`) from the host to the app; absent in English. Both sides
 * type their constant with it, so they cannot name different elements.
 */
export type TranslationsElementId = 'l10n-bundle';
