/** Every id the extension shares with `package.json` and VS Code: commands, context keys, views, state keys. */
import type * as vscode from 'vscode';

export const COMMANDS = {
  showLog: 'affiliateLinks.showLog',
  setApiKey: 'affiliateLinks.setApiKey',
  clearApiKey: 'affiliateLinks.clearApiKey',
  refreshMerchants: 'affiliateLinks.refreshMerchants',
  reloadAllMerchants: 'affiliateLinks.reloadAllMerchants',
  /** The catalog shown, written as a catalog snapshot for link health in CI (`affiliate-links check --catalog`). */
  exportCatalogSnapshot: 'affiliateLinks.exportCatalogSnapshot',
  filterMerchants: 'affiliateLinks.filterMerchants',
  clearFilter: 'affiliateLinks.clearFilter',
  showDeeplinkOnly: 'affiliateLinks.showDeeplinkOnly',
  showAllMerchants: 'affiliateLinks.showAllMerchants',
  sortByCommission: 'affiliateLinks.sortByCommission',
  sortByName: 'affiliateLinks.sortByName',
  sortByClicks: 'affiliateLinks.sortByClicks',
  findMerchant: 'affiliateLinks.findMerchant',
  showGettingStarted: 'affiliateLinks.showGettingStarted',
  copyTrackingLink: 'affiliateLinks.copyTrackingLink',
  copyCpcTrackingLink: 'affiliateLinks.copyCpcTrackingLink',
  insertDeeplink: 'affiliateLinks.insertDeeplink',
  monetizeLinks: 'affiliateLinks.monetizeLinks',
  showReports: 'affiliateLinks.showReports',
  refreshFigures: 'affiliateLinks.refreshFigures',
  choosePlatform: 'affiliateLinks.choosePlatform',
  /** Internal (hidden from the palette): the figures' lenses and status bar open the panel filtered to a SubID. */
  showReportsForSubId: 'affiliateLinks.showReportsForSubId',
  /** Internal: a link health quick fix adds a link to the ignored-links setting. */
  ignoreLinkInSettings: 'affiliateLinks.linkHealth.ignoreLinkInSettings',
  /** Internal: the link health status bar item stops the site's scan. */
  stopLinkHealthScan: 'affiliateLinks.linkHealth.stopScan',
  /** The merchant row's context menu: every link of the site to the merchant, in a peek. */
  showMerchantLinks: 'affiliateLinks.showMerchantLinks',
  /** Reveals the Revenue at Risk view. */
  showRevenueAtRisk: 'affiliateLinks.showRevenueAtRisk',
  /** Revenue at Risk's title and merchant rows: the view (or the row) as a Markdown table on the clipboard. */
  copyRevenueAtRisk: 'affiliateLinks.copyRevenueAtRisk',
  /** Revenue at Risk's merchant rows: the report panel on the merchant's clicks of the money window. */
  showMerchantReports: 'affiliateLinks.showMerchantReports',
  /** A merchant row's context menu, a dead link's quick fix: every link of the site to the merchant replaced in one edit. */
  replaceMerchantLinks: 'affiliateLinks.replaceMerchantLinks',
  /** Internal: the report panel's merchant rows show the merchant (by its id) in the Merchants view. */
  revealMerchant: 'affiliateLinks.revealMerchant',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];

/** VS Code's own commands the extension runs. */
export const WORKBENCH_COMMANDS = {
  openSettings: 'workbench.action.openSettings',
  open: 'vscode.open',
  revealInExplorer: 'revealInExplorer',
  revealFileInOS: 'revealFileInOS',
  /** Opens a walkthrough by `<publisher>.<name>#<walkthrough id>`. */
  openWalkthrough: 'workbench.action.openWalkthrough',
  /** The Problems panel. */
  showProblems: 'workbench.actions.view.problems',
  /** Peeks locations in an editor: (uri, position, locations); opens the file if it is not. */
  showReferences: 'editor.action.showReferences',
} as const;

/** The walkthrough of `contributes.walkthroughs` and its steps (ids within the extension). */
export const WALKTHROUGH = {
  id: 'gettingStarted',
  steps: {
    setKey: 'setKey',
    findMerchant: 'findMerchant',
    copyLink: 'copyLink',
    monetize: 'monetize',
    reports: 'reports',
  },
} as const;

export const VIEWS = {
  merchants: 'affiliateLinks.merchants',
  revenueAtRisk: 'affiliateLinks.revenueAtRisk',
} as const;

/** Webview panel view types; each has an `onWebviewPanel:<viewType>` activation event for its serializer. */
export const WEBVIEWS = {
  reports: 'affiliateLinks.reports',
} as const;

/** Status bar item ids (VS Code lets people hide each one by its id). */
export const STATUS_BAR_ITEMS = {
  todayClicks: 'affiliateLinks.todayClicks',
  platform: 'affiliateLinks.platform',
  linkHealthScan: 'affiliateLinks.linkHealthScan',
} as const;

export const CONTEXT_KEYS = {
  keyState: 'affiliateLinks.keyState',
  loadFailed: 'affiliateLinks.loadFailed',
  filtered: 'affiliateLinks.filtered',
  deeplinkOnly: 'affiliateLinks.deeplinkOnly',
  sort: 'affiliateLinks.sort',
} as const;

/** Context keys for `when` clauses in `package.json`, with the values each takes. */
export interface ContextValues {
  /** `accountOnly`: an account key and no platform key, so no catalog. */
  'affiliateLinks.keyState': 'none' | 'set' | 'lost' | 'accountOnly';
  'affiliateLinks.loadFailed': boolean;
  'affiliateLinks.filtered': boolean;
  'affiliateLinks.deeplinkOnly': boolean;
  'affiliateLinks.sort': 'name' | 'commission' | 'clicks';
}

export type ContextKey = keyof ContextValues;

/** Fails to compile when a context key is listed in one place and not the other. */
const everyKeyTyped: [
  | Exclude<(typeof CONTEXT_KEYS)[keyof typeof CONTEXT_KEYS], ContextKey>
  | Exclude<ContextKey, (typeof CONTEXT_KEYS)[keyof typeof CONTEXT_KEYS]>,
] extends [never]
  ? true
  : false = true;
void everyKeyTyped;

/**
 * Sets a context key; nothing waits for it. Loads `vscode` only when called, so the plain-Node
 * unit tests can import the ids.
 */
export function setContext<K extends ContextKey>(key: K, value: ContextValues[K]): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { commands } = require('vscode') as typeof vscode;
  void commands.executeCommand('setContext', key, value);
}

/** Keys of what the extension keeps in VS Code's global state and secret storage. */
export const STATE_KEYS = {
  /** globalState: the tree's sort order. */
  sort: 'affiliateLinks.sort',
  /** globalState: a key was saved, so a key the keyring does not give back is "lost", not "none". */
  apiKeySaved: 'affiliateLinks.apiKeySaved',
  /** workspaceState: the report panel's last panel state, for the next panel opened (the key keeps its first name, so a saved state is read). */
  reportsPanelState: 'affiliateLinks.reportsView',
  /** SecretStorage: the one key of versions before platforms (read, then moved to `keyRing`). */
  apiKey: 'affiliateLinks.apiKey',
  /** SecretStorage: the platform keys and the account key (src/keys/keyRing.ts). */
  keyRing: 'affiliateLinks.keys',
  /** globalState: the platforms the reports showed, by service address (ids and names, nothing secret). */
  knownPlatforms: 'affiliateLinks.knownPlatforms',
  /** workspaceState: the person was asked once to choose this workspace's platform. */
  platformAsked: 'affiliateLinks.platformAsked',
} as const;

/** Settings the extension opens or watches by name. */
export const SETTINGS = {
  baseUrl: 'affiliateLinks.baseUrl',
  subId: 'affiliateLinks.subId',
  deeplinkUrlParameter: 'affiliateLinks.deeplink.urlParameter',
  deeplinkSubIdParameter: 'affiliateLinks.deeplink.subIdParameter',
  reportsProvisionalDays: 'affiliateLinks.reports.provisionalDays',
  reportsCacheMaxMB: 'affiliateLinks.reports.cacheMaxMB',
  reportsCacheMaxAgeDays: 'affiliateLinks.reports.cacheMaxAgeDays',
  figuresEnabled: 'affiliateLinks.figures.enabled',
  figuresPeriod: 'affiliateLinks.figures.period',
  figuresRefreshMinutes: 'affiliateLinks.figures.refreshMinutes',
  merchantLogos: 'affiliateLinks.merchants.logos',
  merchantsFreshnessHours: 'affiliateLinks.merchants.freshnessHours',
  rateLimit: 'affiliateLinks.rateLimit',
  platform: 'affiliateLinks.platform',
  linkHealthEnabled: 'affiliateLinks.linkHealth.enabled',
  linkHealthInclude: 'affiliateLinks.linkHealth.include',
  linkHealthIgnoredLinks: 'affiliateLinks.linkHealth.ignoredLinks',
  linkHealthRelSponsoredInMarkdown: 'affiliateLinks.linkHealth.relSponsoredInMarkdown',
  linkHealthDisclosurePatterns: 'affiliateLinks.linkHealth.disclosurePatterns',
  linkHealthDisclosureSnippet: 'affiliateLinks.linkHealth.disclosureSnippet',
  pasteDefault: 'affiliateLinks.paste.default',
  completionEnabled: 'affiliateLinks.completion.enabled',
  completionCpc: 'affiliateLinks.completion.cpc',
} as const;

/**
 * The kinds of the paste and drop edits (under VS Code's `text`), for `editor.pasteAs.preferences` and
 * `editor.action.pasteAs`: one address as its affiliate link; a paragraph with its merchant links monetized.
 * `text.affiliateLinks` names both.
 */
export const PASTE_KINDS = {
  all: 'text.affiliateLinks',
  deeplink: 'text.affiliateLinks.deeplink',
  monetize: 'text.affiliateLinks.monetize',
} as const;

/** The setting of each link health rule's severity (`affiliateLinks.linkHealth.<rule>`), by rule code. */
export const LINK_HEALTH_RULE_SETTINGS = {
  'inactive-merchant': 'affiliateLinks.linkHealth.inactiveMerchant',
  'deeplinks-not-allowed': 'affiliateLinks.linkHealth.deeplinksNotAllowed',
  'unknown-tracking-link': 'affiliateLinks.linkHealth.unknownTrackingLink',
  'target-off-merchant': 'affiliateLinks.linkHealth.targetOffMerchant',
  'subid-mismatch': 'affiliateLinks.linkHealth.subIdMismatch',
  'not-monetized': 'affiliateLinks.linkHealth.notMonetized',
  'rel-sponsored-missing': 'affiliateLinks.linkHealth.relSponsoredMissing',
  'disclosure-missing': 'affiliateLinks.linkHealth.disclosureMissing',
} as const;

/** How long a confirmation stays in the status bar. */
export const STATUS_MESSAGE_MS = 4_000;
