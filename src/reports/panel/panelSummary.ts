/**
 * The figures above the report panel's chart: totals and commission with their change, EPC, actions per status, and
 * what the model could not count.
 */
import * as l10n from '@vscode/l10n';
import type { FigureChange, StatusSummary, SummaryData, SummaryFigure } from './protocol';
import type { ActionReport } from '../model/actionReport';
import type { ClickReport, SkippedItems } from '../model/clickReport';
import { amountIn, compareCurrencies } from '../model/currencyAmounts';
import { compareActionReports, compareClickReports, type FigureComparison } from '../model/periodComparison';
import { EPC_LABEL } from '../model/reportLabels';
import type { ReportKind, ReportPeriod } from '../model/reportTypes';
import { currencyId, currencyTitle, formatAmount, formatCount, formatPeriod, tidyAmount } from './panelWords';

export interface SummaryInputs {
  clicks?: ClickReport;
  actions?: ActionReport;
  /** The previous period's report of the tab's kind, when it is there. */
  previous?: ClickReport | ActionReport;
  previousPeriod: ReportPeriod;
}

function changeOf(
  comparison: FigureComparison,
  previousPeriod: ReportPeriod,
  format: (value: number) => string,
): FigureChange {
  const title = l10n.t({
    message: 'against {0}: {1}',
    args: [formatPeriod(previousPeriod.from, previousPeriod.to), format(comparison.previous)],
    comment: ["A change's tooltip: the previous period, then its figure."],
  });
  const change = comparison.change;
  switch (change.kind) {
    case 'new':
      return { text: change.text, direction: 'new', title };
    case 'none':
      return { text: '0%', direction: 'same', title };
    default:
      return { text: change.text, direction: change.percent > 0 ? 'up' : change.percent < 0 ? 'down' : 'same', title };
  }
}

/** The currencies EPC is worked out in: every currency of the actions' commission, whatever its status. */
export function earningCurrencies(actions: ActionReport): Array<string | null> {
  const { commission, earnedCommission } = actions.totals;
  return [...new Set([...commission, ...earnedCommission].map((entry) => entry.currencyCode))].sort(compareCurrencies);
}

/** EPC of the whole period, per currency the actions were paid in; null without clicks. */
function epcFigures(clicks: ClickReport, actions: ActionReport): SummaryFigure[] {
  const total = clicks.totals.clicks;
  const earned = actions.totals.earnedCommission;
  return earningCurrencies(actions).map((code) => ({
    id: currencyId('epc', code),
    label: currencyTitle('epc', code),
    value: total > 0 ? tidyAmount((amountIn(earned, code) ?? 0) / total) : null,
    currencyCode: code,
    title: EPC_LABEL,
  }));
}

function statusSummary(actions: ActionReport): StatusSummary {
  const currencies = actions.totals.commission.map((entry) => entry.currencyCode);
  return {
    currencies,
    rows: actions.statuses.map((row) => ({
      status: row.status,
      label: row.label,
      actions: row.actions,
      commission: currencies.map((code) => {
        const amount = amountIn(row.commission, code);
        return amount === null ? null : tidyAmount(amount);
      }),
    })),
  };
}

/** "Not counted: 2 items dated outside the period, 1 item without a date the period can place." */
export function skippedText(skipped: SkippedItems): string | undefined {
  const parts: string[] = [];
  if (skipped.outside > 0) {
    parts.push(
      skipped.outside === 1
        ? l10n.t('{0} item dated outside the period', formatCount(1))
        : l10n.t('{0} items dated outside the period', formatCount(skipped.outside)),
    );
  }
  if (skipped.undated > 0) {
    parts.push(
      skipped.undated === 1
        ? l10n.t('{0} item without a date the period can place', formatCount(1))
        : l10n.t('{0} items without a date the period can place', formatCount(skipped.undated)),
    );
  }
  if (skipped.malformed > 0) {
    parts.push(
      skipped.malformed === 1
        ? l10n.t('{0} item with a figure that cannot be counted', formatCount(1))
        : l10n.t('{0} items with a figure that cannot be counted', formatCount(skipped.malformed)),
    );
  }
  return parts.length === 0
    ? undefined
    : l10n.t({
        message: 'Not counted: {0}.',
        args: [parts.join(', ')],
        comment: ['{0}: how many report items, and why.'],
      });
}

function clickFigures(inputs: SummaryInputs, clicks: ClickReport): SummaryFigure[] {
  const figure: SummaryFigure = { id: 'clicks', label: l10n.t('Clicks'), value: clicks.totals.clicks };
  if (inputs.previous?.kind === 'clicks') {
    figure.change = changeOf(compareClickReports(clicks, inputs.previous).clicks, inputs.previousPeriod, formatCount);
  }
  return [figure, ...(inputs.actions ? epcFigures(clicks, inputs.actions) : [])];
}

function actionFigures(inputs: SummaryInputs, actions: ActionReport): SummaryFigure[] {
  const figure: SummaryFigure = { id: 'actions', label: l10n.t('Actions'), value: actions.totals.actions };
  const figures = [figure];
  if (inputs.previous?.kind === 'actions') {
    const comparison = compareActionReports(actions, inputs.previous);
    figure.change = changeOf(comparison.actions, inputs.previousPeriod, formatCount);
    for (const entry of comparison.commission) {
      figures.push({
        id: currencyId('commission', entry.currencyCode),
        label: currencyTitle('commission', entry.currencyCode),
        value: tidyAmount(entry.current),
        currencyCode: entry.currencyCode,
        change: changeOf(entry, inputs.previousPeriod, (value) => formatAmount(value, entry.currencyCode)),
      });
    }
  } else {
    for (const entry of actions.totals.commission) {
      figures.push({
        id: currencyId('commission', entry.currencyCode),
        label: currencyTitle('commission', entry.currencyCode),
        value: tidyAmount(entry.amount),
        currencyCode: entry.currencyCode,
      });
    }
  }
  return [...figures, ...(inputs.clicks ? epcFigures(inputs.clicks, actions) : [])];
}

/** The summary of the tab's report (`clicks` on the clicks tab, `actions` on the actions tab). */
export function summaryOf(tab: ReportKind, inputs: SummaryInputs): SummaryData | undefined {
  if (tab === 'clicks') {
    const clicks = inputs.clicks;
    if (clicks === undefined) {
      return undefined;
    }
    const skipped = skippedText(clicks.skipped);
    return { figures: clickFigures(inputs, clicks), ...(skipped ? { skipped } : {}) };
  }
  const actions = inputs.actions;
  if (actions === undefined) {
    return undefined;
  }
  const skipped = skippedText(actions.skipped);
  return { figures: actionFigures(inputs, actions), statuses: statusSummary(actions), ...(skipped ? { skipped } : {}) };
}
