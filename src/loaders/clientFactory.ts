/**
 * Makes service clients (their code loaded lazily) from the settings, VS Code's proxy settings
 * included, with one request budget per service address that every window shares through its ledger.
 */
import * as vscode from 'vscode';
import type { RequestBudget } from '../api/budget/requestBudget';
import { normalizeBaseUrl } from '../api/baseUrl';
import type { AffiliateServiceClient } from '../api/client';
import { formatRateLimit, SERVICE_RATE_LIMIT } from '../api/rateLimit';
import { SETTINGS } from '../ids';
import { configuredBaseUrl, configuredRateLimit } from '../settings/connectionSettings';
import type { ServiceApiLoader } from './serviceApiLoader';

export class ClientFactory {
  /** One budget per service address and limit, for every client and key of the address. */
  private readonly budgets = new Map<string, RequestBudget>();
  private warned: string | undefined;

  constructor(
    private readonly loader: ServiceApiLoader,
    private readonly log: vscode.LogOutputChannel,
    private readonly version: string,
    /** Where the request ledger every window shares is kept (the extension's global storage). */
    private readonly ledgerFolder: vscode.Uri,
  ) {}

  async create(apiKey: string, baseUrl = configuredBaseUrl()): Promise<AffiliateServiceClient> {
    const api = await this.loader.load();
    const http = vscode.workspace.getConfiguration('http');
    return new api.AffiliateServiceClient({
      baseUrl,
      apiKey,
      logger: this.log,
      userAgent: `affiliate-links-vscode/${this.version}`,
      budget: this.budgetFor(api, baseUrl),
      proxy: {
        url: http.get<string>('proxy') || undefined,
        authorization: http.get<string>('proxyAuthorization') || undefined,
        noProxy: http.get<string[]>('noProxy') ?? [],
        strictSSL: http.get<boolean>('proxyStrictSSL') ?? true,
      },
    });
  }

  private budgetFor(api: Awaited<ReturnType<ServiceApiLoader['load']>>, baseUrl: string): RequestBudget {
    const limit = configuredRateLimit();
    if (limit.problem !== undefined) {
      this.warnBadLimit(limit.problem);
    }
    const address = normalizeBaseUrl(baseUrl);
    const key = `${address} ${formatRateLimit(limit.windows)}`;
    let budget = this.budgets.get(key);
    if (budget === undefined) {
      const ledger = new api.FileLedger({
        folder: vscode.Uri.joinPath(this.ledgerFolder, 'requests').fsPath,
        address,
        log: (line) => this.log.warn(line),
      });
      budget = new api.RequestBudget({ windows: limit.windows, ledger, log: (line) => this.log.info(line) });
      this.budgets.set(key, budget);
      this.log.info(`Request budget for ${address}: ${formatRateLimit(limit.windows)}, ${budget.description}.`);
    }
    return budget;
  }

  /** Says once per value that the setting cannot be read, what is used instead, and offers to fix it. */
  private warnBadLimit(problem: string): void {
    const value = vscode.workspace.getConfiguration().get<string>(SETTINGS.rateLimit) ?? '';
    if (this.warned === value) {
      return;
    }
    this.warned = value;
    const message = vscode.l10n.t({
      message:
        'The setting {0} cannot be read: {1} Until it is fixed, requests keep to the service’s documented limit, {2}.',
      args: [SETTINGS.rateLimit, problem, formatRateLimit(SERVICE_RATE_LIMIT)],
      comment: ['{0}: a setting id; {1}: what is wrong, in whole sentences; {2}: a rate limit such as 3/1,100/300.'],
    });
    this.log.warn(message);
    const open = vscode.l10n.t('Open Settings');
    void vscode.window
      .showWarningMessage(message, open)
      .then(
        (choice) =>
          choice === open && vscode.commands.executeCommand('workbench.action.openSettings', SETTINGS.rateLimit),
      );
  }
}
