import * as vscode from 'vscode';
import { ClearApiKeyCommand } from './commands/clearApiKeyCommand';
import { CopyCpcTrackingLinkCommand } from './commands/copyCpcTrackingLinkCommand';
import { CopyTrackingLinkCommand } from './commands/copyTrackingLinkCommand';
import { CommandManager } from './commands/commandManager';
import { FilterMerchantsCommand } from './commands/filterMerchantsCommand';
import { FindMerchantCommand } from './commands/findMerchantCommand';
import { InsertDeeplinkCommand } from './commands/insertDeeplinkCommand';
import { MerchantPicker } from './commands/merchantPicker';
import { MonetizeLinksCommand } from './commands/monetizeLinksCommand';
import { RefreshFiguresCommand } from './commands/refreshFiguresCommand';
import { SetApiKeyCommand } from './commands/setApiKeyCommand';
import { ShowGettingStartedCommand } from './commands/showGettingStartedCommand';
import { ShowLogCommand } from './commands/showLogCommand';
import { ShowReportsCommand } from './commands/showReportsCommand';
import { ShowReportsForSubIdCommand } from './commands/showReportsForSubIdCommand';
import { SyncMerchantsCommand } from './commands/syncMerchantsCommands';
import { treeOptionCommands } from './commands/treeOptionCommands';
import { HOVER_LANGUAGES, MerchantHoverProvider } from './hover/merchantHoverProvider';
import { WEBVIEWS } from './ids';
import { ActiveArticleFigures } from './lens/activeArticleFigures';
import { ArticleSubIdReader } from './lens/articleSubIds';
import { FiguresCodeLensProvider } from './lens/figuresCodeLensProvider';
import { KeyRingStore } from './secrets/keyRingStore';
import { WorkspaceKeys } from './services/workspaceKeys';
import { ChoosePlatformCommand } from './commands/choosePlatformCommand';
import { PlatformStatusBarItem } from './views/platformStatusBarItem';
import { CatalogController } from './services/catalogController';
import { ClientFactory } from './services/clientFactory';
import { DomainIndexLoader } from './services/domainIndexLoader';
import { FiguresService } from './services/figuresService';
import { ServiceApiLoader } from './services/serviceApiLoader';
import { MerchantLinkIndex } from './services/merchantLinkIndex';
import { ReportService } from './services/reportService';
import { ReportsLoader } from './services/reportsLoader';
import { MerchantView } from './views/merchantView';
import { FIRST_READ_MS, ReportsStatusBarItem } from './views/reportsStatusBarItem';
import { TreeViewOptions } from './views/treeViewOptions';
import { ReportsPanelSerializer } from './webviews/reports/host/reportsPanelSerializer';
import { ReportsPanelLoader } from './webviews/reports/host/reportsPanelLoader';
import { ReportsPanels, type ReportsPanelTestApi } from './webviews/reports/host/reportsPanels';

/**
 * What activation hands to the integration tests: the catalog's controller and view, the
 * report service, the report panel and the status bar figure. Returned only when the extension
 * runs under tests (`ExtensionMode.Test`); other extensions get nothing.
 */
export interface AffiliateLinksApi {
  readonly controller: CatalogController;
  /** The workspace's keys and platform. */
  readonly keys: WorkspaceKeys;
  readonly platformStatus: PlatformStatusBarItem;
  readonly view: MerchantView;
  readonly reports: ReportService;
  readonly reportsPanel: ReportsPanelTestApi;
  readonly reportsStatus: ReportsStatusBarItem;
  /** The figures of the figures period, and the lenses and status-bar article read from them. */
  readonly figures: FiguresService;
  readonly figuresLenses: FiguresCodeLensProvider;
  readonly activeArticle: ActiveArticleFigures;
  /** The folder of the extension's log (the tests read it: no key may ever be in it). */
  readonly logUri: vscode.Uri;
}

export function activate(context: vscode.ExtensionContext): AffiliateLinksApi | undefined {
  const started = performance.now();
  const log = vscode.window.createOutputChannel(
    vscode.l10n.t({ message: 'Affiliate Links', comment: "The name of the extension's log in the Output view." }),
    { log: true },
  );
  context.subscriptions.push(log);
  const version = String(context.extension.packageJSON.version ?? 'unknown');

  const keys = new WorkspaceKeys(
    new KeyRingStore(context.secrets, context.globalState, log),
    context.globalState,
    context.workspaceState,
    log,
  );
  const clients = new ClientFactory(new ServiceApiLoader(), log, version, context.globalStorageUri);
  const controller = new CatalogController(context.globalStorageUri, keys, clients, log);
  const options = new TreeViewOptions(context.globalState);
  const reportsLoader = new ReportsLoader();
  const reports = new ReportService(context.globalStorageUri, keys, clients, reportsLoader, log);
  // Reads nothing during activation: it starts a few seconds later, or on the first lens asked for.
  const figures = new FiguresService(reports, log);
  figures.startLater(FIRST_READ_MS);
  const view = new MerchantView(controller, options, figures);
  const commands = new CommandManager();
  const panels = new ReportsPanels(
    { extensionUri: context.extensionUri, reports, loader: reportsLoader, controller, merchants: view, log },
    new ReportsPanelLoader(),
    context.workspaceState,
  );
  const serializer = new ReportsPanelSerializer(panels);
  const links = new MerchantLinkIndex(controller, new DomainIndexLoader());
  const articleSubIds = new ArticleSubIdReader(links);
  const figuresLenses = new FiguresCodeLensProvider(figures, articleSubIds, reportsLoader, controller);
  const activeArticle = new ActiveArticleFigures(figures, articleSubIds, reportsLoader);
  // Reads nothing: it shows today's clicks as the figures count them.
  const reportsStatus = new ReportsStatusBarItem(figures, controller, activeArticle);
  const platformStatus = new PlatformStatusBarItem(keys);
  context.subscriptions.push(
    keys,
    controller,
    options,
    view,
    commands,
    reports,
    panels,
    figures,
    figuresLenses,
    activeArticle,
    reportsStatus,
    platformStatus,
  );
  context.subscriptions.push(vscode.window.registerWebviewPanelSerializer(WEBVIEWS.reports, serializer));
  context.subscriptions.push(
    vscode.languages.registerCodeLensProvider(
      HOVER_LANGUAGES.map((language) => ({ language })),
      figuresLenses,
    ),
  );

  commands.register(new ShowLogCommand(log));
  commands.register(new SetApiKeyCommand(keys, clients, log));
  commands.register(new ClearApiKeyCommand(keys));
  commands.register(new ChoosePlatformCommand(keys));
  commands.register(SyncMerchantsCommand.refresh(controller));
  commands.register(SyncMerchantsCommand.reloadAll(controller));
  commands.register(new FilterMerchantsCommand(options));
  const picker = new MerchantPicker(controller);
  commands.register(new FindMerchantCommand(picker, view));
  commands.register(new CopyTrackingLinkCommand({ controller, picker, log }));
  commands.register(new CopyCpcTrackingLinkCommand({ controller, picker, log }));
  commands.register(new InsertDeeplinkCommand({ controller, links, picker, log }));
  commands.register(new MonetizeLinksCommand(controller, links, log));
  context.subscriptions.push(
    vscode.languages.registerHoverProvider(
      HOVER_LANGUAGES.map((language) => ({ language })),
      new MerchantHoverProvider(links),
    ),
  );
  commands.register(new ShowGettingStartedCommand(context.extension.id));
  commands.register(new ShowReportsCommand(panels));
  commands.register(new ShowReportsForSubIdCommand(panels, reports));
  commands.register(new RefreshFiguresCommand(figures, controller));
  treeOptionCommands(options).forEach((command) => commands.register(command));

  log.info(`Affiliate Links ${version} activated in ${(performance.now() - started).toFixed(1)} ms.`);
  // The catalog loads after activation returns: the cache at once, then a sync.
  void controller.start().catch((error: unknown) => log.error(`Starting the catalog failed: ${String(error)}`));
  return context.extensionMode === vscode.ExtensionMode.Test
    ? {
        controller,
        keys,
        platformStatus,
        view,
        reports,
        reportsPanel: panels.testApi(serializer),
        reportsStatus,
        figures,
        figuresLenses,
        activeArticle,
        logUri: context.logUri,
      }
    : undefined;
}

export function deactivate(): void {}
