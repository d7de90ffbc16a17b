/** The three spec paths as the sandbox names them (in fault rules and statistics). */
import { ENDPOINT_PATHS } from '../api/wire';

export type EndpointName = 'merchant' | 'click' | 'action';

export const ENDPOINT_NAMES: readonly EndpointName[] = ['merchant', 'click', 'action'];

const BY_PATH: ReadonlyMap<string, EndpointName> = new Map<string, EndpointName>([
  [ENDPOINT_PATHS.merchants, 'merchant'],
  [ENDPOINT_PATHS.clicks, 'click'],
  [ENDPOINT_PATHS.actions, 'action'],
]);

/** The endpoint a request path names, or undefined when it is not one of the spec's paths. */
export function endpointOf(pathname: string): EndpointName | undefined {
  return BY_PATH.get(pathname);
}
