/** Counts of requests to the spec's paths, whatever their outcome (refused ones too), since the sandbox started. */
import { ENDPOINT_NAMES, type EndpointName } from './endpoints';
import type { FaultKind } from './faults';
import type { RateLimitStats } from './rateLimiter';

export interface SandboxStats {
  total: number;
  byEndpoint: Record<EndpointName, number>;
  /** Requests a fault rule was applied to. */
  faultsInjected: number;
  /** The same, by the kind of fault applied. */
  faultsByKind: Partial<Record<FaultKind, number>>;
  /**
   * Requests refused for their key, by endpoint, as the sandbox answered them (a fault may have
   * spoiled the answer on the way out): `unauthorized`, the 401s (no key, an unknown key, or in
   * `split` a platform key on a report); `forbidden`, the 403s of the wrong kind of key (in
   * `split` the account key on the catalog). A report's 403 for a foreign adspaceId is not one.
   */
  keyRefusals: Record<EndpointName, KeyRefusalCounts>;
  /** The rate limit in force, the requests it refused, and the peaks of its windows (see rateLimiter.ts). */
  rateLimit: RateLimitStats;
}

export interface KeyRefusalCounts {
  unauthorized: number;
  forbidden: number;
}

export type KeyRefusal = keyof KeyRefusalCounts;

/** Where the answering of a request reports a refusal of its key. */
export interface KeyRefusalCounter {
  countKeyRefusal(endpoint: EndpointName, refusal: KeyRefusal): void;
}

export class RequestStats implements KeyRefusalCounter {
  private total = 0;
  private faultsInjected = 0;
  private readonly faultsByKind = new Map<FaultKind, number>();
  private readonly byEndpoint = new Map<EndpointName, number>(ENDPOINT_NAMES.map((name) => [name, 0]));
  private readonly keyRefusals = new Map<EndpointName, KeyRefusalCounts>(
    ENDPOINT_NAMES.map((name) => [name, { unauthorized: 0, forbidden: 0 }]),
  );

  /** Counts a request to `endpoint`, and the fault applied to it, if any. */
  count(endpoint: EndpointName, fault: FaultKind | undefined): void {
    this.total += 1;
    this.byEndpoint.set(endpoint, (this.byEndpoint.get(endpoint) ?? 0) + 1);
    if (fault !== undefined) {
      this.faultsInjected += 1;
      this.faultsByKind.set(fault, (this.faultsByKind.get(fault) ?? 0) + 1);
    }
  }

  countKeyRefusal(endpoint: EndpointName, refusal: KeyRefusal): void {
    const counts = this.keyRefusals.get(endpoint);
    if (counts) {
      counts[refusal] += 1;
    }
  }

  /** The counts, with the rate limiter's own figures. */
  snapshot(rateLimit: RateLimitStats): SandboxStats {
    return {
      total: this.total,
      byEndpoint: Object.fromEntries(this.byEndpoint) as Record<EndpointName, number>,
      faultsInjected: this.faultsInjected,
      faultsByKind: Object.fromEntries(this.faultsByKind),
      keyRefusals: Object.fromEntries([...this.keyRefusals].map(([name, counts]) => [name, { ...counts }])) as Record<
        EndpointName,
        KeyRefusalCounts
      >,
      rateLimit,
    };
  }
}
