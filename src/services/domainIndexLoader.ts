/**
 * Loads the merchant domain index on first use. It carries the Public Suffix List (tldts,
 * about 130 KB minified), so it is a bundle of its own, `dist/links.js`: esbuild maps the
 * import below to it, and activation never pays for parsing it.
 */
import { LazyModule } from '../common/lazyModule';
import type * as DomainIndex from '../links/domainIndex';

export type DomainIndexModule = typeof DomainIndex;

export class DomainIndexLoader extends LazyModule<DomainIndexModule> {
  constructor() {
    super(() => import('../links/domainIndex'));
  }
}
