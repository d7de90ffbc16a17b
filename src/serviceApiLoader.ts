/**
 * Loads the service client on first use. The client and undici (about 0.5 MB minified)
 * are a bundle of their own, `dist/api.js`: esbuild maps the import below to it, so
 * activation never pays for parsing them.
 */
import type * as ServiceApi from './api/index';

export type ServiceApiModule = typeof ServiceApi;

export class ServiceApiLoader {
  private pending: Promise<ServiceApiModule> | undefined;

  load(): Promise<ServiceApiModule> {
    this.pending ??= import('./api/index').catch((error: unknown) => {
      this.pending = undefined;
      throw error;
    });
    return this.pending;
  }
}
