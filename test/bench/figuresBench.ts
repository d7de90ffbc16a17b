/**
 * The figures' aggregate: building it from 100,000 click items (by SubID, by merchant, by SubID
 * and merchant), against a bare loop summing their counts. The code is measured as it ships:
 * bundled and minified by esbuild. The items are the sandbox's, normalised as the client
 * normalises them. The lenses computed from it are lensBench.ts's.
 */
import path from 'node:path';
import type { ClickItem } from '../../src/api/types';
import { generateDataset } from '../../src/sandbox/dataset';
import { loadShipped } from './shippedBundle';
import { received, spanOf } from './benchItems';
import { contest, emit, round2 } from './figures';
import { daysBefore } from './lensFixture';

type ShippedFigures = typeof import('./shippedFigures');

const ROUNDS = 15;
const ITEMS = 100_000;
const FIGURES_DAYS = 30;
const NOW = new Date('2026-11-21T12:00:00Z');

const root = path.resolve(__dirname, '../..');

export async function benchFigures(): Promise<void> {
  const shipped = await loadShipped<ShippedFigures>(root, path.join(__dirname, 'shippedFigures.ts'), 'figures');

  // The aggregate of 100,000 click items over the figures period.
  const history = generateDataset({
    seed: 5,
    merchants: 50,
    clicks: ITEMS,
    actions: 0,
    now: NOW,
    historyDays: FIGURES_DAYS,
  });
  const clicks = received<ClickItem>(history.clicks, shipped.normalizeClickItem);
  const period = spanOf(clicks.map((item) => item.date));
  const previousPeriod = { from: daysBefore(period.from, FIGURES_DAYS), to: daysBefore(period.from, 1) };
  const input = { period, previousPeriod, days: FIGURES_DAYS, clicks, previousClicks: [], actions: [] };
  let aggregate = shipped.buildFiguresAggregate(input);
  let sum = 0;
  const built = contest(
    () => {
      aggregate = shipped.buildFiguresAggregate(input);
    },
    () => {
      sum = 0;
      for (let i = 0; i < clicks.length; i++) {
        sum += clicks[i]!.count;
      }
    },
    ROUNDS,
  );
  if (aggregate.totals?.clicks !== sum) {
    throw new Error(`the aggregate counted ${aggregate.totals?.clicks} clicks; expected ${sum}`);
  }
  emit({
    name: `figures aggregate of ${clicks.length} click items by SubID and merchant vs a bare loop summing count`,
    value: round2(built.value),
    unit: 'ms',
    baseline: round2(built.baseline),
    ratio: round2(built.value / built.baseline),
    target: '< 30 ms',
    note: `first run ${round2(built.first)} ms; ${aggregate.subIds.size} SubIDs, ${aggregate.merchants.size} merchants`,
  });
}
