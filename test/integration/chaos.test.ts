/**
 * Chaos over the network in the real host (issue 16, section 2): the extension's own client,
 * as bundled, against the sandbox with faults on. After a faulty run, the Merchants view and the
 * report panel show the sandbox's figures, or what they showed before with the failure in words;
 * with the faults off, a refresh brings the right figures. The unit chaos runs
 * (test/unit/chaos/) try the store and the client on twenty seeded mixes each; this checks what
 * the user sees.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import type { PanelSnapshot, PanelState } from '../../src/reports/panel/protocol';
import { api, expectedGroups, groups, setBaseUrl } from './catalogView';
import { eventually } from './extensionUnderTest';

const MERCHANTS = 2_500;

/**
 * Every kind of fault, on chosen catalog requests of a full reload (5 pages): each page that
 * meets one is read again, so the reload ends with the whole catalog. Requests to the reports
 * (the figures read them meanwhile) count too and may shift the numbers: then fewer faults fall
 * on the catalog, and it still ends whole.
 */
const SURVIVABLE = [
  '503:on=1:retryAfter=1:path=merchant',
  'truncated:on=2:path=merchant',
  'reset:on=5:path=merchant',
  '429:on=7:path=merchant',
  'slow-body:on=8:ms=400:path=merchant',
  'truncated:on=10:path=merchant',
].join(';');
/** The reports' faults: every kind, 10% to 20% each, drawn by the sandbox. */
const REPORT_FAULTS = [
  '503:rate=0.2:retryAfter=0',
  '429:rate=0.1:retryAfter=0',
  'reset:rate=0.1',
  'truncated:rate=0.15',
  'malformed:rate=0.1',
  'slow-body:rate=0.2:ms=300',
]
  .map((rule) => `${rule}:path=click`)
  .join(';');

function sandboxClicks(sandbox: Sandbox, period: { from: string; to: string }): number {
  return sandbox.dataset.clicks
    .filter((item) => item.date !== null && item.date >= period.from && item.date <= period.to)
    .reduce((sum, item) => sum + item.count, 0);
}

/** The sync that runs (or ran) has ended: the store is no longer syncing. */
async function syncEnded(links: AffiliateLinksApi): Promise<void> {
  await eventually(() => (links.controller.status?.state !== 'syncing' ? true : undefined), 'the sync to end', 60_000);
}

describe('network chaos in the real host', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;

  before(async () => {
    sandbox = await startSandbox({ merchants: MERCHANTS, clicks: 30_000, actions: 600, seed: 161 });
    await setBaseUrl(sandbox.url);
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
    const links = await api();
    await eventually(
      () =>
        links.controller.store?.snapshot.merchants.size === MERCHANTS && links.controller.status?.state === 'idle'
          ? true
          : undefined,
      'the sandbox’s catalog',
      60_000,
    );
  });

  after(async () => {
    sandbox?.setFaults('');
    (await api()).reportsPanel.webviewPanel()?.dispose();
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    await setBaseUrl(undefined);
    await sandbox?.close();
  });

  it('shows the sandbox’s merchants in the tree after a full reload that met every kind of fault, and keeps them through a reload that is refused', async () => {
    const links = await api();
    const touched = [4, 1_300, 2_499].map((index) => ({ index, updatedAt: sandbox.touchMerchant(index) }));

    sandbox.setFaults(SURVIVABLE);
    try {
      await vscode.commands.executeCommand('affiliateLinks.reloadAllMerchants');
      await syncEnded(links);
    } finally {
      sandbox.setFaults('');
    }
    assert.equal(sandbox.stats().faultsInjected > 0, true, 'faults were met');
    assert.deepEqual(links.controller.status, { state: 'idle' }, 'the reload survived its faults');
    assert.deepEqual(
      links.controller.lastSync && { kind: links.controller.lastSync.kind, total: links.controller.lastSync.total },
      { kind: 'full', total: MERCHANTS },
    );
    assert.deepEqual(groups(links), expectedGroups(sandbox), 'the tree counts the sandbox’s merchants');
    const merchants = [...links.controller.store!.snapshot.merchants.values()];
    for (const { index, updatedAt } of touched) {
      const name = sandbox.dataset.merchants[index]!.name;
      assert.equal(
        merchants.find((merchant) => merchant.merchantId === sandbox.dataset.merchants[index]!.merchantId)?.updatedAt,
        updatedAt,
        `${name} as the sandbox has it now`,
      );
    }

    // A reload whose every catalog answer is not JSON: refused, and the tree keeps what it showed.
    const before = links.controller.store!.snapshot;
    sandbox.setFaults('malformed:path=merchant');
    try {
      await vscode.commands.executeCommand('affiliateLinks.reloadAllMerchants');
      await syncEnded(links);
    } finally {
      sandbox.setFaults('');
    }
    const status = links.controller.status;
    assert.equal(status?.state, 'failed');
    assert.match(status?.state === 'failed' ? status.error.message : '', /is not valid JSON .*Try again later/);
    assert.equal(links.controller.store!.snapshot, before, 'the catalog shown is the one before');
    assert.deepEqual(groups(links), expectedGroups(sandbox));

    await vscode.commands.executeCommand('affiliateLinks.reloadAllMerchants');
    await syncEnded(links);
    assert.deepEqual(links.controller.status, { state: 'idle' });
    assert.deepEqual(groups(links), expectedGroups(sandbox));
    assert.equal(links.view.message, undefined, 'nothing to say once the service answers');
  });

  it('shows the sandbox’s clicks in the report panel after a read under faults, or the failure in words, and the right figures after a refresh without faults', async () => {
    const links = await api();
    const clicksShown = (snapshot: PanelSnapshot): number | null | undefined =>
      snapshot.summary?.figures.find((figure) => figure.id === 'clicks')?.value;
    const state: PanelState = {
      version: 1,
      tab: 'clicks',
      period: { preset: 'last90' },
      filters: {},
      groupBy: 'day',
      sort: null,
    };
    const settled = (snapshot: PanelSnapshot): boolean =>
      snapshot.state.period.preset === 'last90' &&
      (snapshot.status === 'ready' || snapshot.status === 'failed' || snapshot.status === 'offline');

    const faultsBefore = sandbox.stats().faultsInjected;
    sandbox.setFaults(REPORT_FAULTS);
    let faulty: PanelSnapshot;
    try {
      await vscode.commands.executeCommand('affiliateLinks.showReports');
      await links.reportsPanel.select(state);
      faulty = await eventually(
        () => {
          const shown = links.reportsPanel.snapshot();
          return shown !== undefined && settled(shown) ? shown : undefined;
        },
        'the read under faults to end',
        60_000,
      );
    } finally {
      sandbox.setFaults('');
    }
    assert.ok(sandbox.stats().faultsInjected > faultsBefore, 'faults were met');
    if (faulty.status === 'ready') {
      assert.equal(
        clicksShown(faulty),
        sandboxClicks(sandbox, faulty.period!),
        'a read that survived shows the sandbox’s sum',
      );
    } else {
      assert.ok(faulty.error, 'a read that was refused says so');
      assert.match(faulty.error.message, /retry|try again|wait/i, `what to do: ${faulty.error.message}`);
      assert.ok(faulty.error.actions.includes('retry'), JSON.stringify(faulty.error));
    }

    await links.reportsPanel.postToHost({ type: 'refresh' });
    const fresh = await eventually(
      () => {
        const shown = links.reportsPanel.snapshot();
        const read =
          shown !== undefined &&
          shown.status === 'ready' &&
          shown.state.period.preset === 'last90' &&
          shown.source === 'network' &&
          shown.error === undefined &&
          shown.asOf !== faulty.asOf;
        // The previous period is read beside the period: its figure comes with the change.
        return read && shown.summary?.figures.find((figure) => figure.id === 'clicks')?.change !== undefined
          ? shown
          : undefined;
      },
      'the report and the previous period read again without faults',
      60_000,
    );
    assert.equal(
      clicksShown(fresh),
      sandboxClicks(sandbox, fresh.period!),
      'the period’s clicks as the sandbox sums them',
    );
    const previous = sandboxClicks(sandbox, fresh.previousPeriod!);
    const change = fresh.summary!.figures.find((figure) => figure.id === 'clicks')!.change!;
    assert.ok(
      change.title.endsWith(`: ${previous.toLocaleString('en-US')}`),
      `the previous period's clicks, ${previous}, in "${change.title}"`,
    );
  });
});
