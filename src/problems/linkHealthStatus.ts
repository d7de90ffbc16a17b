/** The status bar item of the site's first scan: waiting for the catalog, or how far it is (a click stops it). */
import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { COMMANDS, STATUS_BAR_ITEMS } from '../ids';
import type { SiteScanState } from '../site/siteIndexer';

const WHOLE = new Intl.NumberFormat('en-US');

export class LinkHealthStatus extends Disposable {
  private readonly item = this._register(
    vscode.window.createStatusBarItem(STATUS_BAR_ITEMS.linkHealthScan, vscode.StatusBarAlignment.Left, 0),
  );

  constructor(watch?: (id: string, item: vscode.StatusBarItem) => void) {
    super();
    this.item.name = vscode.l10n.t('Affiliate Links: Link Health');
    watch?.(STATUS_BAR_ITEMS.linkHealthScan, this.item);
  }

  /** `atRisk`: the site's clicks at risk once the scan is done and the figures are there. */
  show(
    state: SiteScanState,
    waitingForCatalog: boolean,
    atRisk?: { clicks: number; merchants: number; days: number },
  ): void {
    if (waitingForCatalog) {
      this.item.text = `$(watch) ${vscode.l10n.t('Link health: waiting for the merchant catalog')}`;
      this.item.tooltip = vscode.l10n.t(
        'The links of the site are checked once the merchant catalog is loaded (set a key or sync the merchants).',
      );
      this.item.command = undefined;
      this.item.show();
    } else if (state.kind === 'scanning') {
      this.item.text =
        state.total === 0
          ? `$(sync~spin) ${vscode.l10n.t('Link health: finding the articles')}`
          : `$(sync~spin) ${vscode.l10n.t('Link health: {0} of {1} files', state.done.toLocaleString(), state.total.toLocaleString())}`;
      this.item.tooltip = vscode.l10n.t('Checking the affiliate links of the site. Click to stop.');
      this.item.command = COMMANDS.stopLinkHealthScan;
      this.item.show();
    } else if (atRisk !== undefined && atRisk.clicks > 0) {
      const clicks = WHOLE.format(atRisk.clicks);
      this.item.text = `$(warning) ${atRisk.clicks === 1 ? vscode.l10n.t('1 click at risk') : vscode.l10n.t('{0} clicks at risk', clicks)}`;
      this.item.tooltip = vscode.l10n.t(
        'Links to {0} merchants took {1} clicks in the last {2} days that earn nothing (or earn for another article). Click to show Revenue at Risk.',
        atRisk.merchants,
        clicks,
        atRisk.days,
      );
      this.item.command = COMMANDS.showRevenueAtRisk;
      this.item.show();
    } else {
      this.item.hide();
    }
  }
}
