/**
 * Answers a request to one of the spec's three paths. The checks run in this order:
 * method (404, as Express answers a method it has no route for), authentication (401),
 * query parameters (400, with the rules the client uses), platform access (403), then data.
 */
import type { WireActionItem, WireClickItem } from '../api/wire';
import { checkMerchantQuery, checkReportQuery, type QueryLike } from '../api/queryRules';
import { utcDate } from '../api/calendarDate';
import { isAuthorized } from './auth';
import { actionDay, clickDay, type SandboxDataset } from './dataset';
import type { EndpointName } from './endpoints';
import { merchantPage, UpdatedAtTimes } from './merchantEndpoint';
import { ReportStore } from './reportEndpoint';
import { badRequest, jsonResponse, notFound, statusError, type SandboxResponse } from './responses';

export interface ApiRequest {
  endpoint: EndpointName;
  method: string;
  pathname: string;
  query: QueryLike;
  authorization: string | undefined;
}

export class ApiHandler {
  private readonly clicks: ReportStore<WireClickItem>;
  private readonly actions: ReportStore<WireActionItem>;
  private readonly platformIds: ReadonlySet<string>;
  private readonly updatedAtTimes = new UpdatedAtTimes();

  constructor(
    private readonly dataset: SandboxDataset,
    private readonly key: string,
    private readonly now: () => Date,
  ) {
    this.clicks = new ReportStore(dataset.clicks, clickDay);
    this.actions = new ReportStore(dataset.actions, actionDay);
    this.platformIds = new Set(dataset.platforms.map((platform) => platform.id));
  }

  answer(request: ApiRequest): SandboxResponse {
    if (request.method !== 'GET') {
      return notFound(request.method, request.pathname);
    }
    if (!isAuthorized(request.authorization, this.key)) {
      return statusError(401);
    }
    return request.endpoint === 'merchant' ? this.merchants(request.query) : this.report(request.endpoint, request.query);
  }

  private merchants(query: QueryLike): SandboxResponse {
    const checked = checkMerchantQuery(query);
    if (!checked.ok) {
      return badRequest(checked.problem);
    }
    return jsonResponse(200, merchantPage(this.dataset.merchants, checked.value, this.updatedAtTimes));
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
