/**
 * Link health in the editor, a bundle of its own (`dist/linkHealth.js`) loaded after activation: the site's
 * index, its diagnostics, quick fixes and fix-all, and the scan's status bar item.
 */
import * as vscode from 'vscode';
import { Disposable, toDisposable } from '../common/lifecycle';
import type { CatalogController } from '../controllers/catalogController';
import type { MerchantLinkIndex } from '../controllers/merchantLinkIndex';
import { affectsSiteFiles, readLinkHealthSettings } from '../settings/linkHealthSettings';
import { SiteIndexer } from '../site/siteIndexer';
import { SiteIndexFile } from '../site/siteIndexFile';
import { LinkHealthActions } from './linkHealthActions';
import { LinkHealthDiagnostics } from './linkHealthDiagnostics';
import { LinkHealthEngine } from './linkHealthEngine';
import { LinkHealthStatus } from './linkHealthStatus';
import { CatalogBreakageNotice } from './catalogBreakageNotice';
import type { MerchantLinksHub } from './merchantLinksHub';
import { SiteMerchantLinks } from './siteMerchantLinks';
import { MerchantLinkReplacer } from './merchantLinkReplacer';
import type { ShowWarning } from '../prompts/catalogBreakagePrompts';
import type { MoneyLinksHub } from '../revenue/moneyLinksHub';
import type { MoneySource } from '../revenue/moneySource';

export { ignoreLinkInSettings } from './ignoreLinkInSettings';

export interface LinkHealthDeps {
  storageUri: vscode.Uri | undefined;
  controller: CatalogController;
  links: MerchantLinkIndex;
  log: vscode.LogOutputChannel;
  /** Where the Merchants view and Show Links to Merchant read the site's links per merchant. */
  merchantLinks: MerchantLinksHub;
  /** How the notice of what a sync broke is shown (the test adapter watches it under tests). */
  showWarning?: ShowWarning;
  /** Where revenue at risk reads the findings with money, file by file. */
  moneyLinks: MoneyLinksHub;
  /** The figures' pairs and EPCs, for what a finding costs. */
  money: MoneySource;
  /** Under tests: follows what link health's status bar item shows. */
  watchStatusBarItem?: (id: string, item: vscode.StatusBarItem) => void;
}

/** The languages whose documents get quick fixes. */
const SELECTOR: vscode.DocumentSelector = [{ language: 'markdown' }, { language: 'mdx' }, { language: 'html' }];

export class LinkHealth extends Disposable {
  readonly engine: LinkHealthEngine;
  readonly indexer: SiteIndexer;

  constructor(deps: LinkHealthDeps) {
    const { storageUri, controller, links, log, merchantLinks, showWarning, moneyLinks, money } = deps;
    super();
    this.engine = this._register(new LinkHealthEngine(controller, links, log));
    this.indexer = this._register(
      new SiteIndexer(new SiteIndexFile(storageUri, log), () => readLinkHealthSettings().include, log),
    );
    this._register(new LinkHealthDiagnostics(this.indexer, this.engine, moneyLinks, money));
    const siteLinks = this._register(new SiteMerchantLinks(this.indexer, this.engine, merchantLinks));
    const show = showWarning ?? ((message, ...items) => vscode.window.showWarningMessage(message, ...items));
    this._register(new CatalogBreakageNotice(controller, siteLinks, () => this.engine.settings, show, money));
    // Replace Links to Merchant (issue 33 §3) reads the site through the hub, as Show Links to Merchant does.
    merchantLinks.lendReplacer(
      new MerchantLinkReplacer(this.indexer, this.engine, siteLinks, controller, () => merchantLinks.linkedMerchants()),
    );
    this._register(toDisposable(() => merchantLinks.lendReplacer(undefined)));
    const status = this._register(new LinkHealthStatus(deps.watchStatusBarItem));
    const showStatus = () => status.show(this.indexer.state, this.engine.rules === undefined, money.atRisk());
    this._register(this.indexer.onDidChangeState(showStatus));
    this._register(money.onDidChangeAtRisk(showStatus));
    this._register(
      this.engine.onDidChange(() => {
        showStatus();
        const reader = this.engine.reader;
        if (reader !== undefined) {
          void this.indexer.start(reader).catch((error: unknown) => log.error(`Link health: ${String(error)}`));
        }
      }),
    );
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        const reader = this.engine.reader;
        if (affectsSiteFiles(event) && reader !== undefined) {
          void this.indexer.start(reader, true);
        }
      }),
    );
    this._register(
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        const reader = this.engine.reader;
        if (reader !== undefined) {
          void this.indexer.start(reader, true);
        }
      }),
    );
    this._register(
      vscode.languages.registerCodeActionsProvider(
        SELECTOR,
        new LinkHealthActions(this.indexer, this.engine, (key) => merchantLinks.linkedMerchants()?.get(key)?.links),
        LinkHealthActions.metadata,
      ),
    );
    showStatus();
  }
}

export function startLinkHealth(deps: LinkHealthDeps): LinkHealth {
  return new LinkHealth(deps);
}
