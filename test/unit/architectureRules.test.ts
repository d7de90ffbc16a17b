/**
 * The import rules of docs/architecture.md, each fed a wrong import through ESLint with the
 * project's own configuration: a rule that stopped firing fails here. Every case is linted as
 * if it were a file of the room named by its path (the file need not exist).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../..');

interface Case {
  rule: string;
  file: string;
  code: string;
  /** The message (or part of it) the rule gives; undefined: the code must pass. */
  refused?: RegExp;
}

const CASES: Case[] = [
  {
    rule: 'the pure core never imports vscode',
    file: 'src/catalog/model/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: 'the pure core never imports vscode',
    file: 'src/links/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: 'the pure core never imports vscode',
    file: 'src/common/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: 'the pure core never imports vscode',
    file: 'src/merchant/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: 'the pure core never imports vscode',
    file: 'src/health/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: 'link health never imports the catalog',
    file: 'src/health/wrong.ts',
    code: "import { CatalogStore } from '../catalog/store/catalogStore';\nvoid CatalogStore;",
    refused: /Only the shell imports the catalog/,
  },
  {
    rule: 'link health never imports the reports',
    file: 'src/health/wrong.ts',
    code: "import { ReportStore } from '../reports/store/reportStore';\nvoid ReportStore;",
    refused: /Link health judges a document/,
  },
  {
    rule: 'link health never imports the shell',
    file: 'src/health/wrong.ts',
    code: "import { FiguresController } from '../controllers/figuresController';\nvoid FiguresController;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: 'link health may use the link rules and the merchant module',
    file: 'src/health/right.ts',
    code: "import { findUrls } from '../links/urlFinder';\nimport { merchantKey } from '../merchant/merchantKey';\nvoid findUrls; void merchantKey;",
  },
  {
    rule: 'the shell may import vscode',
    file: 'src/views/right.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
  },
  {
    rule: 'tree never imports cache',
    file: 'src/catalog/tree/wrong.ts',
    code: "import { CacheKeeper } from '../cache';\nvoid CacheKeeper;",
    refused: /never import its cache or its store/,
  },
  {
    rule: 'tree never imports store',
    file: 'src/catalog/tree/wrong.ts',
    code: "import { CatalogStore } from '../store/catalogStore';\nvoid CatalogStore;",
    refused: /never import its cache or its store/,
  },
  {
    rule: 'search never imports cache',
    file: 'src/catalog/search/wrong.ts',
    code: "import { toStored } from '../cache/storedMerchant';\nvoid toStored;",
    refused: /never import its cache or its store/,
  },
  {
    rule: 'present never imports store',
    file: 'src/catalog/present/wrong.ts',
    code: "import { CatalogStore } from '../store/catalogStore';\nvoid CatalogStore;",
    refused: /never import its cache or its store/,
  },
  {
    rule: 'tree may import present and model',
    file: 'src/catalog/tree/right.ts',
    code: "import { foldText } from '../present/textFold';\nimport { sameMerchant } from '../model/catalogMerge';\nvoid foldText; void sameMerchant;",
  },
  {
    rule: 'the model imports no other catalog room',
    file: 'src/catalog/model/wrong.ts',
    code: "import { CachedMerchant } from '../cache/cachedMerchant';\nvoid CachedMerchant;",
    refused: /bottom of the catalog/,
  },
  {
    rule: 'links never import the catalog',
    file: 'src/links/wrong.ts',
    code: "import { foldText } from '../catalog/present/textFold';\nvoid foldText;",
    refused: /Only the shell imports the catalog/,
  },
  {
    rule: 'the catalog never imports links',
    file: 'src/catalog/tree/wrong.ts',
    code: "import { cpcLinkOf } from '../../links/cpcLink';\nvoid cpcLinkOf;",
    refused: /does not import the link rules/,
  },
  {
    rule: 'both may import the merchant module',
    file: 'src/links/right.ts',
    code: "import { merchantKey } from '../merchant/merchantKey';\nvoid merchantKey;",
  },
  {
    rule: 'the merchant module imports neither',
    file: 'src/merchant/wrong.ts',
    code: "import { findUrls } from '../links/urlFinder';\nvoid findUrls;",
    refused: /does not import the link rules/,
  },
  {
    rule: 'the core never imports the shell',
    file: 'src/catalog/store/wrong.ts',
    code: "import { describeFailure } from '../../prompts/failureMessages';\nvoid describeFailure;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: 'the core never imports the shell',
    file: 'src/reports/store/wrong.ts',
    code: "import { readFiguresSettings } from '../../settings/figuresSettings';\nvoid readFiguresSettings;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: 'the core never imports the shell',
    file: 'src/links/wrong.ts',
    code: "import { DomainIndexLoader } from '../loaders/domainIndexLoader';\nvoid DomainIndexLoader;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: 'the core never imports the shell',
    file: 'src/catalog/model/wrong.ts',
    code: "import type { CatalogController } from '../../controllers/catalogController';\nexport type C = CatalogController;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: 'the settings readers import no controller',
    file: 'src/settings/wrong.ts',
    code: "import { WorkspaceKeys } from '../controllers/workspaceKeys';\nvoid WorkspaceKeys;",
    refused: /src\/settings\/ reads settings/,
  },
  {
    rule: 'the settings readers import no prompt',
    file: 'src/settings/wrong.ts',
    code: "import { reportSettingsProblem } from '../prompts/settingsProblem';\nvoid reportSettingsProblem;",
    refused: /src\/settings\/ reads settings/,
  },
  {
    rule: 'the settings readers import no loader',
    file: 'src/settings/wrong.ts',
    code: "import { ServiceApiLoader } from '../loaders/serviceApiLoader';\nvoid ServiceApiLoader;",
    refused: /src\/settings\/ reads settings/,
  },
  {
    rule: 'the settings readers may use the link rules and the client',
    file: 'src/settings/right.ts',
    code: "import { expandSubId } from '../links/subId';\nimport { normalizeBaseUrl } from '../api/baseUrl';\nvoid expandSubId; void normalizeBaseUrl;",
  },
  {
    rule: 'the prompts import no controller',
    file: 'src/prompts/wrong.ts',
    code: "import { CatalogController } from '../controllers/catalogController';\nvoid CatalogController;",
    refused: /src\/prompts\/ holds what the user reads/,
  },
  {
    rule: 'the prompts import no loader',
    file: 'src/prompts/wrong.ts',
    code: "import { ClientFactory } from '../loaders/clientFactory';\nvoid ClientFactory;",
    refused: /src\/prompts\/ holds what the user reads/,
  },
  {
    rule: 'the prompts import no view',
    file: 'src/prompts/wrong.ts',
    code: "import { MerchantView } from '../views/merchantView';\nvoid MerchantView;",
    refused: /src\/prompts\/ holds what the user reads/,
  },
  {
    rule: 'the prompts may use the key words and the ids',
    file: 'src/prompts/right.ts',
    code: "import { keyButton } from '../keys/keyWords';\nimport { COMMANDS } from '../ids';\nvoid keyButton; void COMMANDS;",
  },
  {
    rule: 'the loaders import no controller',
    file: 'src/loaders/wrong.ts',
    code: "import { ReportController } from '../controllers/reportController';\nvoid ReportController;",
    refused: /src\/loaders\/ loads the lazy bundles/,
  },
  {
    rule: 'the loaders import no command',
    file: 'src/loaders/wrong.ts',
    code: "import { SyncMerchantsCommand } from '../commands/syncMerchantsCommands';\nvoid SyncMerchantsCommand;",
    refused: /src\/loaders\/ loads the lazy bundles/,
  },
  {
    rule: 'the loaders may read the settings',
    file: 'src/loaders/right.ts',
    code: "import { configuredBaseUrl } from '../settings/connectionSettings';\nvoid configuredBaseUrl;",
  },
  {
    rule: 'the controllers may import the prompts, the loaders and the settings',
    file: 'src/controllers/right.ts',
    code: "import { promptForKey } from '../prompts/catalogPrompts';\nimport { DomainIndexLoader } from '../loaders/domainIndexLoader';\nimport { readLinkSettings } from '../settings/linkSettings';\nvoid promptForKey; void DomainIndexLoader; void readLinkSettings;",
  },
  {
    rule: 'the client imports nothing of the extension',
    file: 'src/api/wrong.ts',
    code: "import { messageOf } from '../common/errorMessage';\nvoid messageOf;",
    refused: /bottom layer/,
  },
  {
    rule: 'the client fires its events with the building block of the pure core',
    file: 'src/api/right.ts',
    code: "import { Emitter } from '../common/emitter';\nvoid Emitter;",
  },
  {
    rule: 'common imports no room',
    file: 'src/common/wrong.ts',
    code: "import { isServiceError } from '../api/errors';\nvoid isServiceError;",
    refused: /imports no room/,
  },
  {
    rule: 'the keys import no room',
    file: 'src/keys/wrong.ts',
    code: "import { COMMANDS } from '../ids';\nvoid COMMANDS;",
    refused: /src\/keys\/ holds what keys open/,
  },
  {
    rule: 'the keys may ask the client',
    file: 'src/keys/right.ts',
    code: "import { httpStatusOf } from '../api/errors';\nvoid httpStatusOf;",
  },
  {
    rule: 'the keys never import vscode',
    file: 'src/keys/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: 'the shell and the report panel may import the keys',
    file: 'src/reports/panel/right.ts',
    code: "import { refusalMeaning } from '../../keys/keyRefusals';\nvoid refusalMeaning;",
  },
  {
    rule: 'the shell uses the cache through its index',
    file: 'src/controllers/wrong.ts',
    code: "import { CacheKeeper } from '../catalog/cache/cacheKeeper';\nvoid CacheKeeper;",
    refused: /through its index/,
  },
  {
    rule: 'the store uses the cache through its index',
    file: 'src/catalog/store/wrong.ts',
    code: "import { CacheKeeper } from '../cache/cacheKeeper';\nvoid CacheKeeper;",
    refused: /through its index/,
  },
  {
    rule: 'the store uses the cache through its index',
    file: 'src/catalog/store/right.ts',
    code: "import { CacheKeeper } from '../cache';\nvoid CacheKeeper;",
  },
  {
    rule: 'test hooks stay out of the product',
    file: 'src/controllers/wrong.ts',
    code: "import { pagesParsed } from '../catalog/cache/testing';\nvoid pagesParsed;",
    refused: /tests and benchmarks only|through its index/,
  },
  {
    rule: 'errors are recognised by shape',
    file: 'src/controllers/wrong.ts',
    code: "import { NetworkError } from '../api/errors';\nexport const offline = (e: unknown) => e instanceof NetworkError;",
    refused: /never by instanceof/,
  },
  {
    rule: 'errors are recognised by shape',
    file: 'src/catalog/store/wrong.ts',
    code: "import { ServiceError } from '../../api/errors';\nexport const ours = (e: unknown) => e instanceof ServiceError;",
    refused: /never by instanceof/,
  },
  {
    rule: 'Error itself may be checked',
    file: 'src/controllers/right.ts',
    code: 'export const isError = (e: unknown) => e instanceof Error;',
  },
  {
    rule: 'ids live in src/ids.ts',
    file: 'src/commands/wrong.ts',
    code: "export const id = 'affiliateLinks.showLog';",
    refused: /live in src\/ids\.ts/,
  },
  {
    rule: 'the pure core never imports vscode',
    file: 'src/reports/store/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: 'the report model never imports the report store or cache',
    file: 'src/reports/model/wrong.ts',
    code: "import { readReportCache } from '../cache/reportCacheFile';\nvoid readReportCache;",
    refused: /never imports the report store or its cache/,
  },
  {
    rule: 'the report cache never imports the report store',
    file: 'src/reports/cache/wrong.ts',
    code: "import { refreshWindow } from '../store/reportReader';\nvoid refreshWindow;",
    refused: /knows nothing of the store above it/,
  },
  {
    rule: 'the reports never import the catalog',
    file: 'src/reports/store/wrong.ts',
    code: "import { CatalogStore } from '../../catalog/store/catalogStore';\nvoid CatalogStore;",
    refused: /Only the shell imports the catalog/,
  },
  {
    rule: 'the reports may import the client',
    file: 'src/reports/store/right.ts',
    code: "import type { ClickItem } from '../../api/types';\nexport type Item = ClickItem;",
  },
  {
    rule: 'the report panel session never imports vscode',
    file: 'src/reports/panel/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: 'the report panel session reads reports through the store',
    file: 'src/reports/panel/wrong.ts',
    code: "import { readReportCache } from '../cache/reportCacheFile';\nvoid readReportCache;",
    refused: /through the store, never its cache/,
  },
  {
    rule: 'the protocol is imported as types only',
    file: 'src/reports/panel/wrong.ts',
    code: "import { PanelSnapshot } from './protocol';\nexport type S = PanelSnapshot;",
    refused: /import type/,
  },
  {
    rule: 'the protocol is imported as types only',
    file: 'src/reports/panel/right.ts',
    code: "import type { PanelSnapshot } from './protocol';\nexport type S = PanelSnapshot;",
  },
  {
    rule: 'the protocol is imported as types only',
    file: 'src/webviews/reports/host/wrong.ts',
    code: "import { PanelSnapshot } from '../../../reports/panel/protocol';\nexport type S = PanelSnapshot;",
    refused: /import type/,
  },
  {
    rule: 'the report panel session never imports the webviews',
    file: 'src/reports/panel/wrong.ts',
    code: "import { start } from '../../webviews/reports/app/main';\nvoid start;",
    refused: /never import the webviews/,
  },
  {
    rule: 'the report model never imports the panel session',
    file: 'src/reports/model/wrong.ts',
    code: "import type { PanelSnapshot } from '../panel/protocol';\nexport type S = PanelSnapshot;",
    refused: /never imports the panel session/,
  },
  {
    rule: 'the report model never imports the panel session',
    file: 'src/reports/model/wrong.ts',
    code: "import { ReportPanelSession } from '../panel/reportPanelSession';\nvoid ReportPanelSession;",
    refused: /never imports the panel session/,
  },
  {
    rule: 'the report model imports only its own files, the client and the building blocks',
    file: 'src/reports/model/wrong.ts',
    code: "import { merchantKeyOfId } from '../../merchant/merchantKey';\nvoid merchantKeyOfId;",
    refused: /imports its own files, the client \(src\/api\) and the building blocks/,
  },
  {
    rule: 'the report model imports only its own files, the client and the building blocks',
    file: 'src/reports/model/wrong.ts',
    code: "import type { PanelState } from '../../reports/panel/protocol';\nexport type S = PanelState;",
    refused: /imports its own files, the client \(src\/api\) and the building blocks/,
  },
  {
    rule: 'the report model imports only its own files, the client and the building blocks',
    file: 'src/reports/model/right.ts',
    code: "import type { ClickItem } from '../../api/types';\nimport { messageOf } from '../../common/errorMessage';\nimport { periodDates } from './reportPeriods';\nimport * as l10n from '@vscode/l10n';\nvoid messageOf; void periodDates; void l10n;\nexport type C = ClickItem;",
  },
  {
    rule: 'the report model never imports the webviews',
    file: 'src/reports/model/wrong.ts',
    code: "import type { PanelSnapshot } from '../../webviews/reports/host/reportPanel';\nexport type S = PanelSnapshot;",
    refused: /never import the webviews/,
  },
  {
    rule: 'the webview app never imports vscode',
    file: 'src/webviews/reports/app/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /runs in a browser/,
  },
  {
    rule: 'the webview app never imports Node.js',
    file: 'src/webviews/reports/app/wrong.ts',
    code: "import fs from 'node:fs';\nvoid fs;",
    refused: /no Node\.js modules/,
  },
  {
    rule: 'the webview app imports nothing of the extension',
    file: 'src/webviews/reports/app/wrong.ts',
    code: "import { percentChange } from '../../../reports/model/periodComparison';\nvoid percentChange;",
    refused: /its own small app/,
  },
  {
    rule: 'the webview app imports nothing of the extension',
    file: 'src/webviews/reports/app/wrong.ts',
    code: "import type { PanelReports } from '../../../reports/panel/reportReads';\nexport type R = PanelReports;",
    refused: /its own small app/,
  },
  {
    rule: 'the webview app may use the Disposable building block',
    file: 'src/webviews/reports/app/right.ts',
    code: "import { Disposable } from '../../../common/lifecycle';\nexport abstract class Part extends Disposable {}",
  },
  {
    rule: 'the webview app never imports the host',
    file: 'src/webviews/reports/app/wrong.ts',
    code: "import { panelHtml } from '../host/panelHtml';\nvoid panelHtml;",
    refused: /its own small app/,
  },
  {
    rule: 'the webview app imports the protocol as types only',
    file: 'src/webviews/reports/app/wrong.ts',
    code: "import { PanelSnapshot } from '../../../reports/panel/protocol';\nexport type S = PanelSnapshot;",
    refused: /import type/,
  },
  {
    rule: 'the webview app imports the protocol as types only',
    file: 'src/webviews/reports/app/right.ts',
    code: "import type { PanelSnapshot } from '../../../reports/panel/protocol';\nexport type S = PanelSnapshot;",
  },
  {
    rule: 'the reports’ vocabulary is the one value import every side shares',
    file: 'src/webviews/reports/app/right.ts',
    code: "import { PRESETS } from '../../../reports/model/reportVocabulary';\nvoid PRESETS;",
  },
  {
    rule: 'the reports’ vocabulary is the one value import every side shares',
    file: 'src/reports/panel/right.ts',
    code: "import { PANEL_LIMITS } from '../model/reportVocabulary';\nvoid PANEL_LIMITS;",
  },
  {
    rule: 'the reports’ vocabulary is the one value import every side shares',
    file: 'src/webviews/reports/host/right.ts',
    code: "import { GROUPINGS } from '../../../reports/model/reportVocabulary';\nvoid GROUPINGS;",
  },
  {
    rule: 'the reports’ vocabulary is the one value import every side shares',
    file: 'src/reports/model/right.ts',
    code: "import { CLICK_DIMENSIONS } from './reportVocabulary';\nvoid CLICK_DIMENSIONS;",
  },
  {
    rule: 'the reports’ vocabulary holds data: it imports no value',
    file: 'src/reports/model/reportVocabulary.ts',
    code: "import { DEFAULT_PROVISIONAL_DAYS } from './reportDays';\nexport const x = DEFAULT_PROVISIONAL_DAYS;",
    refused: /it imports nothing, or types only from the report model/,
  },
  {
    rule: 'the reports’ vocabulary imports nothing beyond the report model',
    file: 'src/reports/model/reportVocabulary.ts',
    code: "import type { ClientLogger } from '../../api/types';\nexport type L = ClientLogger;",
    refused: /it imports nothing, or types only from the report model/,
  },
  {
    rule: 'the reports’ vocabulary imports nothing beyond the report model',
    file: 'src/reports/model/reportVocabulary.ts',
    code: "import type { PanelSnapshot } from '../panel/protocol';\nexport type S = PanelSnapshot;",
    refused: /it imports nothing, or types only from the report model/,
  },
  {
    rule: 'the reports’ vocabulary may import types of the report model',
    file: 'src/reports/model/reportVocabulary.ts',
    code: "import type { ReportPeriod } from './reportTypes';\nexport type P = ReportPeriod;",
  },
  {
    rule: 'the protocol holds types: it imports the vocabulary as types only',
    file: 'src/reports/panel/protocol.ts',
    code: "import { PRESETS } from '../model/reportVocabulary';\nexport const x = PRESETS;",
    refused: /imports the reports' vocabulary only, as types/,
  },
  {
    rule: 'the protocol holds types: it imports the vocabulary only',
    file: 'src/reports/panel/protocol.ts',
    code: "import type { ReportState } from '../store/reportStore';\nexport type S = ReportState;",
    refused: /imports the reports' vocabulary only, as types/,
  },
  {
    rule: 'the protocol holds types: it imports the vocabulary as types only',
    file: 'src/reports/panel/protocol.ts',
    code: "import type { GroupBy } from '../model/reportVocabulary';\nexport type G = GroupBy;",
  },
  {
    rule: 'the report panel’s host never imports a view',
    file: 'src/webviews/reports/host/wrong.ts',
    code: "import type { MerchantView } from '../../../views/merchantView';\nexport type V = MerchantView;",
    refused: /runs them through their command ids/,
  },
  {
    rule: 'the report panel’s host never imports a command',
    file: 'src/webviews/reports/host/wrong.ts',
    code: "import { RevealMerchantCommand } from '../../../commands/revealMerchantCommand';\nvoid RevealMerchantCommand;",
    refused: /runs them through their command ids/,
  },
  {
    rule: 'the report panel’s host may read the settings',
    file: 'src/webviews/reports/host/right.ts',
    code: "import { readReportSettings } from '../../../settings/reportSettings';\nvoid readReportSettings;",
  },
  {
    rule: 'the host never imports the webview app',
    file: 'src/webviews/reports/host/wrong.ts',
    code: "import { start } from '../app/main';\nvoid start;",
    refused: /never imports the webview app/,
  },
  {
    rule: 'the shell uses the cache through its index',
    file: 'src/settings/wrong.ts',
    code: "import { CacheKeeper } from '../catalog/cache/cacheKeeper';\nvoid CacheKeeper;",
    refused: /through its index/,
  },
  {
    rule: 'message validation stays pure',
    file: 'src/webviews/reports/host/messageValidation.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: 'the core never imports the webview host',
    file: 'src/reports/panel/wrong.ts',
    code: "import { ReportPanel } from '../../webviews/reports/host/reportPanel';\nvoid ReportPanel;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: 'the figures never import vscode',
    file: 'src/reports/figures/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: 'the figures read what the store read, never the store itself',
    file: 'src/reports/figures/wrong.ts',
    code: "import { ReportStore } from '../store/reportStore';\nvoid ReportStore;",
    refused: /never the store, its cache or the panel session/,
  },
  {
    rule: 'the figures never import the link rules',
    file: 'src/reports/figures/wrong.ts',
    code: "import { findUrls } from '../../links/urlFinder';\nvoid findUrls;",
    refused: /Only the shell imports the catalog|link rules/,
  },
  {
    rule: 'the lens is shell: the core never imports it',
    file: 'src/links/wrong.ts',
    code: "import { FiguresCodeLensProvider } from '../lens/figuresCodeLensProvider';\nvoid FiguresCodeLensProvider;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: 'no URL.canParse (it lies once hot on Node 20.20)',
    file: 'src/links/wrong.ts',
    code: 'export const isUrl = (text: string) => URL.canParse(text);',
    refused: /URL\.canParse lies once hot/,
  },
  {
    rule: 'no URL.canParse (it lies once hot on Node 20.20)',
    file: 'test/bench/wrong.ts',
    code: 'export const isUrl = (text: string) => URL.canParse(text);',
    refused: /URL\.canParse lies once hot/,
  },
  {
    rule: 'only the client talks to the service (through its request budget)',
    file: 'src/controllers/wrong.ts',
    code: "export const get = () => fetch('https://api.takeads.com/v1/api/stats/click');",
    refused: /Only the service client \(src\/api\) talks to the service/,
  },
  {
    rule: 'only the client talks to the service (through its request budget)',
    file: 'src/reports/store/wrong.ts',
    code: "import http from 'node:https';\nvoid http;",
    refused: /Only the service client \(src\/api\) talks to the service/,
  },
  {
    rule: 'only the client talks to the service (through its request budget)',
    file: 'src/api/right.ts',
    code: "import request from 'undici/lib/api/api-request.js';\nvoid request;",
  },
  {
    rule: 'undici only module by module',
    file: 'src/controllers/wrong.ts',
    code: "import { Agent } from 'undici';\nvoid Agent;",
    refused: /never the entry point/,
  },
  {
    rule: 'the site index imports no problem (it feeds them)',
    file: 'src/site/wrong.ts',
    code: "import { LinkHealthDiagnostics } from '../problems/linkHealthDiagnostics';\nvoid LinkHealthDiagnostics;",
    refused: /src\/site\/ keeps the site's link index/,
  },
  {
    rule: 'the site index imports no view or command',
    file: 'src/site/wrong.ts',
    code: "import { MerchantView } from '../views/merchantView';\nvoid MerchantView;",
    refused: /src\/site\/ keeps the site's link index/,
  },
  {
    rule: 'the site index may use the link health core, the settings and the building blocks',
    file: 'src/site/right.ts',
    code: "import { SiteIndex } from '../health/siteIndex';\nimport { readLinkHealthSettings } from '../settings/linkHealthSettings';\nimport { Delayer } from '../common/delayer';\nvoid SiteIndex; void readLinkHealthSettings; void Delayer;",
  },
  {
    rule: 'the problems import no command or view',
    file: 'src/problems/wrong.ts',
    code: "import { ShowLogCommand } from '../commands/showLogCommand';\nvoid ShowLogCommand;",
    refused: /src\/problems\/ turns the site index into diagnostics/,
  },
  {
    rule: 'the problems may use the site, the settings and the controllers',
    file: 'src/problems/right.ts',
    code: "import { SiteIndexer } from '../site/siteIndexer';\nimport type { CatalogController } from '../controllers/catalogController';\nimport { readLinkHealthSettings } from '../settings/linkHealthSettings';\nvoid SiteIndexer; void readLinkHealthSettings; export type C = CatalogController;",
  },
  {
    rule: 'the settings readers import neither the site nor the problems',
    file: 'src/settings/wrong.ts',
    code: "import { SiteIndexer } from '../site/siteIndexer';\nvoid SiteIndexer;",
    refused: /src\/settings\/ reads settings/,
  },
  {
    rule: 'link health (the pure core) never imports the site or the problems',
    file: 'src/health/wrong.ts',
    code: "import { SiteIndexer } from '../site/siteIndexer';\nvoid SiteIndexer;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: 'the pure core never imports vscode',
    file: 'src/siteDisk/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: "the site's disk reading never imports the shell",
    file: 'src/siteDisk/wrong.ts',
    code: "import { readSiteFile } from '../site/siteReads';\nvoid readSiteFile;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: "the site's disk reading never imports the client, the reports or the keys",
    file: 'src/siteDisk/wrong.ts',
    code: "import { ReportStore } from '../reports/store/reportStore';\nvoid ReportStore;",
    refused: /src\/siteDisk\/ reads a site's files/,
  },
  {
    rule: "the site's disk reading may use link health and the building blocks",
    file: 'src/siteDisk/right.ts',
    code: "import { SiteIndex } from '../health/siteIndex';\nimport { Delayer } from '../common/delayer';\nimport { readFile } from 'node:fs/promises';\nvoid SiteIndex; void Delayer; void readFile;",
  },
  {
    rule: "link health never imports the site's disk reading (it reads texts)",
    file: 'src/health/wrong.ts',
    code: "import { readIntoIndex } from '../siteDisk/siteIndexReads';\nvoid readIntoIndex;",
    refused: /src\/siteDisk\/ reads the site from disk for it/,
  },
  {
    rule: "the site index may use the site's disk reading",
    file: 'src/site/right.ts',
    code: "import { readIntoIndex } from '../siteDisk/siteIndexReads';\nvoid readIntoIndex;",
  },
  {
    rule: 'the pure core never imports vscode',
    file: 'src/revenue/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: 'revenue (the pure core) never imports the shell',
    file: 'src/revenue/wrong.ts',
    code: "import { MerchantLinksHub } from '../problems/merchantLinksHub';\nvoid MerchantLinksHub;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: 'revenue (the pure core) never imports the shell',
    file: 'src/revenue/wrong.ts',
    code: "import type { FiguresController } from '../controllers/figuresController';\nexport type F = FiguresController;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: 'the pure core never imports vscode',
    file: 'src/writing/wrong.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode;",
    refused: /must not import vscode/,
  },
  {
    rule: 'writing (the pure core) never imports the shell',
    file: 'src/writing/wrong.ts',
    code: "import { readEditingSettings } from '../settings/linkSettings';\nvoid readEditingSettings;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: 'the core never imports the editing providers',
    file: 'src/links/wrong.ts',
    code: "import { DocumentPlaces } from '../editing/documentPlaces';\nvoid DocumentPlaces;",
    refused: /never imports the VS Code shell/,
  },
  {
    rule: 'the editing providers never import a command',
    file: 'src/editing/wrong.ts',
    code: "import { MerchantPicker } from '../commands/merchantPicker';\nvoid MerchantPicker;",
    refused: /src\/editing\/ holds the paste, drop and completion providers/,
  },
  {
    rule: 'writing may use link health, the link rules and the catalog search',
    file: 'src/writing/right.ts',
    code: "import { documentLinks } from '../health/documentLinks';\nimport { deeplinkOf } from '../links/deeplink';\nimport type { SearchHit } from '../catalog/search/merchantSearch';\nvoid documentLinks; void deeplinkOf; export type H = SearchHit;",
  },
  {
    rule: 'revenue may use link health, the link rules and the report model',
    file: 'src/revenue/right.ts',
    code: "import { fixesFor } from '../health/healthFixes';\nimport { deeplinkOf } from '../links/deeplink';\nimport { amountIn } from '../reports/model/currencyAmounts';\nvoid fixesFor; void deeplinkOf; void amountIn;",
  },
];

describe('architecture rules (lint)', function () {
  this.timeout(60_000);
  const eslint = new ESLint({ cwd: root });

  for (const { rule, file, code, refused } of CASES) {
    it(`${rule}: ${refused ? 'refuses' : 'allows'} ${code.split('\n')[0]} in ${file}`, async () => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      const messages = result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
      if (refused === undefined) {
        assert.deepEqual(messages, []);
      } else {
        assert.ok(
          messages.some((message) => refused.test(message)),
          `expected ${refused} among: ${messages.join(' | ') || 'no messages'}`,
        );
      }
    });
  }
});
