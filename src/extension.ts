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
import { SetApiKeyCommand } from './commands/setApiKeyCommand';
import { ShowGettingStartedCommand } from './commands/showGettingStartedCommand';
import { ShowLogCommand } from './commands/showLogCommand';
import { ShowReportsCommand } from './commands/showReportsCommand';
import { SyncMerchantsCommand } from './commands/syncMerchantsCommands';
import { treeOptionCommands } from './commands/treeOptionCommands';
import { HOVER_LANGUAGES, MerchantHoverProvider } from './hover/merchantHoverProvider';
import { WEBVIEWS } from './ids';
import { ApiKeyStore } from './secrets/apiKeyStore';
import { CatalogController } from './services/catalogController';
import { ClientFactory } from './services/clientFactory';
import { DomainIndexLoader } from './services/domainIndexLoader';
import { ServiceApiLoader } from './services/serviceApiLoader';
import { MerchantLinkIndex } from './services/merchantLinkIndex';
import { ReportService } from './services/reportService';
import { ReportsLoader } from './services/reportsLoader';
import { MerchantView } from './views/merchantView';
import { ReportsStatusBarItem } from './views/reportsStatusBarItem';
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
  readonly view: MerchantView;
  readonly reports: ReportService;
  readonly reportsPanel: ReportsPanelTestApi;
  readonly reportsStatus: ReportsStatusBarItem;
}

export function activate(context: vscode.ExtensionContext): AffiliateLinksApi | undefined {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('Affiliate Links', { log: true });
  context.subscriptions.push(log);
  const version = String(context.extension.packageJSON.version ?? 'unknown');

  const keys = new ApiKeyStore(context.secrets, context.globalState, log);
  const clients = new ClientFactory(new ServiceApiLoader(), log, version);
  const controller = new CatalogController(context.globalStorageUri, keys, clients, log);
  const options = new TreeViewOptions(context.globalState);
  const view = new MerchantView(controller, options);
  const commands = new CommandManager();
  const reportsLoader = new ReportsLoader();
  const reports = new ReportService(context.globalStorageUri, controller, reportsLoader, log);
  const panels = new ReportsPanels({ extensionUri: context.extensionUri, reports, loader: reportsLoader, controller, merchants: view, log }, new ReportsPanelLoader(), context.workspaceState);
  const serializer = new ReportsPanelSerializer(panels);
  // Reads nothing during activation: its first read is a few seconds later.
  const reportsStatus = new ReportsStatusBarItem(reports, reportsLoader, controller, log);
  context.subscriptions.push(controller, options, view, commands, reports, panels, reportsStatus);
  context.subscriptions.push(vscode.window.registerWebviewPanelSerializer(WEBVIEWS.reports, serializer));

  commands.register(new ShowLogCommand(log));
  commands.register(new SetApiKeyCommand(keys, clients, log));
  commands.register(new ClearApiKeyCommand(keys));
  commands.register(SyncMerchantsCommand.refresh(controller));
  commands.register(SyncMerchantsCommand.reloadAll(controller));
  commands.register(new FilterMerchantsCommand(options));
  const picker = new MerchantPicker(controller);
  const links = new MerchantLinkIndex(controller, new DomainIndexLoader());
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
  commands.register(new ShowGettingStartedCommand(context.extensionUri));
  commands.register(new ShowReportsCommand(panels));
  treeOptionCommands(options).forEach((command) => commands.register(command));

  log.info(`Affiliate Links ${version} activated in ${(performance.now() - started).toFixed(1)} ms.`);
  // The catalog loads after activation returns: the cache at once, then a sync.
  void controller.start().catch((error: unknown) => log.error(`Starting the catalog failed: ${String(error)}`));
  return context.extensionMode === vscode.ExtensionMode.Test
    ? { controller, view, reports, reportsPanel: panels.testApi(serializer), reportsStatus }
    : undefined;
}

export function deactivate(): void {}
