/**
 * The report model's figures: aggregating a 100,000-item clicks report with every grouping,
 * against a bare loop that only sums the click counts of the same items (the floor: one pass
 * that reads one field); the same for an actions report; and the row access of a view paging
 * through the click items. The code is measured as it ships: bundled and minified by esbuild.
 * The items are the sandbox's, normalised as the client normalises them.
 */
import path from 'node:path';
import type { ActionItem, ClickItem } from '../../src/api/types';
import { generateDataset } from '../../src/sandbox/dataset';
import { loadShipped } from './shippedBundle';
import { received, spanOf } from './benchItems';
import { contest, emit, median, round2, settle, timeOf } from './figures';

type ShippedReportModel = typeof import('./shippedReportModel');

const ITEMS = 100_000;
const ROUNDS = 9;
const PAGE = 100;
const NOW = new Date('2026-11-21T12:00:00Z');

const root = path.resolve(__dirname, '../..');

export async function benchReportModel(): Promise<void> {
  const model = await loadShipped<ShippedReportModel>(
    root,
    path.join(__dirname, 'shippedReportModel.ts'),
    'reportModel',
  );

  const clicks = received<ClickItem>(
    generateDataset({ seed: 5, merchants: 50, clicks: ITEMS, actions: 0, now: NOW }).clicks,
    model.normalizeClickItem,
  );
  const clickPeriod = spanOf(clicks.map((item) => item.date));
  let clickReport = model.aggregateClicks(clicks, clickPeriod);
  let clickSum = 0;
  const clickFigures = contest(
    () => {
      clickReport = model.aggregateClicks(clicks, clickPeriod);
    },
    () => {
      clickSum = 0;
      for (let i = 0; i < clicks.length; i++) {
        clickSum += clicks[i]!.count;
      }
    },
    ROUNDS,
  );
  if (clickReport.totals.items !== clicks.length || clickReport.totals.clicks !== clickSum) {
    throw new Error(
      `the report counted ${clickReport.totals.items} items and ${clickReport.totals.clicks} clicks; expected ${clicks.length} and ${clickSum}`,
    );
  }
  const groups = Object.entries(clickReport.groups)
    .map(([grouping, rows]) => `${rows.length} ${grouping}`)
    .join(', ');
  emit({
    name: `clicks report of ${clicks.length} items, ${clickReport.days.length} days, every grouping vs a bare loop summing count`,
    value: round2(clickFigures.value),
    unit: 'ms',
    baseline: round2(clickFigures.baseline),
    ratio: round2(clickFigures.value / clickFigures.baseline),
    target: '< 50 ms',
    note: `first run ${round2(clickFigures.first)} ms; groups: ${groups}`,
  });

  const actions = received<ActionItem>(
    generateDataset({ seed: 5, merchants: 50, clicks: 0, actions: ITEMS, now: NOW }).actions,
    model.normalizeActionItem,
  );
  const actionPeriod = spanOf(actions.map((item) => (item.date ?? item.createdAt)?.slice(0, 10) ?? null));
  let actionReport = model.aggregateActions(actions, actionPeriod);
  const actionFigures = contest(
    () => {
      actionReport = model.aggregateActions(actions, actionPeriod);
    },
    () => {
      let sum = 0;
      for (let i = 0; i < actions.length; i++) {
        sum += actions[i]!.commission ?? 0;
      }
      clickSum = sum;
    },
    ROUNDS,
  );
  if (actionReport.totals.actions !== actions.length) {
    throw new Error(`the report counted ${actionReport.totals.actions} actions; expected ${actions.length}`);
  }
  emit({
    name: `actions report of ${actions.length} items, every grouping, statuses, payment and currencies vs a bare loop summing commission`,
    value: round2(actionFigures.value),
    unit: 'ms',
    baseline: round2(actionFigures.baseline),
    ratio: round2(actionFigures.value / actionFigures.baseline),
    note: `first run ${round2(actionFigures.first)} ms; ${actionReport.totals.commission.length} currencies`,
  });

  // Row access: the first page of a sort builds its index; later pages only read it.
  for (const column of ['clicks', 'program'] as const) {
    const sorts: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const rows = new model.ClickReportRows(clickReport);
      settle();
      sorts.push(timeOf(() => rows.rows('none', { column, direction: 'desc' }, 0, PAGE)));
    }
    emit({
      name: `first page of ${clicks.length} item rows sorted by ${column} (builds the sort index)`,
      value: round2(median(sorts)),
      unit: 'ms',
    });
  }
  const rows = new model.ClickReportRows(clickReport);
  const sort = { column: 'clicks', direction: 'desc' } as const;
  rows.rows('none', sort, 0, PAGE);
  const pages: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ms = timeOf(() => {
      for (let offset = 0; offset < clicks.length; offset += PAGE) {
        rows.rows('none', sort, offset, PAGE);
      }
    });
    pages.push(ms / Math.ceil(clicks.length / PAGE));
  }
  emit({
    name: `a page of ${PAGE} rows from a built sort index (mean over every page of ${clicks.length} rows)`,
    value: round2(median(pages) * 1000),
    unit: 'µs',
  });
}
