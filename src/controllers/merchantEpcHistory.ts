/**
 * The account's EPC with each merchant over 90 days, from reports the store already holds or has cached (the
 * figures when their period is 90 days, the report panel's last 90 days): read from memory and disk, never asked of
 * the service. Empty where no such report was ever read.
 */
import type { ActionItem, ClickItem } from '../api/types';
import { buildFiguresAggregate } from '../reports/figures/figuresAggregate';
import type { CurrencyAmount } from '../reports/model/currencyAmounts';
import type { ReportStore } from '../reports/store/reportStore';
import type { StoreQuery } from '../reports/store/reportState';
import { figuresQueries } from './figuresQueries';

export interface EpcHistory {
  /** EPC per currency by merchantId (as text); merchants without clicks in the 90 days are not kept. */
  epc: ReadonlyMap<string, readonly CurrencyAmount[]>;
  /** The report objects it was built from: the same ones again need no new build. */
  from: readonly unknown[];
}

/** The queries whose reports give the 90 days: with the workspace's platform filter, then without a filter. */
export function epcQueries(
  today: string,
  platformId: string | undefined,
): Array<{ clicks: StoreQuery<'clicks'>; actions: StoreQuery<'actions'> }> {
  const filtered = figuresQueries(90, today, undefined, platformId);
  const sets = [{ clicks: filtered.clicks, actions: filtered.actions }];
  if (platformId !== undefined) {
    const all = figuresQueries(90, today);
    sets.push({ clicks: all.clicks, actions: all.actions });
  }
  return sets;
}

/**
 * The EPC history from the first set of 90-day queries whose clicks and actions the store shows, loading their cache
 * files when not shown (no request); `previous` when built from the same reports; undefined when none is there.
 */
export async function readEpcHistory(
  store: ReportStore,
  today: string,
  platformId: string | undefined,
  previous: EpcHistory | undefined,
): Promise<EpcHistory | undefined> {
  for (const { clicks, actions } of epcQueries(today, platformId)) {
    const clickReport = (store.state(clicks) ?? (await store.loadCached(clicks)))?.report;
    const actionReport = (store.state(actions) ?? (await store.loadCached(actions)))?.report;
    if (clickReport === undefined || actionReport === undefined) {
      continue;
    }
    if (previous !== undefined && previous.from[0] === clickReport && previous.from[1] === actionReport) {
      return previous;
    }
    const aggregate = buildFiguresAggregate({
      period: clicks.period,
      previousPeriod: clicks.period,
      days: 90,
      clicks: clickReport.windows.flatMap((window) => window.items) as ClickItem[],
      previousClicks: undefined,
      actions: actionReport.windows.flatMap((window) => window.items) as ActionItem[],
    });
    const epc = new Map<string, readonly CurrencyAmount[]>();
    for (const [merchantId, figures] of aggregate.merchants) {
      if (figures.epc !== null && figures.epc.length > 0) {
        epc.set(merchantId, figures.epc);
      }
    }
    return { epc, from: [clickReport, actionReport] };
  }
  return undefined;
}
