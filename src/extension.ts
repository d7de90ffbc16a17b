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
import { RevealMerchantCommand } from './commands/revealMerchantCommand';
import { SetApiKeyCommand } from './commands/setApiKeyCommand';
import { ShowGettingStartedCommand } from './commands/showGettingStartedCommand';
import { ShowLogCommand } from './commands/showLogCommand';
import { ShowReportsCommand } from './commands/showReportsCommand';
import { ShowReportsForSubIdCommand } from './commands/showReportsForSubIdCommand';
import { SyncMerchantsCommand } from './commands/syncMerchantsCommands';
import { treeOptionCommands } from './commands/treeOptionCommands';
import { MerchantHoverProvider } from './hover/merchantHoverProvider';
import { LINK_LANGUAGES } from './links/linkLanguages';
import { WEBVIEWS } from './ids';
import { ActiveArticleFigures } from './lens/activeArticleFigures';
import { ArticleSubIdReader } from './lens/articleSubIds';
import { SubIdCollisionCheck } from './controllers/subIdCollisionCheck';
import { FiguresCodeLensProvider } from './lens/figuresCodeLensProvider';
import { KeyRingStore } from './secrets/keyRingStore';
import { WorkspaceKeys } from './controllers/workspaceKeys';
import { ChoosePlatformCommand } from './commands/choosePlatformCommand';
import { PlatformStatusBarItem } from './views/platformStatusBarItem';
import { CatalogController } from './controllers/catalogController';
import { ClientFactory } from './loaders/clientFactory';
import { DomainIndexLoader } from './loaders/domainIndexLoader';
import { FiguresController } from './controllers/figuresController';
import { ServiceApiLoader } from './loaders/serviceApiLoader';
import { MerchantLinkIndex } from './controllers/merchantLinkIndex';
import { CatalogSearch } from './controllers/merchantSearchIndex';
import { registerEditingProviders } from './editing/editingProviders';
import { ReportController } from './controllers/reportController';
import { MerchantView } from './views/merchantView';
import { LinkHealthStarter } from './problems/linkHealthStarter';
import { MerchantLinksHub } from './problems/merchantLinksHub';
import { MoneyLinksHub } from './revenue/moneyLinksHub';
import { RevenueAtRiskController } from './controllers/revenueAtRiskController';
import { RevenueAtRiskView } from './views/revenueAtRiskView';
import { ShowRevenueAtRiskCommand } from './commands/showRevenueAtRiskCommand';
import { CopyRevenueAtRiskCommand } from './commands/copyRevenueAtRiskCommand';
import { ShowMerchantReportsCommand } from './commands/showMerchantReportsCommand';
import { ShowMerchantLinksCommand } from './commands/showMerchantLinksCommand';
import { ReplaceMerchantLinksCommand } from './commands/replaceMerchantLinksCommand';
import { FIRST_READ_MS, ReportsStatusBarItem } from './views/reportsStatusBarItem';
import { TreeViewOptions } from './views/treeViewOptions';
import { ReportPanelKeeper } from './webviews/reports/host/reportPanelKeeper';
import { ReportPanelSerializer } from './webviews/reports/host/reportPanelSerializer';
import { TestAdapter, type AffiliateLinksApi } from './testAdapter';

export type { AffiliateLinksApi } from './testAdapter';

export function activate(context: vscode.ExtensionContext): AffiliateLinksApi | undefined {
  const started = performance.now();
  // Beside the wall time: the time the body ran on a core, so a slow start on a busy machine shows as waiting.
  const startedCpu = process.cpuUsage();
  const log = vscode.window.createOutputChannel(
    vscode.l10n.t({ message: 'Affiliate Links', comment: "The name of the extension's log in the Output view." }),
    { log: true },
  );
  context.subscriptions.push(log);
  const version = String(context.extension.packageJSON.version ?? 'unknown');
  // Under tests only: sees what the report panel and the status bar items show.
  const testAdapter = context.extensionMode === vscode.ExtensionMode.Test ? new TestAdapter() : undefined;
  if (testAdapter) {
    context.subscriptions.push(testAdapter);
  }

  const keys = new WorkspaceKeys(
    new KeyRingStore(context.secrets, context.globalState, log),
    context.globalState,
    context.workspaceState,
    log,
  );
  const clients = new ClientFactory(new ServiceApiLoader(), log, version, context.globalStorageUri);
  const controller = new CatalogController(context.globalStorageUri, keys, clients, log);
  const options = new TreeViewOptions(context.globalState);
  const reports = new ReportController(context.globalStorageUri, keys, clients, log);
  // Reads nothing during activation: it starts a few seconds later, or on the first lens asked for.
  const figures = new FiguresController(reports, log);
  figures.startLater(FIRST_READ_MS);
  // The site's links per merchant, which link health publishes once it runs: the tree's tooltips read them.
  const merchantLinks = new MerchantLinksHub();
  const moneyLinks = new MoneyLinksHub((error) => log.error(`A revenue at risk listener failed: ${String(error)}`));
  const revenue = new RevenueAtRiskController(moneyLinks, figures, reports, controller, log);
  const view = new MerchantView(controller, options, figures, merchantLinks, revenue);
  const commands = new CommandManager();
  const panels = new ReportPanelKeeper(
    { extensionUri: context.extensionUri, reports, keys, controller, log },
    context.workspaceState,
    testAdapter?.watchPanel,
  );
  const serializer = new ReportPanelSerializer(panels);
  const links = new MerchantLinkIndex(controller, new DomainIndexLoader());
  const articleSubIds = new ArticleSubIdReader(links);
  const figuresLenses = new FiguresCodeLensProvider(figures, articleSubIds, controller);
  const activeArticle = new ActiveArticleFigures(figures, articleSubIds);
  // Reads nothing: it shows today's clicks as the figures count them.
  const reportsStatus = new ReportsStatusBarItem(figures, controller, activeArticle, testAdapter?.makeStatusBarItem);
  const platformStatus = new PlatformStatusBarItem(keys, testAdapter?.makeStatusBarItem);
  const revenueView = new RevenueAtRiskView(revenue);
  const linkHealth = new LinkHealthStarter({
    storageUri: context.storageUri,
    controller,
    links,
    log,
    merchantLinks,
    showWarning: testAdapter?.showWarning,
    moneyLinks,
    money: revenue,
    watchStatusBarItem: testAdapter?.watchStatusBarItem,
  });
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
    new SubIdCollisionCheck(log, testAdapter?.showWarning),
    linkHealth,
    moneyLinks,
    revenue,
    revenueView,
  );
  context.subscriptions.push(vscode.window.registerWebviewPanelSerializer(WEBVIEWS.reports, serializer));
  context.subscriptions.push(
    vscode.languages.registerCodeLensProvider(
      LINK_LANGUAGES.map((language) => ({ language })),
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
  const search = new CatalogSearch(controller);
  context.subscriptions.push(search);
  const picker = new MerchantPicker(controller, search);
  commands.register(new FindMerchantCommand(picker, view));
  // The report panel's merchant rows show the merchant in the view through this command.
  commands.register(new RevealMerchantCommand(controller, view));
  commands.register(new CopyTrackingLinkCommand({ controller, picker, log }));
  commands.register(new CopyCpcTrackingLinkCommand({ controller, picker, log }));
  commands.register(new InsertDeeplinkCommand({ controller, links, picker, log }));
  commands.register(new MonetizeLinksCommand(controller, links, log));
  commands.register(new ShowMerchantLinksCommand(controller, merchantLinks));
  // The account's EPC with a merchant, for ranking the alternatives: the figures period's for now (issue 33 §3
  // asks for 90 days; the Revenue at Risk work brings that source).
  // Alternatives rank by the account's EPC with them over 90 days (read from reports already held or cached).
  const epcOf = (merchantId: number) => revenue.epc(String(merchantId));
  commands.register(new ReplaceMerchantLinksCommand(controller, merchantLinks, epcOf, log));
  context.subscriptions.push(
    vscode.languages.registerHoverProvider(
      LINK_LANGUAGES.map((language) => ({ language })),
      new MerchantHoverProvider(links),
    ),
  );
  const editing = registerEditingProviders({ links, search, log });
  context.subscriptions.push(...editing.disposables);
  commands.register(new ShowGettingStartedCommand(context.extension.id));
  commands.register(new ShowReportsCommand(panels));
  commands.register(new ShowReportsForSubIdCommand(panels, reports));
  commands.register(new RefreshFiguresCommand(figures, controller));
  commands.register(new ShowRevenueAtRiskCommand(revenueView));
  commands.register(new CopyRevenueAtRiskCommand(revenue));
  commands.register(new ShowMerchantReportsCommand(panels, reports, revenue));
  treeOptionCommands(options).forEach((command) => commands.register(command));

  const cpu = process.cpuUsage(startedCpu);
  log.info(
    `Affiliate Links ${version} activated in ${(performance.now() - started).toFixed(1)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms).`,
  );
  // The catalog loads after activation returns: the cache at once, then a sync.
  void controller.start().catch((error: unknown) => log.error(`Starting the catalog failed: ${String(error)}`));
  return testAdapter?.api(
    {
      controller,
      keys,
      view,
      reports,
      figures,
      figuresLenses,
      activeArticle,
      logUri: context.logUri,
      merchantLinks,
      revenue,
      revenueView,
      paste: editing.paste,
      completion: editing.completion,
    },
    panels,
    serializer,
  );
}

export function deactivate(): void {}
