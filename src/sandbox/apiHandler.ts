/** Answers a request to one of the spec's three paths, checking as the service does. */
import type { WireActionItem, WireClickItem, WireMerchant } from '../api/wire';
import { checkMerchantQuery, checkReportQuery, type QueryLike } from '../api/queryRules';
import { utcDate } from '../api/calendarDate';
import { actionDay, clickDay, type SandboxDataset } from './dataset';
import type { EndpointName } from './endpoints';
import { merchantPage, UpdatedAtTimes } from './merchantEndpoint';
import { SandboxReportPages } from './reportEndpoint';
import type { KeyRefusal, KeyRefusalCounter } from './requestStats';
import { badRequest, jsonResponse, notFound, statusError, type SandboxResponse } from './responses';
import { keyHolder, platformTrackingLink, type KeyHolder, type SandboxKeys } from './sandboxKeys';

export interface ApiRequest {
  endpoint: EndpointName;
  method: string;
  pathname: string;
  query: QueryLike;
  authorization: string | undefined;
}

const REFUSAL_STATUS: Readonly<Record<KeyRefusal, number>> = { unauthorized: 401, forbidden: 403 };

/**
 * The checks run in this order: method (404, as Express answers a method it has no route for),
 * authentication (401), query parameters (400, with the rules the client uses), platform access
 * (403), then data. Keys (sandboxKeys.ts): an unknown key is a 401 everywhere. In `single` every
 * platform key opens the catalog (its platform's) and the reports (every platform of the account).
 * In `split` a platform key on a report is a 401, and the account key on the catalog a 403.
 */
export class ApiHandler {
  private readonly clicks: SandboxReportPages<WireClickItem>;
  private readonly actions: SandboxReportPages<WireActionItem>;
  private readonly platformIds: ReadonlySet<string>;
  private readonly updatedAtTimes = new UpdatedAtTimes();

  constructor(
    private readonly dataset: SandboxDataset,
    private readonly keys: SandboxKeys,
    private readonly now: () => Date,
    private readonly refusals: KeyRefusalCounter,
  ) {
    this.clicks = new SandboxReportPages(dataset.clicks, clickDay);
    this.actions = new SandboxReportPages(dataset.actions, actionDay);
    this.platformIds = new Set(dataset.platforms.map((platform) => platform.id));
  }

  answer(request: ApiRequest): SandboxResponse {
    if (request.method !== 'GET') {
      return notFound(request.method, request.pathname);
    }
    const holder = keyHolder(this.keys, request.authorization);
    if (holder === undefined || (request.endpoint !== 'merchant' && !this.opensReports(holder))) {
      return this.refuse(request.endpoint, 'unauthorized');
    }
    return request.endpoint === 'merchant'
      ? this.merchants(request.query, holder)
      : this.report(request.endpoint, request.query);
  }

  /** In `single` every key opens the reports; in `split` only the account key does. */
  private opensReports(holder: KeyHolder): boolean {
    return this.keys.world === 'single' || holder.kind === 'account';
  }

  private refuse(endpoint: EndpointName, refusal: KeyRefusal): SandboxResponse {
    this.refusals.countKeyRefusal(endpoint, refusal);
    return statusError(REFUSAL_STATUS[refusal]);
  }

  private merchants(query: QueryLike, holder: KeyHolder): SandboxResponse {
    const checked = checkMerchantQuery(query);
    if (!checked.ok) {
      return badRequest(checked.problem);
    }
    if (holder.kind === 'account') {
      return this.refuse('merchant', 'forbidden');
    }
    const page = merchantPage(this.dataset.merchants, checked.value, this.updatedAtTimes);
    return jsonResponse(
      200,
      holder.index === 0 ? page : { ...page, data: page.data.map((merchant) => forPlatform(merchant, holder.index)) },
    );
  }

  private report(endpoint: 'click' | 'action', query: QueryLike): SandboxResponse {
    const checked = checkReportQuery(query, utcDate(this.now()));
    if (!checked.ok) {
      return badRequest(checked.problem);
    }
    const { adspaceId } = checked.value;
    if (adspaceId !== undefined && !this.platformIds.has(adspaceId)) {
      return statusError(403);
    }
    const store = endpoint === 'click' ? this.clicks : this.actions;
    return jsonResponse(200, store.page(checked.value));
  }
}

/**
 * A copy of `merchant` as the catalog of the platform at `index` lists it: its own tracking
 * link. The tracking link is the merchant's one tracking URL (its adCampaigns carry none).
 */
function forPlatform(merchant: WireMerchant, index: number): WireMerchant {
  return { ...merchant, trackingLink: platformTrackingLink(merchant.trackingLink, index) };
}
