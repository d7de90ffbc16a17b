/**
 * What the integration tests reach in the running extension, made only under tests
 * (`ExtensionMode.Test`): the parts activation built, and what the report panel's webview and the
 * status bar items show, seen by wrapping them (the product classes keep nothing for tests).
 */
import type { RevenueAtRiskController } from './controllers/revenueAtRiskController';
import type { RevenueAtRiskView } from './views/revenueAtRiskView';
import * as vscode from 'vscode';
import type { ActiveArticleFigures } from './lens/activeArticleFigures';
import type { CatalogController } from './controllers/catalogController';
import type { FiguresController } from './controllers/figuresController';
import { localToday, type ReportController } from './controllers/reportController';
import type { WorkspaceKeys } from './controllers/workspaceKeys';
import { STATUS_BAR_ITEMS } from './ids';
import type { FiguresCodeLensProvider } from './lens/figuresCodeLensProvider';
import type { MerchantView } from './views/merchantView';
import type { MerchantLinksHub } from './problems/merchantLinksHub';
import type { ShowWarning } from './prompts/catalogBreakagePrompts';
import { makeStatusBarItem, type MakeStatusBarItem } from './views/statusBarItems';
import type { HostToWebview, PanelSnapshot, PanelState, WebviewToHost } from './reports/panel/protocol';
import { parseWebviewMessage } from './webviews/reports/host/messageValidation';
import type { PanelWatcher, ReportPanelKeeper } from './webviews/reports/host/reportPanelKeeper';
import type { AffiliatePasteProvider } from './editing/affiliatePasteProvider';
import type { MerchantCompletionProvider } from './editing/merchantCompletionProvider';

/** Where a message came from: the webview, or a test posting through the same handler. */
export type MessageSource = 'webview' | 'test';

/** The report panel as the integration tests see it. */
export interface ReportPanelTestApi {
  /** The open panel's webview panel, if one is open. */
  webviewPanel(): vscode.WebviewPanel | undefined;
  /** The snapshot the open panel's webview was last sent (in a `snapshot` message or a `view` reply). */
  snapshot(): PanelSnapshot | undefined;
  /** Runs a message through the handler the webview's messages go through; resolves when handled. */
  postToHost(message: unknown): Promise<void>;
  /** Selects a panel state as the webview does (a `select` request); resolves when handled. */
  select(state: PanelState): Promise<void>;
  /** What the open panel (and the next ones) post to the webview. */
  readonly onDidPost: vscode.Event<HostToWebview>;
  /** What the open panel (and the next ones) accept, and where it came from. */
  readonly onDidReceive: vscode.Event<{ message: WebviewToHost; from: MessageSource }>;
  /** The reasons of the messages the open panel (and the next ones) refused. */
  readonly onDidRefuse: vscode.Event<{ reason: string; from: MessageSource }>;
  /** The serializer registered for the panel's view type. */
  readonly serializer: vscode.WebviewPanelSerializer<unknown>;
  /** Opens the panel, or brings it forward; resolves when its host side is running. */
  show(): Promise<void>;
}

/** A status bar item as the tests see it. */
export interface StatusBarTestApi {
  /** What the item shows; undefined while hidden. */
  readonly shown: { text: string; tooltip: string } | undefined;
}

/** What activation hands to the integration tests; other extensions get nothing. */
export interface AffiliateLinksApi {
  readonly controller: CatalogController;
  /** The workspace's keys and platform. */
  readonly keys: WorkspaceKeys;
  readonly platformStatus: StatusBarTestApi;
  readonly view: MerchantView;
  readonly reports: ReportController;
  readonly reportsPanel: ReportPanelTestApi;
  readonly reportsStatus: StatusBarTestApi;
  /** Link health's status bar item: the scan, or the clicks at risk. */
  readonly linkHealthStatus: StatusBarTestApi;
  /** The figures of the figures period, and the lenses and status-bar article read from them. */
  readonly figures: FiguresController;
  readonly figuresLenses: FiguresCodeLensProvider;
  readonly activeArticle: ActiveArticleFigures;
  /** The folder of the extension's log (the tests read it: no key may ever be in it). */
  readonly logUri: vscode.Uri;
  /** The site's links per merchant, as link health published them. */
  readonly merchantLinks: MerchantLinksHub;
  /** Revenue at risk: its report, and the view that draws it. */
  readonly revenue: RevenueAtRiskController;
  readonly revenueView: RevenueAtRiskView;
  /** Paste, drop and completion: the providers as VS Code calls them. */
  readonly paste: AffiliatePasteProvider;
  readonly completion: MerchantCompletionProvider;
  /** The warnings shown through `showWarning` (link health's notices), oldest first. */
  readonly warnings: readonly string[];
}

/** The parts of the api that activation hands over as they are. */
export type ExtensionParts = Omit<
  AffiliateLinksApi,
  'reportsPanel' | 'platformStatus' | 'reportsStatus' | 'linkHealthStatus' | 'warnings'
>;

/** Ids of the `view` requests the tests send: far above the webview's own, which count from 1. */
const FIRST_TEST_REQUEST_ID = 1_000_000_000;

export class TestAdapter extends vscode.Disposable {
  private readonly posted = new vscode.EventEmitter<HostToWebview>();
  private readonly received = new vscode.EventEmitter<{ message: WebviewToHost; from: MessageSource }>();
  private readonly refused = new vscode.EventEmitter<{ reason: string; from: MessageSource }>();
  private readonly visible = new Map<string, vscode.StatusBarItem>();
  private readonly snapshots = new WeakMap<vscode.WebviewPanel, PanelSnapshot>();
  /** The product's handler of each watched panel's messages. */
  private readonly handlers = new WeakMap<vscode.WebviewPanel, (raw: unknown) => unknown>();
  private nextRequestId = FIRST_TEST_REQUEST_ID;
  private readonly warned: string[] = [];

  constructor() {
    super(() => [this.posted, this.received, this.refused].forEach((emitter) => emitter.dispose()));
  }

  /** Makes a status bar item whose show, hide and dispose it follows. */
  readonly makeStatusBarItem: MakeStatusBarItem = (spec) => {
    const item = makeStatusBarItem(spec);
    this.watchStatusBarItem(spec.id, item);
    return item;
  };

  /** Follows the show, hide and dispose of a status bar item made elsewhere (link health's, in its own bundle). */
  readonly watchStatusBarItem = (id: string, item: vscode.StatusBarItem): void => {
    const { show, hide, dispose } = item;
    item.show = () => {
      this.visible.set(id, item);
      show.call(item);
    };
    item.hide = () => {
      this.visible.delete(id);
      hide.call(item);
    };
    item.dispose = () => {
      this.visible.delete(id);
      dispose.call(item);
    };
  };

  /** Shows a warning as the product does, and notes its text. */
  readonly showWarning: ShowWarning = (message, ...items) => {
    this.warned.push(message);
    return vscode.window.showWarningMessage(message, ...items);
  };

  /** Wraps the webview of a panel the keeper is handing to a report panel: what it posts and receives. */
  readonly watchPanel: PanelWatcher = (panel) => {
    const webview = panel.webview;
    const post = webview.postMessage.bind(webview);
    webview.postMessage = (message: HostToWebview) => {
      this.notePosted(panel, message);
      return post(message);
    };
    const receive = webview.onDidReceiveMessage;
    (webview as { onDidReceiveMessage: vscode.Event<unknown> }).onDidReceiveMessage = (
      listener,
      thisArgs,
      disposables,
    ) => {
      const handler = (raw: unknown): unknown => listener.call(thisArgs, raw);
      this.handlers.set(panel, handler);
      return receive(
        (raw) => {
          this.check(raw, 'webview');
          return handler(raw);
        },
        undefined,
        disposables,
      );
    };
  };

  /** The api activation returns under tests. */
  api(
    parts: ExtensionParts,
    keeper: ReportPanelKeeper,
    serializer: vscode.WebviewPanelSerializer<unknown>,
  ): AffiliateLinksApi {
    const shown = (id: string): StatusBarTestApi => ({
      get shown() {
        const item = visible.get(id);
        return item && { text: item.text, tooltip: String(item.tooltip ?? '') };
      },
    });
    const visible = this.visible;
    const postToHost = async (message: unknown): Promise<void> => {
      const panel = keeper.current?.panel;
      const handler = panel && this.handlers.get(panel);
      if (!handler) {
        throw new Error('No report panel is open.');
      }
      this.check(message, 'test');
      await handler(message);
    };
    return {
      ...parts,
      warnings: this.warned,
      platformStatus: shown(STATUS_BAR_ITEMS.platform),
      reportsStatus: shown(STATUS_BAR_ITEMS.todayClicks),
      linkHealthStatus: shown(STATUS_BAR_ITEMS.linkHealthScan),
      reportsPanel: {
        webviewPanel: () => keeper.current?.panel,
        snapshot: () => {
          const panel = keeper.current?.panel;
          return panel && this.snapshots.get(panel);
        },
        postToHost,
        select: (state) =>
          postToHost({ type: 'request', id: this.nextRequestId++, method: 'select', params: { state } }),
        onDidPost: this.posted.event,
        onDidReceive: this.received.event,
        onDidRefuse: this.refused.event,
        serializer,
        show: async () => keeper.show(),
      },
    };
  }

  private notePosted(panel: vscode.WebviewPanel, message: HostToWebview): void {
    if (message.type === 'snapshot') {
      this.snapshots.set(panel, message.snapshot);
    } else if (message.type === 'reply' && message.ok && message.method === 'select' && message.result !== null) {
      this.snapshots.set(panel, message.result);
    }
    this.posted.fire(message);
  }

  /** Says whether the panel accepts a message, by the check the panel runs on it. */
  private check(raw: unknown, from: MessageSource): void {
    const parsed = parseWebviewMessage(raw, localToday());
    if (parsed.ok) {
      this.received.fire({ message: parsed.message, from });
    } else {
      this.refused.fire({ reason: parsed.reason, from });
    }
  }
}
