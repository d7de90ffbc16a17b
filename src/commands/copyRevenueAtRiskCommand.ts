import * as vscode from 'vscode';
import type { RevenueAtRiskController } from '../controllers/revenueAtRiskController';
import { COMMANDS, STATUS_MESSAGE_MS } from '../ids';
import type { RiskNode } from '../revenue/riskTreeModel';
import { markdownTable } from '../revenue/revenueWords';
import type { Command } from './command';

/**
 * `affiliateLinks.copyRevenueAtRisk`: the view as a Markdown table on the clipboard (from the view's title), or one
 * merchant's row (from its row).
 */
export class CopyRevenueAtRiskCommand implements Command {
  readonly id = COMMANDS.copyRevenueAtRisk;

  constructor(private readonly service: RevenueAtRiskController) {}

  async execute(node?: unknown): Promise<string> {
    const report = this.service.report;
    const merchant = isMerchantNode(node)
      ? report.merchants.filter((entry) => entry.key === node.data.merchant.key)
      : undefined;
    const table = markdownTable(report, merchant);
    await vscode.env.clipboard.writeText(table);
    const rows = merchant?.length ?? report.merchants.length;
    vscode.window.setStatusBarMessage(
      vscode.l10n.t('Copied revenue at risk as a Markdown table ({0} merchants).', rows),
      STATUS_MESSAGE_MS,
    );
    return table;
  }
}

function isMerchantNode(node: unknown): node is RiskNode & { data: { kind: 'merchant' } } {
  return typeof node === 'object' && node !== null && (node as RiskNode).data?.kind === 'merchant';
}
