/**
 * Loads the reports (the report store, its cache and model, the panel's session) on first use: a bundle of their
 * own (`dist/reports.js`), so activation never parses them.
 */
import { LazyModule } from '../common/lazyModule';
import type * as Reports from '../reports/index';

export type ReportsModule = typeof Reports;

export class ReportsLoader extends LazyModule<ReportsModule> {
  constructor() {
    super(() => import('../reports/index'));
  }
}
