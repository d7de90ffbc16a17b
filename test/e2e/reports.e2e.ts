import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { ClickItem } from '../../src/api/types';
import { presetPeriod, type FixedPreset } from '../../src/reports/model/reportPeriods';
import { eventually } from '../common/eventually';
import { useE2eEnvironment } from './environment';
import { ReportPanel } from './reportPanel';

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function clicksIn(
  items: readonly ClickItem[],
  preset: FixedPreset,
  keep: (item: ClickItem) => boolean = () => true,
): ClickItem[] {
  const { from, to } = presetPeriod(preset, localToday());
  return items.filter(
    (item) => item.date !== null && item.date.slice(0, 10) >= from && item.date.slice(0, 10) <= to && keep(item),
  );
}

const sum = (items: readonly ClickItem[]): number => items.reduce((total, item) => total + item.count, 0);

describe('the report panel in the real workbench', function () {
  this.timeout(240_000);
  const environment = useE2eEnvironment();

  before(async () => {
    const env = environment();
    await env.workbench.setApiKeyAndShowMerchants(env.sandbox.key);
  });

  it('opens from the palette with the sandbox’s totals; Last 30 days, grouped by SubID, sorted, filtered by a row', async () => {
    const env = environment();
    await env.workbench.runCommand('Affiliate Links: Show Reports');
    const panel = await ReportPanel.find(env.workbench);
    await panel.chartDrawn();
    const preset = (await panel.selected('period-select')) as FixedPreset;
    const clicks = env.sandbox.dataset.clicks as ClickItem[];
    assert.equal(await panel.figure('clicks'), sum(clicksIn(clicks, preset)), `total clicks of ${preset}`);
    await env.workbench.screenshot('reports-opened');

    await panel.choose('period-select', 'last30');
    const last30 = clicksIn(clicks, 'last30');
    await eventually(
      async () => ((await panel.figure('clicks')) === sum(last30) ? true : undefined),
      'the Last 30 days total',
      30_000,
    );

    await panel.choose('groupby-select', 'subId');
    await panel.byId('header-label').waitFor();
    const subIds = new Set(last30.map((item) => item.subId));
    await eventually(
      async () =>
        (await panel.byId('grid').getAttribute('aria-rowcount')) === String(subIds.size + 2) ? true : undefined,
      'one row per SubID',
      30_000,
    );

    await panel.byId('header-clicks').click();
    await panel.frame.locator('[data-testid="header-clicks"][aria-sort]').waitFor();
    const firstOrder = await panel.byId('header-clicks').getAttribute('aria-sort');
    if (firstOrder !== 'ascending') {
      await panel.byId('header-clicks').click();
    }
    await panel.frame.locator('[data-testid="header-clicks"][aria-sort="ascending"]').waitFor();
    await panel.rows().first().waitFor();
    const bySubId = new Map<string | null, number>();
    for (const item of last30) {
      bySubId.set(item.subId, (bySubId.get(item.subId) ?? 0) + item.count);
    }
    const fewest = Math.min(...bySubId.values());
    assert.equal(
      (await panel.rowCells(0))[1],
      fewest.toLocaleString('en-US'),
      'ascending: the SubID with fewest clicks first',
    );
    await env.workbench.screenshot('reports-by-subid-sorted');

    await panel.byId('copy-table').click();
    await panel
      .byId('notice')
      .filter({ hasText: /Copied/ })
      .waitFor({ timeout: 15_000 });
    const copied = (await env.workbench.readClipboard()).trimEnd().split(/\r?\n/);
    assert.match(copied[0]!, /^SubID\tClicks\t/, 'a header row, tab-separated');
    assert.equal(copied.length, 1 + subIds.size + 1, 'the header, a line per SubID, the totals');
    assert.equal(copied[1]!.split('\t')[1], String(fewest), 'in the order shown, numbers as numbers');

    const row = panel
      .rows()
      .filter({ has: panel.frame.locator('[data-testid="row-action-filterSubId"]') })
      .first();
    const subId = await row.getAttribute('data-key');
    assert.ok(subId, 'a SubID row with a key');
    await row.locator('[data-testid="row-action-filterSubId"]').click();
    await eventually(
      async () => ((await panel.selected('filter-subid')) === subId ? true : undefined),
      'the SubID filter set from the row',
      15_000,
    );
    const filtered = sum(last30.filter((item) => item.subId === subId));
    await eventually(
      async () => ((await panel.figure('clicks')) === filtered ? true : undefined),
      'the filtered total',
      30_000,
    );
    await panel.choose('filter-subid', '');
  });

  it('keeps the table virtualized: thousands of items, fewer than 100 rows in the page, rows fetched as it scrolls', async () => {
    const env = environment();
    await env.workbench.runCommand('Affiliate Links: Show Reports');
    const panel = await ReportPanel.find(env.workbench);
    await panel.byId('tab-clicks').click();
    await panel.choose('period-select', 'last120');
    await panel.choose('groupby-select', 'none');
    const items = clicksIn(env.sandbox.dataset.clicks as ClickItem[], 'last120').length;
    const grid = panel.byId('grid');
    await eventually(
      async () => ((await grid.getAttribute('aria-rowcount')) === String(items + 1) ? true : undefined),
      `a row count of ${items} items and the header`,
      30_000,
    );
    assert.ok(items > 1_000, `${items} items`);
    await panel.rows().first().waitFor();
    assert.ok((await panel.rows().count()) < 100, `${await panel.rows().count()} rows in the page`);
    // Half way down: the rows there are asked for and drawn, still only a window of them.
    await grid.evaluate((element) => {
      element.scrollTop = element.scrollHeight / 2;
    });
    const middle = Math.floor(items / 2);
    await eventually(
      async () => {
        const indexes = await panel
          .rows()
          .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('aria-rowindex'))));
        return indexes.some((index) => Math.abs(index - middle) < 50) ? indexes : undefined;
      },
      'the rows half way down',
      15_000,
    );
    assert.ok((await panel.rows().count()) < 100, `${await panel.rows().count()} rows in the page after scrolling`);
    await env.workbench.screenshot('reports-items-scrolled');
  });

  it('opens Actions and exports its table to a CSV file', async () => {
    const env = environment();
    await env.workbench.runCommand('Affiliate Links: Show Reports');
    const panel = await ReportPanel.find(env.workbench);
    await panel.byId('tab-actions').click();
    await panel.byId('deprecated-badge').waitFor();
    await panel.choose('period-select', 'last30');
    await panel.choose('groupby-select', 'program');
    const { from, to } = presetPeriod('last30', localToday());
    const inPeriod = env.sandbox.dataset.actions.filter((action) => {
      const day = (action.date ?? action.createdAt ?? '').slice(0, 10);
      return day >= from && day <= to;
    });
    await eventually(
      async () => ((await panel.figure('actions')) === inPeriod.length ? true : undefined),
      'the Last 30 days actions',
      30_000,
    );
    await panel.byId('header-label').filter({ hasText: 'Program' }).waitFor();
    await panel.chartDrawn();
    const programs = new Set(inPeriod.map((action) => action.programId)).size;
    const rowCount = Number(await panel.byId('grid').getAttribute('aria-rowcount')) - 2;
    assert.equal(rowCount, programs, 'a row per program');
    await env.workbench.screenshot('reports-actions');

    const file = path.join(env.server.workspace, 'actions-by-program.csv');
    await panel.byId('export-csv').click();
    // In the browser, VS Code's own save dialog: a path in a quick input, with the name the
    // extension suggests (kind, period, grouping).
    const input = env.workbench.page.locator('.quick-input-widget .quick-input-box input');
    await eventually(
      async () =>
        (await input.isVisible()) &&
        /actions-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-by-program\.csv$/.test(await input.inputValue())
          ? true
          : undefined,
      'the save dialog with the suggested name',
      15_000,
    );
    await input.fill(file);
    await input.press('Enter');
    const csv = await eventually(
      () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined),
      'the exported file',
      30_000,
    );
    const lines = csv.trimEnd().split('\r\n');
    assert.match(lines[0]!, /^Program,Actions,/);
    assert.equal(lines.length, 1 + rowCount + 1, 'header, a line per program, the totals');
    assert.match(lines.at(-1)!, /^Total,/);
    assert.equal(Number(lines.at(-1)!.split(',')[1]), inPeriod.length, 'the totals line counts the period’s actions');
  });

  it('comes back after a window reload with its state, drawn from the cache before the service answers', async () => {
    const env = environment();
    await env.workbench.runCommand('Affiliate Links: Show Reports');
    let panel = await ReportPanel.find(env.workbench);
    await panel.byId('tab-clicks').click();
    await panel.choose('period-select', 'last30');
    await panel.choose('groupby-select', 'platform');
    const expected = sum(clicksIn(env.sandbox.dataset.clicks as ClickItem[], 'last30'));
    const total = await eventually(
      async () => ((await panel.figure('clicks')) === expected ? expected : undefined),
      'the Last 30 days total',
      30_000,
    );
    await panel.chartDrawn();
    const readAt = Date.now();
    const asOfBefore = (await panel.byId('as-of').textContent()) ?? '';
    env.sandbox.setLatency(30_000);
    try {
      await env.workbench.runCommand('Developer: Reload Window');
      await env.workbench.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      const started = Date.now();
      panel = await ReportPanel.find(env.workbench);
      await panel.chartDrawn(20_000);
      assert.equal(await panel.figure('clicks', 5_000), total);
      assert.ok(Date.now() - started < 25_000, 'drawn before the service could answer');
      assert.equal(await panel.selected('groupby-select'), 'platform');
      assert.equal(await panel.selected('period-select'), 'last30');
      // A report read under a minute ago is shown as it is (no request, the same "as of");
      // an older one is shown from the cache while it is read again.
      const asOfAfter = (await panel.byId('as-of').textContent()) ?? '';
      if (Date.now() - readAt < 55_000)
        assert.equal(asOfAfter, asOfBefore, 'the report read before the reload, as it was');
      else assert.match(asOfAfter, /cache|refreshing/i);
      assert.match(asOfAfter, /\d/, 'the time of the read is shown');
      await env.workbench.screenshot('reports-restored-from-cache');
    } finally {
      env.sandbox.setLatency(0);
    }
  });
});
