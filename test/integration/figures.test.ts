/**
 * The figures where you write, in the real host against the sandbox: the lens at the top of a
 * Markdown article holds the sandbox's clicks of its SubID over the figures period, a line with
 * deeplinks gets its own; editing the article and asking again makes no request; a document
 * without deeplinks gets no lens; the SubID setting's `${fileBasenameNoExtension}` gives a file
 * its SubID; the status bar shows the active article's clicks; switched off, no lens.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { activatedExtension, eventually } from './extensionUnderTest';
import { defaultPanelState } from '../../src/reports/model/reportVocabulary';

const LENS_COMMAND = 'affiliateLinks.showReportsForSubId';

async function api(): Promise<AffiliateLinksApi> {
  return (await activatedExtension()).exports as AffiliateLinksApi;
}

async function setSetting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('affiliateLinks').update(name, value, vscode.ConfigurationTarget.Global);
}

/** The figures' lenses of a document (other providers' lenses left out), by line. */
async function figuresLenses(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
  return lenses
    .filter((lens) => lens.command?.command === LENS_COMMAND)
    .sort((a, b) => a.range.start.line - b.range.start.line);
}

function clicksText(clicks: number): string {
  return `${clicks.toLocaleString('en-US')} ${clicks === 1 ? 'click' : 'clicks'}`;
}

describe('figures in the real host', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let folder: string;
  /** The SubID with most clicks in the figures period, and its clicks as the sandbox counts them. */
  let subId: string;
  let expected: number;

  async function writeDocument(name: string, content: string): Promise<vscode.TextDocument> {
    const file = path.join(folder, name);
    fs.writeFileSync(file, content);
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    await vscode.window.showTextDocument(document);
    return document;
  }

  function article(): string {
    const [first, second] = sandbox.dataset.merchants.filter((merchant) => typeof merchant.trackingLink === 'string');
    const target = encodeURIComponent('https://shop.example/running-shoes');
    return [
      '# Best running shoes',
      '',
      'Words without links, and https://example.org/ that is no deeplink.',
      '',
      `Buy them at [the first shop](${first!.trackingLink}?url=${target}&s=${subId}).`,
      '',
      `Or at [the second](${second!.trackingLink}?s=${encodeURIComponent(subId)}&url=${target}) and [the first again](${first!.trackingLink}?s=${subId}).`,
      '',
    ].join('\n');
  }

  before(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-figures-'));
    sandbox = await startSandbox({ merchants: 40, clicks: 3_000, actions: 300, seed: 47 });
    await setSetting('baseUrl', sandbox.url);
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
    const links = await api();
    await eventually(
      () => (links.controller.connection?.baseUrl === sandbox.url ? true : undefined),
      'the connection to the sandbox',
      30_000,
    );
    await eventually(
      () => ((links.controller.store?.snapshot.merchants.size ?? 0) > 0 ? true : undefined),
      'the catalog',
      30_000,
    );
    // The status bar's first read of today's clicks (a few seconds after activation) is done, so
    // no request of its own lands in the middle of a test that counts them.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await eventually(
      () => (links.reportsStatus.shown?.text.endsWith('today') ? true : undefined),
      "today's clicks in the status bar",
      30_000,
    );
    await vscode.commands.executeCommand('affiliateLinks.refreshFigures');
    const aggregate = await eventually(() => links.figures.aggregate, 'the figures', 30_000);
    const { from, to } = aggregate.period;
    const bySubId = new Map<string, number>();
    for (const item of sandbox.dataset.clicks) {
      if (item.subId && item.date !== null && item.date >= from && item.date <= to) {
        bySubId.set(item.subId, (bySubId.get(item.subId) ?? 0) + item.count);
      }
    }
    [subId, expected] = [...bySubId].sort((a, b) => b[1] - a[1])[0]!;
    assert.ok(expected > 0, 'the sandbox has clicks with a SubID in the period');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setSetting('figures.enabled', undefined);
    await setSetting('subId', undefined);
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    await setSetting('baseUrl', undefined);
    await sandbox?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('puts the sandbox’s clicks of the article’s SubID in the lens at the top, and a lens on each line with deeplinks', async () => {
    const links = await api();
    const document = await writeDocument('article.md', article());
    const lenses = await eventually(
      async () => {
        const found = await figuresLenses(document.uri);
        return found.length > 0 ? found : undefined;
      },
      'the figures lenses',
      30_000,
    );
    const top = lenses[0]!;
    assert.equal(top.range.start.line, 0);
    assert.match(top.command!.title, new RegExp(`^${clicksText(expected)}( · |$)`));
    assert.deepEqual(top.command!.arguments, [subId, links.figures.aggregate!.days]);
    assert.match(String(top.command!.tooltip), /as of \d\d:\d\d/);
    assert.deepEqual(
      lenses.slice(1).map((lens) => [lens.range.start.line, lens.command!.title]),
      [
        [4, `${clicksText(expected)} · ${subId}`],
        [6, `${clicksText(expected)} · ${subId}`],
      ],
    );
  });

  it('opens the report panel filtered to the lens’s SubID and the figures period', async () => {
    const links = await api();
    const document = await writeDocument('panel.md', article());
    const [top] = await eventually(
      async () => {
        const found = await figuresLenses(document.uri);
        return found.length > 0 ? found : undefined;
      },
      'the lens at the top',
      30_000,
    );
    await vscode.commands.executeCommand(top!.command!.command, ...(top!.command!.arguments ?? []));
    try {
      const snapshot = await eventually(
        () => {
          const shown = links.reportsPanel.snapshot();
          return shown?.state.filters.subId === subId && shown.summary !== undefined ? shown : undefined;
        },
        'the panel filtered to the SubID',
        30_000,
      );
      assert.deepEqual(snapshot.state, {
        version: 1,
        tab: 'clicks',
        period: { preset: 'last30' },
        filters: { subId },
        groupBy: 'day',
        sort: null,
      });
      assert.deepEqual(snapshot.period, links.figures.aggregate!.period);
    } finally {
      // The next panel opened (by other suites too) starts from the default state again.
      if (links.reportsPanel.webviewPanel()) {
        await links.reportsPanel.select(defaultPanelState());
      }
      links.reportsPanel.webviewPanel()?.dispose();
    }
  });

  it('makes no request when the article is edited and its lenses asked for again', async () => {
    const document = await writeDocument('edited.md', article());
    await eventually(
      async () => ((await figuresLenses(document.uri)).length > 0 ? true : undefined),
      'the lenses of the article',
      30_000,
    );
    // Whatever the catalog and the status bar were reading has settled.
    let last = -1;
    await eventually(
      async () => {
        const total = sandbox.stats().total;
        const settled = total === last;
        last = total;
        await new Promise((resolve) => setTimeout(resolve, 500));
        return settled ? true : undefined;
      },
      'no request for half a second',
      30_000,
    );
    const before = sandbox.stats().total;
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(2, 0), 'A new paragraph, typed just now.\n\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const lenses = await figuresLenses(document.uri);
    assert.deepEqual(
      lenses.map((lens) => lens.range.start.line),
      [0, 6, 8],
      'the lenses follow the lines they are on',
    );
    assert.match(lenses[0]!.command!.title, new RegExp(`^${clicksText(expected)}`));
    assert.equal(sandbox.stats().total, before, 'no request while typing');
    await document.save();
  });

  it('serves 20 open articles from the one aggregate: each its own clicks, and no request', async () => {
    const links = await api();
    const { from, to } = links.figures.aggregate!.period;
    const bySubId = new Map<string, number>();
    for (const item of sandbox.dataset.clicks) {
      if (item.subId && item.date !== null && item.date >= from && item.date <= to) {
        bySubId.set(item.subId, (bySubId.get(item.subId) ?? 0) + item.count);
      }
    }
    const subIds = [...bySubId.keys()].slice(0, 20);
    assert.equal(subIds.length, 20, 'the sandbox has 20 SubIDs with clicks in the period');
    const merchant = sandbox.dataset.merchants.find((candidate) => typeof candidate.trackingLink === 'string')!;
    const before = sandbox.stats().total;
    for (const [index, each] of subIds.entries()) {
      const document = await writeDocument(
        `article-${index}.md`,
        `# Article ${index}\n\nSee [the shop](${merchant.trackingLink}?s=${encodeURIComponent(each)}).\n`,
      );
      const lenses = await eventually(
        async () => {
          const found = await figuresLenses(document.uri);
          return found.length > 0 ? found : undefined;
        },
        `the lenses of article ${index}`,
        30_000,
      );
      assert.match(lenses[0]!.command!.title, new RegExp(`^${clicksText(bySubId.get(each)!)}`), each);
    }
    assert.equal(sandbox.stats().total - before, 0, 'no request for 20 articles: the figures were read once for all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('gives a document without deeplinks no lens', async () => {
    const document = await writeDocument(
      'plain.md',
      '# Notes\n\nNothing to earn here: https://example.org/page?s=whatever\n',
    );
    // The article's lenses above prove the figures are loaded; this one has none to wait for.
    assert.ok((await api()).figures.aggregate);
    assert.deepEqual(await figuresLenses(document.uri), []);
  });

  it('gives a file its SubID from the setting’s ${fileBasenameNoExtension}', async () => {
    await setSetting('subId', '${fileBasenameNoExtension}');
    try {
      const document = await writeDocument(`${subId}.md`, '# An article without any link yet\n');
      const lenses = await eventually(
        async () => {
          const found = await figuresLenses(document.uri);
          return found.length > 0 ? found : undefined;
        },
        'the lens of the file named after its SubID',
        30_000,
      );
      assert.equal(lenses.length, 1);
      assert.match(lenses[0]!.command!.title, new RegExp(`^${clicksText(expected)}( · |$)`));
    } finally {
      await setSetting('subId', undefined);
    }
  });

  it('shows the active article’s clicks in the status bar, and today’s clicks for other documents', async () => {
    const links = await api();
    await writeDocument('status.md', article());
    const shown = await eventually(
      () => {
        const status = links.reportsStatus.shown;
        return status?.text.startsWith(`$(graph) ${clicksText(expected)}`) ? status : undefined;
      },
      `the article's clicks in the status bar (shown: ${links.reportsStatus.shown?.text})`,
      30_000,
    );
    assert.match(shown.text, new RegExp(`^\\$\\(graph\\) ${clicksText(expected)}( · [↑↓→](new|[\\d.]+%))?$`));
    assert.ok(shown.tooltip.includes(subId), shown.tooltip);
    await writeDocument('other.md', '# No links here\n');
    await eventually(
      () => (links.reportsStatus.shown?.text.endsWith('today') ? true : undefined),
      `today's clicks in the status bar (shown: ${links.reportsStatus.shown?.text})`,
      30_000,
    );
  });

  it('shows no figures and no lens without a key', async () => {
    const links = await api();
    const document = await writeDocument('no-key.md', article());
    await eventually(
      async () => ((await figuresLenses(document.uri)).length > 0 ? true : undefined),
      'the lenses with a key',
      30_000,
    );
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    try {
      await eventually(
        () => (links.figures.aggregate === undefined ? true : undefined),
        'the figures gone with the key',
        30_000,
      );
      assert.deepEqual(await figuresLenses(document.uri), []);
    } finally {
      assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
      await eventually(() => links.figures.aggregate, 'the figures back with the key', 30_000);
    }
  });

  it('shows no lens with the figures switched off', async () => {
    const links = await api();
    const document = await writeDocument('switched-off.md', article());
    await eventually(
      async () => ((await figuresLenses(document.uri)).length > 0 ? true : undefined),
      'the lenses while switched on',
      30_000,
    );
    await setSetting('figures.enabled', false);
    try {
      await eventually(() => (links.figures.aggregate === undefined ? true : undefined), 'the figures let go');
      assert.deepEqual(await figuresLenses(document.uri), []);
    } finally {
      await setSetting('figures.enabled', undefined);
    }
    await eventually(
      async () => ((await figuresLenses(document.uri)).length > 0 ? true : undefined),
      'the lenses back once switched on',
      30_000,
    );
  });
});
