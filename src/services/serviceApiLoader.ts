/**
 * Loads the service client on first use. The client and undici (about 0.5 MB minified)
 * are a bundle of their own, `dist/api.js`: esbuild maps the import below to it, so
 * activation never pays for parsing them.
 */
import type * as ServiceApi from '../api/index';
import { LazyModule } from '../common/lazyModule';

export type ServiceApiModule = typeof ServiceApi;

export class ServiceApiLoader extends LazyModule<ServiceApiModule> {
  constructor() {
    super(() => import('../api/index'));
  }
}
