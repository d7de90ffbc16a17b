/**
 * The Revenue at Risk view: merchants whose links stop earning, the largest clicks at risk first, then their
 * articles and links. It draws the service's report; on a new report only the rows whose figures changed redraw.
 */
import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import type { RevenueAtRiskController } from '../controllers/revenueAtRiskController';
import { SETTINGS, VIEWS } from '../ids';
import { RiskTreeModel, type RiskNode } from '../revenue/riskTreeModel';
import type { RevenueReport } from '../revenue/revenueReport';
import { riskTreeItem, riskViewMessage } from './revenueAtRiskTree';

export class RevenueAtRiskView extends Disposable implements vscode.TreeDataProvider<RiskNode> {
  private readonly model = new RiskTreeModel();
  private readonly changed = this._register(new vscode.EventEmitter<RiskNode | RiskNode[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<RiskNode>;
  /** Rows redrawn by the last report (`all`, or how many), for the tests. */
  lastRedraw: 'all' | number = 'all';

  constructor(private readonly service: RevenueAtRiskController) {
    super();
    this.view = this._register(
      vscode.window.createTreeView(VIEWS.revenueAtRisk, { treeDataProvider: this, showCollapseAll: true }),
    );
    // Built when the view is first shown, then on each report while it lives.
    this._register(service.onDidChange((report) => this.show(report)));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (
          event.affectsConfiguration(SETTINGS.linkHealthEnabled) ||
          event.affectsConfiguration(SETTINGS.figuresEnabled)
        ) {
          this.describe(service.report);
        }
      }),
    );
    this.model.update(service.report);
    this.describe(service.report);
  }

  /** The nodes shown, for the commands and the tests. */
  get roots(): readonly RiskNode[] {
    return this.model.roots;
  }

  /** Reveals the view, focused. */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${VIEWS.revenueAtRisk}.focus`);
  }

  getTreeItem(node: RiskNode): vscode.TreeItem {
    return riskTreeItem(node);
  }

  getChildren(node?: RiskNode): RiskNode[] {
    return node === undefined ? [...this.model.roots] : this.model.children(node);
  }

  getParent(node: RiskNode): RiskNode | undefined {
    return node.parent;
  }

  private show(report: RevenueReport): void {
    const change = this.model.update(report);
    this.lastRedraw = change === 'all' ? 'all' : change.length;
    if (change === 'all') {
      this.changed.fire(undefined);
    } else if (change.length > 0) {
      this.changed.fire([...change]);
    }
    this.describe(report);
  }

  private describe(report: RevenueReport): void {
    const enabled = vscode.workspace.getConfiguration().get<boolean>(SETTINGS.linkHealthEnabled, true);
    this.view.message = riskViewMessage({
      enabled,
      figuresOn: this.service.figuresOn,
      counted: this.service.counted,
      rows: report.merchants.length,
      figures: report.figures,
    });
    const clicks = report.totals.clicks;
    this.view.badge =
      report.figures === 'ready' && clicks > 0
        ? {
            value: report.merchants.length,
            tooltip:
              report.merchants.length === 1
                ? vscode.l10n.t('1 merchant with clicks at risk')
                : vscode.l10n.t('{0} merchants with clicks at risk', report.merchants.length),
          }
        : undefined;
  }
}
