/** Loads link health's bundle (`dist/linkHealth.js`: the rules, the site index, the diagnostics) on first use. */
import { LazyModule } from '../common/lazyModule';
import type * as LinkHealthModule from './index';

export class LinkHealthLoader extends LazyModule<typeof LinkHealthModule> {
  constructor() {
    super(() => import('./index'));
  }
}
