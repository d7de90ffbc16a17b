/**
 * Loads the service client and undici on first use: a bundle of their own (`dist/api.js`), so activation never
 * parses them.
 */
import type * as ServiceApi from '../api/index';
import { LazyModule } from '../common/lazyModule';

export type ServiceApiModule = typeof ServiceApi;

export class ServiceApiLoader extends LazyModule<ServiceApiModule> {
  constructor() {
    super(() => import('../api/index'));
  }
}
