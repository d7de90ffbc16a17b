/**
 * Loads the reports (the report store, its cache and model) on first use. They are a bundle of
 * their own, `dist/reports.js`: esbuild maps the import below to it, so activation never pays
 * for parsing them.
 */
import { LazyModule } from '../common/lazyModule';
import type * as Reports from '../reports/index';

export type ReportsModule = typeof Reports;

export class ReportsLoader extends LazyModule<ReportsModule> {
  constructor() {
    super(() => import('../reports/index'));
  }
}
