/**
 * A first start under the service's documented rate limit, in the real host (issue 22, section
 * 6): a sandbox that enforces 3 requests a second and 100 in 5 minutes, sized as a mid-size
 * account (20,000 merchants, about 14,000 clicks in the last 30 days, as the new user's try in
 * the issue), the extension at its default limit. Setting the key brings the tree, the active
 * article's lens and the report panel's default state to the sandbox's true figures; the sandbox
 * refuses nothing, no span of its windows holds more arrivals than the limit (counted by the
 * sandbox as each request arrives, refused ones too), and no error or warning notification shows.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import type { PanelState } from '../../src/reports/panel/protocol';
import { expectedGroups, groups } from './catalogView';
import { activatedExtension, eventually } from './extensionUnderTest';
import type { TestFigures } from './fileReporter';
import { busiestSpan } from '../common/busiestSpan';
import { defaultPanelState } from '../../src/reports/model/reportVocabulary';

const LENS_COMMAND = 'affiliateLinks.showReportsForSubId';
const LIMIT = '3/1,100/300';

async function api(): Promise<AffiliateLinksApi> {
  return (await activatedExtension()).exports as AffiliateLinksApi;
}

async function setSetting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('affiliateLinks').update(name, value, vscode.ConfigurationTarget.Global);
}

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The notifications the extension shows, recorded: the test's `vscode` is the extension's own API object. */
function recordNotifications(): { shown: string[]; restore(): void } {
  const window = vscode.window as unknown as Record<string, (...args: unknown[]) => unknown>;
  const shown: string[] = [];
  const originals = ['showErrorMessage', 'showWarningMessage'].map((name) => [name, window[name]!] as const);
  for (const [name, original] of originals) {
    window[name] = (...args: unknown[]) => {
      shown.push(`${name}: ${String(args[0])}`);
      return original.apply(vscode.window, args);
    };
  }
  return { shown, restore: () => originals.forEach(([name, original]) => (window[name] = original)) };
}

describe('a first start under the service’s rate limit, in the real host', function () {
  this.timeout(240_000);
  let sandbox: Sandbox;
  let folder: string;
  let notifications: ReturnType<typeof recordNotifications>;
  /** When each request arrived at the sandbox, refused or not. */
  const arrivals: number[] = [];

  before(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-first-start-'));
    // About 14,000 of its clicks fall in the last 30 days.
    sandbox = await startSandbox(
      { merchants: 20_000, clicks: 58_000, actions: 2_000, seed: 53, rateLimit: LIMIT },
      { onRequest: (request) => arrivals.push(request.at) },
    );
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    notifications = recordNotifications();
  });

  after(async () => {
    notifications.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    (await api()).reportsPanel.webviewPanel()?.dispose();
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    await setSetting('subId', undefined);
    await setSetting('baseUrl', undefined);
    await setSetting('rateLimit', 'off');
    await sandbox?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('records the extension’s notifications (the oracle sees what a person would)', async () => {
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', 'not a key!'), false);
    assert.ok(
      notifications.shown.some((line) => /letters and digits only/.test(line)),
      notifications.shown.join('\n'),
    );
    notifications.shown.length = 0;
  });

  it('brings the tree, the active article’s lens and the panel’s default state to the sandbox’s figures, none refused, no window over the limit at arrival, no notification', async function () {
    const links = await api();
    // The busiest SubID of the last 30 days names the article; its clicks are counted once the figures say their period.
    const recent = daysBefore(localToday(), 20);
    const bySubId = new Map<string, number>();
    sandbox.dataset.clicks.forEach(
      (item) =>
        item.subId &&
        item.date !== null &&
        item.date >= recent &&
        bySubId.set(item.subId, (bySubId.get(item.subId) ?? 0) + item.count),
    );
    const [subId] = [...bySubId].sort((a, b) => b[1] - a[1])[0]!;
    const clicksIn = (period: { from: string; to: string }, ofSubId?: string): number =>
      sandbox.dataset.clicks
        .filter(
          (item) =>
            item.date !== null &&
            item.date >= period.from &&
            item.date <= period.to &&
            (ofSubId === undefined || item.subId === ofSubId),
        )
        .reduce((sum, item) => sum + item.count, 0);

    // A new user: the service's address, the SubID setting, an article open, then the key.
    await setSetting('rateLimit', LIMIT);
    await setSetting('subId', '${fileBasenameNoExtension}');
    await setSetting('baseUrl', sandbox.url);
    const file = path.join(folder, `${subId}.md`);
    fs.writeFileSync(file, `# ${subId}\n\nAn article.\n`);
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    await vscode.window.showTextDocument(document);
    const started = Date.now();
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
    await vscode.commands.executeCommand('affiliateLinks.showReports');
    const defaultState: PanelState = defaultPanelState();
    await eventually(() => links.reportsPanel.snapshot(), 'the report panel', 30_000);
    await links.reportsPanel.select(defaultState);

    let lensTitles: string[] = [];
    /** Where things stand, for a failure's message. */
    const standing = (): string =>
      `lenses ${JSON.stringify(lensTitles)}; figures ${links.figures.aggregate ? `built, ${links.figures.aggregate.subIds.size} SubIDs` : 'none'}; catalog ${links.controller.store?.snapshot.merchants.size ?? 0} (${links.controller.status?.state}); sandbox ${JSON.stringify(sandbox.stats().rateLimit)} of ${sandbox.stats().total}`;
    let articleClicks = 0;
    const lens = await eventually(
      async () => {
        const lenses = (
          (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ??
          []
        ).filter((found) => found.command?.command === LENS_COMMAND);
        lensTitles = lenses.map((found) => found.command?.title ?? '');
        const period = links.figures.aggregate?.period;
        articleClicks = period === undefined ? 0 : clicksIn(period, subId);
        return period !== undefined &&
          lenses[0]?.command?.title.startsWith(`${articleClicks.toLocaleString('en-US')} clicks`)
          ? lenses[0]
          : undefined;
      },
      `the article's lens with the sandbox's clicks of ${subId}`,
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${standing()}`);
    });
    const lensSeconds = (Date.now() - started) / 1000;
    await eventually(
      () =>
        links.controller.store?.snapshot.merchants.size === 20_000 && links.controller.status?.state === 'idle'
          ? true
          : undefined,
      'the whole catalog',
      120_000,
    );
    const treeSeconds = (Date.now() - started) / 1000;
    const panel = await eventually(
      () => {
        const shown = links.reportsPanel.snapshot();
        return shown?.status === 'ready' && shown.state.period.preset === 'last30' && shown.source === 'network'
          ? shown
          : undefined;
      },
      'the panel’s default state read',
      180_000,
    );
    const panelSeconds = (Date.now() - started) / 1000;
    const accountClicks = clicksIn(panel.period!);
    const stats = sandbox.stats();
    const busiest = stats.rateLimit.windows.map((window) => ({
      ...window,
      ...busiestSpan(arrivals, window.seconds * 1000),
    }));
    (this.test as Mocha.Test & TestFigures).figures =
      `article ${subId}: ${articleClicks} clicks; account ${accountClicks}; lens ${lensSeconds.toFixed(1)} s, tree ${treeSeconds.toFixed(1)} s, panel ${panelSeconds.toFixed(1)} s; ${stats.total} requests, ${stats.rateLimit.refused} refused, most arrivals ${busiest.map((window) => `${window.count}/${window.requests} in ${window.seconds} s`).join(', ')}`;

    assert.ok(lens.command!.title.startsWith(`${articleClicks.toLocaleString('en-US')} clicks`));
    assert.equal(
      panel.summary?.figures.find((figure) => figure.id === 'clicks')?.value,
      accountClicks,
      'the panel’s clicks as the sandbox sums them',
    );
    assert.deepEqual(groups(links), expectedGroups(sandbox), 'the tree’s groups as the sandbox counts them');
    assert.equal(stats.rateLimit.refused, 0, `the sandbox refused ${stats.rateLimit.refused} requests`);
    assert.equal(arrivals.length, stats.total, 'every request heard as it arrived');
    for (const window of busiest) {
      assert.ok(
        window.count <= window.requests,
        `${window.count} requests arrived in ${window.seconds} s from +${window.from - started} ms (limit ${window.requests})`,
      );
    }
    assert.deepEqual(notifications.shown, [], 'no error or warning notification');
  });
});
