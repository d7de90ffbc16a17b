/**
 * Loads the merchant domain index and its Public Suffix List on first use: a bundle of their own (`dist/links.js`),
 * so activation never parses them.
 */
import { LazyModule } from '../common/lazyModule';
import type * as DomainIndex from '../links/domainIndex';

export type DomainIndexModule = typeof DomainIndex;

export class DomainIndexLoader extends LazyModule<DomainIndexModule> {
  constructor() {
    super(() => import('../links/domainIndex'));
  }
}
