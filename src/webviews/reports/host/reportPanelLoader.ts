/**
 * Loads the report panel's host code on first use: esbuild makes `./index` a bundle of its own
 * (`dist/reportsPanel.js`, LAZY_BUNDLES in esbuild.mjs), so activation does not parse it.
 */
import { LazyModule } from '../../../common/lazyModule';
import type * as ReportPanelHost from './index';

export type ReportPanelModule = typeof ReportPanelHost;

export class ReportPanelLoader extends LazyModule<ReportPanelModule> {
  constructor() {
    super(() => import('./index'));
  }
}
