/**
 * The report panel in the real host, against the sandbox: Show Reports opens a webview tab of
 * the panel's view type; the real webview app says `ready` and gets a snapshot; a rows request
 * gets its rows; the summary's total is the sandbox's sum; the serializer restores a state; no
 * key and a refused key show what to do; the status bar shows today's clicks.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import type { HostToWebview, PanelSnapshot, PanelState, WebviewToHost } from '../../src/reports/panel/protocol';
import { scriptNonce, strictCspProblems } from '../common/strictCsp';
import { activatedExtension, eventually } from './extensionUnderTest';
import { defaultPanelState } from '../../src/reports/model/reportVocabulary';

const VIEW_TYPE = 'affiliateLinks.reports';

async function api(): Promise<AffiliateLinksApi> {
  return (await activatedExtension()).exports as AffiliateLinksApi;
}

async function setBaseUrl(url: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('affiliateLinks').update('baseUrl', url, vscode.ConfigurationTarget.Global);
}

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function panelTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.includes(VIEW_TYPE));
}

function sandboxClicks(sandbox: Sandbox, period: { from: string; to: string }): number {
  return sandbox.dataset.clicks
    .filter((item) => item.date !== null && item.date >= period.from && item.date <= period.to)
    .reduce((sum, item) => sum + item.count, 0);
}

describe('report panel in the real host', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  const received: Array<{ message: WebviewToHost; from: string }> = [];
  const posted: HostToWebview[] = [];
  const refused: Array<{ reason: string; from: string }> = [];
  const listeners: vscode.Disposable[] = [];

  /** The next snapshot posted (or the one shown) that satisfies `accept`. */
  async function snapshotWhere(
    accept: (snapshot: PanelSnapshot) => boolean,
    what: string,
    timeoutMs = 30_000,
  ): Promise<PanelSnapshot> {
    const links = await api();
    return eventually(
      () => {
        const shown = links.reportsPanel.snapshot();
        return shown !== undefined && accept(shown) ? shown : undefined;
      },
      what,
      timeoutMs,
    );
  }

  async function setKey(key: string): Promise<void> {
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', key), true);
  }

  before(async () => {
    sandbox = await startSandbox({ merchants: 60, clicks: 3_000, actions: 300, seed: 41 });
    await setBaseUrl(sandbox.url);
    await setKey(sandbox.key);
    const links = await api();
    await eventually(
      () => (links.controller.connection?.baseUrl === sandbox.url ? true : undefined),
      'the connection to the sandbox',
      30_000,
    );
    listeners.push(
      links.reportsPanel.onDidReceive((event) => received.push(event)),
      links.reportsPanel.onDidPost((message) => posted.push(message)),
      links.reportsPanel.onDidRefuse((event) => refused.push(event)),
    );
  });

  afterEach(() => {
    assert.deepEqual(
      refused.filter((event) => event.from === 'webview'),
      [],
      'the webview sends only messages the host accepts',
    );
    // The app reports script errors and CSP violations as `problem`: the real page has none.
    assert.deepEqual(
      received.filter((event) => event.message.type === 'problem').map((event) => event.message),
      [],
      'no script error or CSP violation in the webview',
    );
    // The key stays in the extension host: not in the page, not in any message.
    assert.ok(!JSON.stringify(posted).includes(sandbox.key), 'the key is in no message to the webview');
  });

  after(async () => {
    listeners.forEach((listener) => listener.dispose());
    (await api()).reportsPanel.webviewPanel()?.dispose();
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    await setBaseUrl(undefined);
    await sandbox?.close();
  });

  it('opens from Show Reports as a webview tab of its view type, and comes forward instead of opening twice', async () => {
    await vscode.commands.executeCommand('affiliateLinks.showReports');
    await eventually(() => (panelTabs().length === 1 ? true : undefined), 'the report panel tab');
    await vscode.commands.executeCommand('affiliateLinks.showReports');
    assert.equal(panelTabs().length, 1);
    const links = await api();
    assert.equal(links.reportsPanel.webviewPanel()?.viewType, VIEW_TYPE);
    assert.equal(links.reportsPanel.webviewPanel()?.webview.options.enableScripts, true);
    // The page is in VS Code's display language and carries the translations only when there are some (none in English).
    const html = links.reportsPanel.webviewPanel()?.webview.html ?? '';
    assert.ok(html.includes(`<html lang="${vscode.env.language}">`), 'the page’s language is VS Code’s');
    assert.equal(html.includes('<script type="application/json" id="l10n-bundle">'), vscode.l10n.bundle !== undefined);
  });

  it('gives the page VS Code shows the strict CSP, a nonce of its own per render, and dist/webview as its only resource root', async () => {
    const links = await api();
    const first = links.reportsPanel.webviewPanel()!;
    assert.deepEqual(strictCspProblems(first.webview.html, first.webview.cspSource), []);
    const extensionUri = vscode.extensions.getExtension('affiliate-links.affiliate-links')!.extensionUri;
    assert.deepEqual(first.webview.options.localResourceRoots?.map(String), [
      vscode.Uri.joinPath(extensionUri, 'dist', 'webview').toString(),
    ]);
    const firstNonce = scriptNonce(first.webview.html);
    first.dispose();
    await eventually(() => (panelTabs().length === 0 ? true : undefined), 'the report panel closed');
    await vscode.commands.executeCommand('affiliateLinks.showReports');
    const second = await eventually(
      () => (links.reportsPanel.webviewPanel() !== first ? links.reportsPanel.webviewPanel() : undefined),
      'a new report panel',
    );
    assert.deepEqual(strictCspProblems(second.webview.html, second.webview.cspSource), []);
    assert.ok(
      firstNonce !== undefined && scriptNonce(second.webview.html) !== firstNonce,
      'the second render has a nonce of its own',
    );
  });

  it('answers the real webview’s ready with a snapshot, and a rows request with the rows of the table', async () => {
    const links = await api();
    assert.ok(
      fs.existsSync(
        path.join(
          vscode.extensions.getExtension('affiliate-links.affiliate-links')!.extensionPath,
          'dist/webview/reports.js',
        ),
      ),
      'the webview app is built (dist/webview/reports.js)',
    );
    await eventually(
      () => received.find((event) => event.from === 'webview' && event.message.type === 'ready'),
      'ready from the webview',
      30_000,
    );
    const ready = await snapshotWhere(
      (snapshot) => snapshot.status === 'ready' && snapshot.table !== undefined && snapshot.table.rowCount > 0,
      'a ready snapshot with a table',
    );
    assert.ok(
      posted.some((message) => message.type === 'snapshot' && message.snapshot.selectionId === ready.selectionId),
      'the snapshot was posted to the webview',
    );
    // The app asks for the rows of the table it shows: each of its requests is answered.
    const asked = await eventually(() => {
      const requests = received.filter((event) => event.from === 'webview' && event.message.type === 'request');
      return requests.length > 0 ? requests : undefined;
    }, 'a rows request from the webview');
    for (const { message } of asked) {
      assert.ok(
        message.type === 'request' && posted.some((reply) => reply.type === 'reply' && reply.id === message.id),
        `request ${JSON.stringify(message)} answered`,
      );
    }
    assert.deepEqual(
      refused.filter((event) => event.from === 'webview'),
      [],
      'the webview sends only messages the host accepts',
    );
    // The app reports script errors and CSP violations as `problem`: the real page has none.
    assert.deepEqual(
      received.filter((event) => event.message.type === 'problem').map((event) => event.message),
      [],
      'no script error or CSP violation in the webview',
    );
    // The key stays in the extension host: not in the page, not in any message.
    assert.ok(!links.reportsPanel.webviewPanel()!.webview.html.includes(sandbox.key), 'the key is not in the page');
    assert.ok(!JSON.stringify(posted).includes(sandbox.key), 'the key is in no message to the webview');

    const count = Math.min(5, ready.table!.rowCount);
    await links.reportsPanel.postToHost({
      type: 'request',
      id: 900_001,
      method: 'rows',
      params: { selectionId: ready.selectionId, offset: 0, count },
    });
    const reply = posted.find((message) => message.type === 'reply' && message.id === 900_001);
    assert.ok(
      reply && reply.type === 'reply' && reply.ok && reply.method === 'rows',
      `a reply with rows: ${JSON.stringify(reply)}`,
    );
    assert.equal(reply.result.selectionId, ready.selectionId);
    assert.equal(reply.result.rows.length, count);
    assert.equal(reply.result.rows[0].cells.length, ready.table!.columns.length);

    await links.reportsPanel.postToHost({
      type: 'request',
      id: 900_002,
      method: 'rows',
      params: { selectionId: ready.selectionId + 1_000, offset: 0, count },
    });
    const staleReply = posted.find((message) => message.type === 'reply' && message.id === 900_002);
    assert.ok(staleReply && staleReply.type === 'reply' && !staleReply.ok, 'a stale selection gets an error reply');

    const before = posted.length;
    await links.reportsPanel.postToHost({
      type: 'request',
      id: 900_003,
      method: 'rows',
      params: { selectionId: ready.selectionId, offset: 0, count: 501 },
    });
    assert.ok(
      !posted.slice(before).some((message) => message.type === 'reply' && message.id === 900_003),
      'a refused message gets no answer',
    );
    assert.deepEqual(refused.at(-1), { reason: 'request.params.count: expected 1 to 500', from: 'test' });
  });

  it('shows the clicks the sandbox sums for the same period', async () => {
    const links = await api();
    const state: PanelState = defaultPanelState();
    await links.reportsPanel.select(state);
    const shown = await snapshotWhere(
      (snapshot) =>
        snapshot.status === 'ready' &&
        snapshot.state.period.preset === 'last30' &&
        snapshot.state.groupBy === 'day' &&
        snapshot.summary !== undefined,
      'the last 30 days',
    );
    const clicks = shown.summary!.figures.find((figure) => figure.id === 'clicks');
    assert.ok(shown.period);
    assert.equal(clicks?.value, sandboxClicks(sandbox, shown.period));
  });

  it('opens the workspace file named after a SubID from its row, and reveals a merchant’s row in the Merchants view', async () => {
    const links = await api();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test host has a workspace folder');
    const bySubId: PanelState = {
      version: 1,
      tab: 'clicks',
      period: { preset: 'last30' },
      filters: {},
      groupBy: 'subId',
      sort: null,
    };
    await links.reportsPanel.select(bySubId);
    const shown = await snapshotWhere(
      (snapshot) =>
        snapshot.status === 'ready' && snapshot.state.groupBy === 'subId' && (snapshot.table?.rowCount ?? 0) > 0,
      'the SubID rows',
    );
    const period = shown.period!;
    const subId = sandbox.dataset.clicks.find(
      (item) => item.subId !== null && item.date >= period.from && item.date <= period.to,
    )!.subId!;
    const file = vscode.Uri.joinPath(folder.uri, 'posts', `${subId}.md`);
    await vscode.workspace.fs.writeFile(file, Buffer.from(`# ${subId}\n`));
    // A panel lists the workspace's files when it opens (a watcher follows them after that, as
    // fast as the host's file events come): a new panel offers the file on its row.
    links.reportsPanel.webviewPanel()?.dispose();
    await eventually(() => (panelTabs().length === 0 ? true : undefined), 'the panel closed');
    await links.reportsPanel.show();
    const rowsOf = async (id: number): Promise<Array<{ key: string | null; actions: string[] }>> => {
      const selectionId = links.reportsPanel.snapshot()!.selectionId;
      await links.reportsPanel.postToHost({
        type: 'request',
        id,
        method: 'rows',
        params: { selectionId, offset: 0, count: 200 },
      });
      const reply = posted.find((message) => message.type === 'reply' && message.id === id);
      return reply?.type === 'reply' && reply.ok && reply.method === 'rows' ? reply.result.rows : [];
    };
    let nextId = 910_000;
    await eventually(
      async () => {
        await links.reportsPanel.select({
          ...bySubId,
          sort: { column: 'label', direction: nextId % 2 === 0 ? 'asc' : 'desc' },
        });
        await snapshotWhere(
          (snapshot) => snapshot.status === 'ready' && snapshot.state.groupBy === 'subId',
          'the SubID rows again',
        );
        const row = (await rowsOf(nextId++)).find((candidate) => candidate.key === subId);
        return row?.actions.includes('openSubIdFile') ? row : undefined;
      },
      `"Open file" offered on the row of ${subId}`,
      30_000,
    );
    await links.reportsPanel.postToHost({
      type: 'rowAction',
      selectionId: links.reportsPanel.snapshot()!.selectionId,
      action: 'openSubIdFile',
      key: subId,
    });
    await eventually(
      () => (vscode.window.activeTextEditor?.document.uri.path === file.path ? true : undefined),
      `${subId}.md opened`,
      15_000,
    );

    const byMerchant: PanelState = { ...bySubId, groupBy: 'merchant', sort: null };
    await links.reportsPanel.select(byMerchant);
    await snapshotWhere(
      (snapshot) => snapshot.status === 'ready' && snapshot.state.groupBy === 'merchant',
      'the merchant rows',
    );
    const catalog = links.controller.store!.snapshot.merchants;
    const merchantRow = (await rowsOf(nextId++)).find(
      (row) =>
        row.key !== null &&
        row.actions.includes('revealMerchant') &&
        [...catalog.values()].some((merchant) => String(merchant.merchantId) === row.key && merchant.isActive),
    );
    assert.ok(merchantRow, 'a merchant row of an active catalog merchant');
    const merchant = [...catalog.values()].find((candidate) => String(candidate.merchantId) === merchantRow.key)!;
    await links.reportsPanel.postToHost({
      type: 'rowAction',
      selectionId: links.reportsPanel.snapshot()!.selectionId,
      action: 'revealMerchant',
      key: merchantRow.key!,
    });
    await eventually(
      () => (links.view.selectedMerchants.includes(merchant.name) ? true : undefined),
      `${merchant.name} selected in the Merchants view`,
      15_000,
    );
    await vscode.workspace.fs.delete(file);
  });

  it('restores a panel through its serializer, showing the saved state, and the default state for a bad one', async () => {
    const links = await api();
    const saved: PanelState = {
      version: 1,
      tab: 'actions',
      period: { preset: 'last7' },
      filters: {},
      groupBy: 'program',
      sort: null,
    };
    const restored = vscode.window.createWebviewPanel(VIEW_TYPE, 'Reports', vscode.ViewColumn.One);
    await links.reportsPanel.serializer.deserializeWebviewPanel(restored, saved);
    assert.equal(links.reportsPanel.webviewPanel(), restored);
    await eventually(() => (panelTabs().length === 1 ? true : undefined), 'one report panel after the restore');
    const shown = await snapshotWhere((snapshot) => snapshot.state.tab === 'actions', 'the restored state');
    assert.deepEqual(shown.state, saved);

    const again = vscode.window.createWebviewPanel(VIEW_TYPE, 'Reports', vscode.ViewColumn.One);
    await links.reportsPanel.serializer.deserializeWebviewPanel(again, { ...saved, version: 7 });
    assert.equal(links.reportsPanel.webviewPanel(), again);
    const fallback = await snapshotWhere((snapshot) => snapshot.state.tab === 'clicks', 'the default state');
    assert.deepEqual(fallback.state, defaultPanelState());
  });

  it('opens a new panel on the panel state the last one showed', async () => {
    const links = await api();
    await links.reportsPanel.show();
    const shown: PanelState = {
      version: 1,
      tab: 'clicks',
      period: { preset: 'last90' },
      filters: {},
      groupBy: 'platform',
      sort: { column: 'clicks', direction: 'asc' },
    };
    await links.reportsPanel.select(shown);
    await snapshotWhere(
      (snapshot) => snapshot.state.groupBy === 'platform' && snapshot.state.period.preset === 'last90',
      'the state shown',
    );
    links.reportsPanel.webviewPanel()!.dispose();
    await eventually(() => (panelTabs().length === 0 ? true : undefined), 'the panel closed');
    await vscode.commands.executeCommand('affiliateLinks.showReports');
    const reopened = await snapshotWhere(
      (snapshot) => snapshot.state.period.preset === 'last90',
      'the new panel on the last state',
    );
    assert.deepEqual(reopened.state, shown);
  });

  it('shows today’s clicks in the status bar, as the sandbox counts them', async () => {
    const links = await api();
    const expected = sandboxClicks(sandbox, { from: localToday(), to: localToday() });
    const shown = await eventually(
      () => {
        const status = links.reportsStatus.shown;
        return status &&
          status.text === `$(graph) ${expected.toLocaleString('en-US')} ${expected === 1 ? 'click' : 'clicks'} today`
          ? status
          : undefined;
      },
      `"${expected} clicks today" in the status bar (shown: ${links.reportsStatus.shown?.text})`,
      30_000,
    );
    assert.match(shown.tooltip, /Click to show reports/);
  });

  it('asks for a key when there is none, and shows the Set API Key action when the service refuses the key', async () => {
    const links = await api();
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    const noKey = await snapshotWhere((snapshot) => snapshot.error?.kind === 'noKey', 'the no-key snapshot');
    assert.deepEqual(noKey.error, {
      kind: 'noKey',
      message: 'Set your publisher API key to see your reports.',
      actions: ['setApiKey'],
    });
    await eventually(
      () => (links.reportsStatus.shown === undefined ? true : undefined),
      'the status bar item hidden without a key',
    );

    // A key another service accepts, then this sandbox refuses (401).
    const other = await startSandbox({ key: 'someoneelseskey', merchants: 5, clicks: 10, actions: 5, seed: 42 });
    try {
      await setBaseUrl(other.url);
      await setKey(other.key);
      await setBaseUrl(sandbox.url);
      await eventually(
        () =>
          links.controller.connection?.baseUrl === sandbox.url && links.controller.connection.apiKey === other.key
            ? true
            : undefined,
        'the refused key in use',
        30_000,
      );
      const unauthorized = await snapshotWhere((snapshot) => snapshot.error?.kind === 'auth', 'the 401 snapshot');
      assert.ok(unauthorized.error!.actions.includes('setApiKey'), JSON.stringify(unauthorized.error));
    } finally {
      await setKey(sandbox.key);
      await other.close();
    }
    await snapshotWhere((snapshot) => snapshot.status === 'ready', 'the report again with the right key');
  });
});
