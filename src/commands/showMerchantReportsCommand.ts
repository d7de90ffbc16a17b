import { COMMANDS } from '../ids';
import type { ReportController } from '../controllers/reportController';
import type { RevenueAtRiskController } from '../controllers/revenueAtRiskController';
import type { RiskNode } from '../revenue/riskTreeModel';
import { defaultPanelState } from '../reports/model/reportVocabulary';
import type { PanelState } from '../reports/panel/protocol';
import type { ReportPanelKeeper } from '../webviews/reports/host/reportPanelKeeper';
import type { Command } from './command';

/**
 * `affiliateLinks.showMerchantReports` (Revenue at Risk's merchant rows): the report panel on the clicks of the last
 * 30 days, by SubID, filtered to the merchant's program when the reports show it with one program; else by merchant.
 */
export class ShowMerchantReportsCommand implements Command {
  readonly id = COMMANDS.showMerchantReports;

  constructor(
    private readonly panels: ReportPanelKeeper,
    private readonly reports: Pick<ReportController, 'platformId'>,
    private readonly service: RevenueAtRiskController,
  ) {}

  execute(node?: unknown): void {
    const merchantId = merchantIdOf(node);
    const programs = merchantId === undefined ? undefined : this.service.pairs?.programs.get(merchantId);
    const adspaceId = this.reports.platformId;
    const programId = programs?.length === 1 ? programs[0] : undefined;
    const state: PanelState = {
      ...defaultPanelState(),
      period: { preset: 'last30' },
      filters: { ...(adspaceId === undefined ? {} : { adspaceId }), ...(programId === undefined ? {} : { programId }) },
      groupBy: programId === undefined ? 'merchant' : 'subId',
    };
    this.panels.showWith(state);
  }
}

function merchantIdOf(node: unknown): string | undefined {
  const data = typeof node === 'object' && node !== null ? (node as RiskNode).data : undefined;
  return data?.kind === 'merchant' ? data.merchant.merchantId : undefined;
}
