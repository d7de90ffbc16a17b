/**
 * Loads the report panel's host code on first use. Built as a bundle of its own
 * (`dist/reportsPanel.js`) when esbuild.mjs lists `src/webviews/reports/host/index` among its
 * lazy bundles; otherwise esbuild inlines it and it loads with the extension.
 */
import { LazyModule } from '../../../common/lazyModule';
import type * as ReportsPanelHost from './index';

export type ReportsPanelModule = typeof ReportsPanelHost;

export class ReportsPanelLoader extends LazyModule<ReportsPanelModule> {
  constructor() {
    super(() => import('./index'));
  }
}
