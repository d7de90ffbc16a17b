/**
 * Keys and platforms in the real host, in each of the sandbox's worlds of keys (issue 23):
 * `single`, where one key opens everything, and `split`, where a platform key opens its
 * platform's catalog and the account key the reports. One key set reaches the tree, the links,
 * the lens and the panel, and the account key is asked for only in `split`; a workspace on
 * platform B copies B's tracking links (with its key) and counts B's clicks (the `adspaceId`
 * filter, sent to the service); and the reports' refusal of the wrong kind of key asks for the
 * account key, never saying "not your platform".
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../src/extension';
import { EMPTY_RING, withPlatformKey } from '../../src/keys/keyRing';
import { platformTrackingLink, startSandbox, type KeyWorld, type Sandbox } from '../../src/sandbox/server';
import type { PanelSnapshot } from '../../src/reports/panel/protocol';
import { activatedExtension, eventually } from './extensionUnderTest';

async function api(): Promise<AffiliateLinksApi> {
  return (await activatedExtension()).exports as AffiliateLinksApi;
}

async function setSetting(name: string, value: unknown, target = vscode.ConfigurationTarget.Global): Promise<void> {
  await vscode.workspace.getConfiguration('affiliateLinks').update(name, value, target);
}

async function setKey(key: string, kind?: 'account'): Promise<void> {
  assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', key, kind), true);
}

async function panelWhere(accept: (snapshot: PanelSnapshot) => boolean, what: string): Promise<PanelSnapshot> {
  const links = await api();
  return eventually(
    () => {
      const shown = links.reportsPanel.snapshot();
      return shown !== undefined && accept(shown) ? shown : undefined;
    },
    what,
    45_000,
  );
}

const NOT_YOURS = /not one of your account/;

for (const world of ['single', 'split'] as const satisfies readonly KeyWorld[]) {
  describe(`keys and platforms in the real host (${world})`, function () {
    this.timeout(120_000);
    let sandbox: Sandbox;
    let folder: string;
    const arrivals: Array<{ pathname: string; query: string }> = [];
    /** Everything the host posted to the webview during the suite. */
    const posted: string[] = [];
    let listening: vscode.Disposable | undefined;

    /** A merchant with a tracking link, and the top SubID of the last 30 days. */
    const sample = () => {
      const merchant = sandbox.dataset.merchants.find((each) => each.merchantId !== null && each.isActive)!;
      const bySubId = new Map<string, number>();
      sandbox.dataset.clicks.forEach(
        (item) => item.subId && bySubId.set(item.subId, (bySubId.get(item.subId) ?? 0) + item.count),
      );
      return { merchant, subId: [...bySubId].sort((a, b) => b[1] - a[1])[0]![0] };
    };

    before(async () => {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), `affiliate-links-keys-${world}-`));
      sandbox = await startSandbox(
        { merchants: 150, clicks: 3_000, actions: 300, seed: 53, keys: world },
        { onRequest: (request) => arrivals.push(request) },
      );
      await setSetting('baseUrl', sandbox.url);
      listening = (await api()).reportsPanel.onDidPost((message) => posted.push(JSON.stringify(message)));
    });

    after(async () => {
      listening?.dispose();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('affiliateLinks.clearApiKey', 'all');
      await setSetting('platform', undefined);
      await setSetting('platform', undefined, vscode.ConfigurationTarget.Workspace).catch(() => undefined);
      await setSetting('baseUrl', undefined);
      await sandbox?.close();
      fs.rmSync(folder, { recursive: true, force: true });
    });

    it(`one key reaches the tree, the links, the lens and the panel; the account key is asked for ${world === 'split' ? 'and then' : 'never'}`, async () => {
      const links = await api();
      await setKey(sandbox.key);
      await eventually(
        () => (links.controller.store?.snapshot.merchants.size === 150 ? true : undefined),
        'the catalog in the tree',
        30_000,
      );
      const { merchant, subId } = sample();
      const key = [...links.controller.store!.snapshot.merchants].find(
        ([, each]) => each.merchantId === merchant.merchantId,
      )![0];
      assert.equal(
        await vscode.commands.executeCommand<string>('affiliateLinks.copyTrackingLink', key),
        merchant.trackingLink,
        'platform 1’s own tracking link',
      );

      await vscode.commands.executeCommand('affiliateLinks.showReports');
      if (world === 'split') {
        assert.equal(links.keys.keys.reports, undefined, 'the platform key is not used for the reports');
        const asked = await panelWhere(
          (snapshot) => snapshot.error?.kind === 'needsAccountKey',
          'the panel asking for the account key',
        );
        assert.deepEqual(asked.error!.actions, ['addAccountKey', 'keyHelp']);
        assert.doesNotMatch(asked.error!.message, NOT_YOURS);
        assert.equal(
          arrivals.filter((arrival) => !arrival.pathname.includes('merchant')).length,
          1,
          'only the key check asked the reports',
        );
        await setKey(sandbox.keys.account!, 'account');
      } else {
        assert.equal(links.keys.keys.reports?.key, sandbox.key, 'the one key opens the reports too');
      }
      await panelWhere(
        (snapshot) => snapshot.status === 'ready' && snapshot.summary !== undefined,
        'the panel’s report',
      );

      const document = path.join(folder, 'article.md');
      fs.writeFileSync(document, `# An article\n\nBuy at [the shop](${merchant.trackingLink}?s=${subId}).\n`);
      const uri = vscode.Uri.file(document);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      await vscode.commands.executeCommand('affiliateLinks.refreshFigures');
      const lens = await eventually(
        async () => {
          const lenses =
            (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
          return lenses.find(
            (each) =>
              each.command?.command === 'affiliateLinks.showReportsForSubId' && /click/.test(each.command.title),
          );
        },
        'the article’s lens',
        45_000,
      );
      const { from, to } = links.figures.aggregate!.period;
      const clicks = sandbox.dataset.clicks
        .filter((item) => item.subId === subId && item.date !== null && item.date >= from && item.date <= to)
        .reduce((sum, item) => sum + item.count, 0);
      assert.ok(
        lens.command!.title.startsWith(`${clicks.toLocaleString('en-US')} click`),
        `${lens.command!.title} (expected ${clicks} clicks)`,
      );
    });

    it('a workspace on platform B copies B’s tracking link, with B’s key, and counts B’s clicks', async () => {
      const links = await api();
      const platformB = sandbox.keys.platforms[1]!;
      await eventually(
        () => (links.keys.choices.some((choice) => choice.id === platformB.id) ? true : undefined),
        'platform B known from the reports',
        30_000,
      );
      assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.choosePlatform', platformB.id), true);
      assert.equal(links.keys.workspace.platform?.id, platformB.id);
      await setKey(platformB.key);
      await eventually(
        () =>
          links.controller.connection?.apiKey === platformB.key &&
          links.controller.store?.snapshot.merchants.size === 150
            ? true
            : undefined,
        'platform B’s catalog',
        30_000,
      );
      assert.equal(links.keys.keys.catalog?.own, true);
      const { merchant } = sample();
      const key = [...links.controller.store!.snapshot.merchants].find(
        ([, each]) => each.merchantId === merchant.merchantId,
      )![0];
      assert.equal(
        await vscode.commands.executeCommand<string>('affiliateLinks.copyTrackingLink', key),
        platformTrackingLink(merchant.trackingLink, 1),
      );

      const before = arrivals.length;
      await vscode.commands.executeCommand('affiliateLinks.refreshFigures');
      // The clicks of platform B over a figures period, and of every platform (the sandbox's own sums).
      const clicksIn = ({ from, to }: { from: string; to: string }, platform?: string) =>
        sandbox.dataset.clicks
          .filter((item) => item.date !== null && item.date >= from && item.date <= to)
          .filter((item) => platform === undefined || item.adspaceId === platform)
          .reduce((sum, item) => sum + item.count, 0);
      // The account-wide figures: while they are read, an open article's SubIDs may be read first and give an
      // aggregate of theirs alone, so the wait is for the whole platform's clicks (and times out if they never come).
      let seen: number | undefined;
      const aggregate = await eventually(
        () => {
          const now = links.figures.aggregate;
          if (now?.totals === undefined || links.reports.platformId !== platformB.id) {
            return undefined;
          }
          seen = now.totals.clicks;
          return seen === clicksIn(now.period, platformB.id) ? now : undefined;
        },
        'platform B’s figures, all its clicks',
        45_000,
      ).catch((error: unknown) => {
        throw new Error(
          `${error instanceof Error ? error.message : String(error)}; the clicks last seen: ${String(seen)}`,
        );
      });
      const expected = clicksIn(aggregate.period, platformB.id);
      assert.ok(expected > 0 && expected < clicksIn(aggregate.period), 'platform B has some of the clicks');
      // The figures' reads carry the filter (the panel, open on all platforms, may still read its own).
      const asked = arrivals.slice(before).filter((arrival) => arrival.pathname.endsWith('/click'));
      assert.ok(
        asked.some(
          (arrival) =>
            new URLSearchParams(arrival.query).get('adspaceId') === platformB.id &&
            !new URLSearchParams(arrival.query).has('subId'),
        ),
        asked.map((arrival) => arrival.query).join('\n'),
      );
      await eventually(
        () => (links.platformStatus.shown?.text === `$(globe) ${platformB.name}` ? true : undefined),
        'the platform in the status bar',
        10_000,
      );
    });

    it('clears the one key picked, and no key reaches the log, the settings or the webview', async () => {
      const links = await api();
      const before = links.keys.ring;
      const chosen = world === 'split' ? 'account' : 0;
      await vscode.commands.executeCommand('affiliateLinks.clearApiKey', chosen);
      await eventually(
        () =>
          links.keys.ring.platforms.length + (links.keys.ring.account ? 1 : 0) ===
          before.platforms.length + (before.account ? 1 : 0) - 1
            ? true
            : undefined,
        'one key fewer',
        10_000,
      );
      if (world === 'split') {
        assert.equal(links.keys.ring.account, undefined);
        assert.deepEqual(links.keys.ring.platforms, before.platforms);
      } else {
        assert.deepEqual(links.keys.ring.platforms, before.platforms.slice(1));
      }
      const keys = [
        ...sandbox.keys.platforms.map((platform) => platform.key),
        ...(sandbox.keys.account ? [sandbox.keys.account] : []),
      ];
      const logs = fs
        .readdirSync(links.logUri.fsPath)
        .map((name) => fs.readFileSync(path.join(links.logUri.fsPath, name), 'utf8'))
        .join('\n');
      const settings = JSON.stringify(vscode.workspace.getConfiguration('affiliateLinks'));
      assert.ok(logs.length > 0 && posted.length > 0);
      for (const key of keys) {
        assert.ok(!logs.includes(key), 'a key in the log');
        assert.ok(!settings.includes(key), 'a key in the settings');
        assert.ok(!posted.some((message) => message.includes(key)), 'a key sent to the webview');
      }
    });

    it('a refusal of the wrong kind of key asks for the account key, never "not your platform"', async () => {
      const links = await api();
      // Every error the panel shows from here on, as the webview gets it.
      const errors: Array<{ kind: string; message: string }> = [];
      const listening = links.reportsPanel.onDidPost(
        (message) => message.type === 'snapshot' && message.snapshot.error && errors.push(message.snapshot.error),
      );
      try {
        // A platform key never checked (as one from the environment), on a workspace filtered to a platform.
        await links.keys.update(() => withPlatformKey(EMPTY_RING, { key: sandbox.key, name: '', opens: {} }));
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.commands.executeCommand('affiliateLinks.showReports');
        if (world === 'single') {
          // The one key opens the reports: nothing is refused, and nothing asks for another key.
          await panelWhere((snapshot) => snapshot.status === 'ready', 'the panel’s report');
          assert.equal(links.keys.keys.reports?.key, sandbox.key);
          assert.deepEqual(errors, []);
          return;
        }
        const asked = await panelWhere(
          (snapshot) => snapshot.error?.kind === 'needsAccountKey',
          'the panel asking for the account key',
        );
        assert.equal(
          asked.state.filters.adspaceId,
          sandbox.keys.platforms[1]!.id,
          'the panel opened on the workspace’s platform',
        );
        await eventually(
          () => (links.keys.keys.reports === undefined ? true : undefined),
          'the refused key no longer sent to the reports',
          10_000,
        );
        assert.equal(links.keys.ring.platforms[0]?.opens.reports, false, 'kept as not opening the reports');
        assert.ok(
          arrivals.some(
            (arrival) =>
              arrival.pathname.endsWith('/click') &&
              new URLSearchParams(arrival.query).get('adspaceId') === sandbox.keys.platforms[1]!.id,
          ),
          'the reports were asked, and refused the key',
        );
        // Every error shown on the way asked for the account key: none read as a failure of the key, none as "not your platform".
        assert.ok(errors.length > 0);
        assert.deepEqual(
          errors.filter((error) => error.kind !== 'needsAccountKey' || NOT_YOURS.test(error.message)),
          [],
        );
      } finally {
        listening.dispose();
      }
    });
  });
}
