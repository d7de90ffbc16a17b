/** Counts of requests to the spec's paths, whatever their outcome, since the sandbox started. */
import { ENDPOINT_NAMES, type EndpointName } from './endpoints';

export interface SandboxStats {
  total: number;
  byEndpoint: Record<EndpointName, number>;
  /** Requests a fault rule was applied to. */
  faultsInjected: number;
}

export class RequestStats {
  private total = 0;
  private faultsInjected = 0;
  private readonly byEndpoint = new Map<EndpointName, number>(ENDPOINT_NAMES.map((name) => [name, 0]));

  count(endpoint: EndpointName, faulted: boolean): void {
    this.total += 1;
    this.byEndpoint.set(endpoint, (this.byEndpoint.get(endpoint) ?? 0) + 1);
    if (faulted) {
      this.faultsInjected += 1;
    }
  }

  snapshot(): SandboxStats {
    return {
      total: this.total,
      byEndpoint: Object.fromEntries(this.byEndpoint) as Record<EndpointName, number>,
      faultsInjected: this.faultsInjected,
    };
  }
}
