/** The service client: typed methods for the spec's three endpoints, each query checked, each payload normalised. */
import * as l10n from '@vscode/l10n';
import { InvalidParameterError } from './errors';
import { utcDate } from './calendarDate';
import { readActionPage, readClickPage, readMerchantPage, type ReportPageReader } from './normalize/pages';
import { RequestBudget } from './budget/requestBudget';
import { readAllOffsetPages, walkCursorPages, type KeptPages } from './paging';
import type { ProxySettings } from './proxySettings';
import { checkMerchantQuery, checkReportQuery } from './queryRules';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retryPolicy';
import { DEFAULT_TIMEOUTS, type Timeouts } from './timeouts';
import { Transport } from './transport';
import type {
  ActionItem,
  CallOptions,
  ClickItem,
  ClientLogger,
  MerchantPage,
  MerchantQuery,
  ReportPage,
  ReportQuery,
  ReportResult,
} from './types';
import { ENDPOINT_PATHS, LIMITS } from './wire';

export interface ClientOptions {
  /** Where the service lives, e.g. https://api.takeads.com (a path prefix is kept). */
  baseUrl: string;
  /** The publisher's public key: letters and digits (spec 5). */
  apiKey: string;
  logger?: ClientLogger;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
  proxy?: ProxySettings;
  /** Where HTTP_PROXY and friends are read when `proxy.url` is not set. Default: process.env. */
  environment?: Record<string, string | undefined>;
  /** Report pages fetched at once by the "all pages" methods. Default 4. */
  reportConcurrency?: number;
  /** Default: `affiliate-links`. */
  userAgent?: string;
  /** The clock `days` counts back from. */
  now?: () => Date;
  random?: () => number;
  /**
   * The request budget of the service's address, which every request (retries included) takes
   * a slot of, shared by every client of the address in the process (and, through its ledger,
   * by every window). Without one the client sends as fast as it can and still waits out the
   * service's refusals: for tests against a sandbox without a limit.
   */
  budget?: RequestBudget;
}

export interface AllPagesOptions extends CallOptions {
  /** Overrides the client's `reportConcurrency` for this call. */
  concurrency?: number;
  /** After each page: items received so far and the report's total, when the service gave one. */
  onProgress?: (received: number, total: number | null) => void;
  /**
   * The pages of an earlier read of the same filters that was cut short, kept by the caller:
   * the read puts each page it gets here, and when the report's total is still the same, does not
   * ask for the pages it holds again (see `KeptPages`).
   */
  keep?: KeptPages<unknown>;
}

/** A report query without its page: the client walks the pages itself. */
type UnpagedReportQuery = Omit<ReportQuery, 'offset' | 'limit'>;

const SILENT_LOGGER: ClientLogger = { debug() {}, info() {}, warn() {}, error() {} };
const REPORT_PAGE_RESTARTS = 3;

/** Checks the options and the key before anything is sent. */
function checkOptions(options: ClientOptions): URL {
  if (!/^[A-Za-z0-9]+$/.test(options.apiKey)) {
    throw new InvalidParameterError(
      'apiKey',
      l10n.t('The API key must be a string of letters and digits only (it is not shown here).'),
    );
  }
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new InvalidParameterError('baseUrl', l10n.t('The service address "{0}" is not a URL.', options.baseUrl));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidParameterError(
      'baseUrl',
      l10n.t({
        message: 'The service address must start with https:// or http://; got "{0}".',
        args: [url.protocol],
        comment: ['{0}: a URL scheme, such as ftp:.'],
      }),
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new InvalidParameterError(
      'baseUrl',
      l10n.t('The service address must not carry credentials, a query or a fragment.'),
    );
  }
  return url;
}

function toSearchParams(query: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) {
      params.set(name, String(value));
    }
  }
  return params;
}

export class AffiliateServiceClient {
  private readonly transport: Transport;
  private readonly now: () => Date;
  private readonly reportConcurrency: number;
  /** The request budget every request of this client takes a slot of. */
  readonly budget: RequestBudget;

  constructor(options: ClientOptions) {
    const baseUrl = checkOptions(options);
    this.now = options.now ?? (() => new Date());
    this.reportConcurrency = Math.max(1, options.reportConcurrency ?? 4);
    this.budget = options.budget ?? new RequestBudget({ windows: 'off' });
    this.transport = new Transport({
      budget: this.budget,
      baseUrl,
      apiKey: options.apiKey,
      userAgent: options.userAgent ?? 'affiliate-links',
      timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
      retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
      proxy: options.proxy ?? {},
      environment: options.environment ?? process.env,
      logger: options.logger ?? SILENT_LOGGER,
      random: options.random ?? Math.random,
    });
  }

  /** One page of the merchant catalog (spec 4.1). */
  async getMerchantPage(query: MerchantQuery = {}, options: CallOptions = {}): Promise<MerchantPage> {
    const params = toSearchParams(query);
    const checked = checkMerchantQuery(params);
    if (!checked.ok) {
      throw new InvalidParameterError(checked.problem.property, checked.problem.message);
    }
    const { body, path, bytes } = await this.transport.getJson(ENDPOINT_PATHS.merchants, params, options);
    return readMerchantPage(
      body,
      path,
      (index, reason) => this.transport.log('warn', `GET ${path}: merchant ${index} left out: ${reason}.`),
      bytes,
    );
  }

  /**
   * The whole catalog, page by page (500 a page), from the first to the last. Filters other
   * than the cursor and the page size apply to every page.
   */
  walkMerchants(
    filters: Omit<MerchantQuery, 'next' | 'limit'> = {},
    options: CallOptions & { from?: number } = {},
  ): AsyncGenerator<MerchantPage> {
    return walkCursorPages(
      (next, signal) => this.getMerchantPage({ ...filters, limit: LIMITS.maxLimit, next }, { ...options, signal }),
      ENDPOINT_PATHS.merchants,
      options.signal,
      options.from,
    );
  }

  /** One page of the clicks report (spec 4.2). */
  getClicksPage(query: ReportQuery = {}, options: CallOptions = {}): Promise<ReportPage<ClickItem>> {
    return this.getReportPage(ENDPOINT_PATHS.clicks, query, options, readClickPage);
  }

  /** Every click item the query matches, pages fetched in parallel, in server order. */
  getAllClicks(filters: UnpagedReportQuery = {}, options: AllPagesOptions = {}): Promise<ReportResult<ClickItem>> {
    return this.getAllReportPages(ENDPOINT_PATHS.clicks, filters, options, readClickPage);
  }

  /** One page of the actions report (spec 4.3, deprecated by the service). */
  getActionsPage(query: ReportQuery = {}, options: CallOptions = {}): Promise<ReportPage<ActionItem>> {
    return this.getReportPage(ENDPOINT_PATHS.actions, query, options, readActionPage);
  }

  /** Every action the query matches, pages fetched in parallel, in server order. */
  getAllActions(filters: UnpagedReportQuery = {}, options: AllPagesOptions = {}): Promise<ReportResult<ActionItem>> {
    return this.getAllReportPages(ENDPOINT_PATHS.actions, filters, options, readActionPage);
  }

  /** Closes the keep-alive connections. */
  close(): Promise<void> {
    return this.transport.close();
  }

  private async getReportPage<T>(
    endpoint: string,
    query: ReportQuery,
    options: CallOptions,
    read: ReportPageReader<T>,
  ): Promise<ReportPage<T>> {
    const params = toSearchParams(query);
    const checked = checkReportQuery(params, utcDate(this.now()));
    if (!checked.ok) {
      throw new InvalidParameterError(checked.problem.property, checked.problem.message);
    }
    const { body, path } = await this.transport.getJson(endpoint, params, options);
    return read(body, path, { offset: checked.value.offset, limit: checked.value.limit }, (index, reason) =>
      this.transport.log('warn', `GET ${path}: item ${index} left out: ${reason}.`),
    );
  }

  private getAllReportPages<T>(
    endpoint: string,
    filters: UnpagedReportQuery,
    options: AllPagesOptions,
    read: ReportPageReader<T>,
  ): Promise<ReportResult<T>> {
    const pageSize = LIMITS.maxLimit;
    return readAllOffsetPages(
      (offset, signal) =>
        this.getReportPage(
          endpoint,
          { ...filters, offset, limit: pageSize },
          { signal, priority: options.priority, onWait: options.onWait },
          read,
        ),
      endpoint,
      {
        pageSize,
        concurrency: Math.max(1, options.concurrency ?? this.reportConcurrency),
        maxRestarts: REPORT_PAGE_RESTARTS,
        signal: options.signal,
        onRestart: (reason) => this.transport.log('info', `GET ${endpoint}: ${reason}; reading the report again.`),
        onProgress: options.onProgress,
        keep: options.keep as KeptPages<T> | undefined,
      },
    );
  }
}
