import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CatalogNode, MerchantNode } from '../../src/catalog/tree/treeNodes';
import type { AffiliateLinksApi } from '../../src/extension';
import type { MerchantLinkTotals } from '../../src/health/merchantLinkTally';
import type { MerchantKey } from '../../src/merchant/merchantKey';
import type { FiguresAggregate } from '../../src/reports/figures/figuresAggregate';
import { clickDay } from '../../src/sandbox/dataset';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { activatedExtension, eventually } from './extensionUnderTest';

/** The test API with the figures service (helper E adds `figures` to `AffiliateLinksApi`). */
type FiguresApi = AffiliateLinksApi & {
  readonly figures: { readonly aggregate: FiguresAggregate | undefined; refresh(): Promise<void> };
};

async function api(): Promise<FiguresApi> {
  return (await activatedExtension()).exports as FiguresApi;
}

async function setBaseUrl(url: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('affiliateLinks').update('baseUrl', url, vscode.ConfigurationTarget.Global);
}

/** The sandbox's clicks by merchantId over a period, summed from its data set. */
function datasetClicks(sandbox: Sandbox, period: { from: string; to: string }): Map<number, number> {
  const sums = new Map<number, number>();
  for (const item of sandbox.dataset.clicks) {
    const day = clickDay(item);
    if (typeof item.merchantId === 'number' && day >= period.from && day <= period.to) {
      sums.set(item.merchantId, (sums.get(item.merchantId) ?? 0) + item.count);
    }
  }
  return sums;
}

/**
 * What `view.selectedMerchants` answered on every turn of the extension host's event loop for `ms`: the tree's
 * selection is read through the handles VS Code keeps for the rows, which a refresh of the whole tree clears until
 * the workbench has asked for the rows again (a context-menu command then receives no merchant).
 */
async function selectionSamples(links: AffiliateLinksApi, ms: number): Promise<string[]> {
  const seen = new Set<string>();
  const end = Date.now() + ms;
  while (Date.now() < end) {
    seen.add(links.view.selectedMerchants.join(', '));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return [...seen];
}

/** The merchants of the Active group in the order the tree lists them, through its pages. */
function activeMerchants(links: AffiliateLinksApi): MerchantNode[] {
  const provider = links.view.provider;
  const [active] = provider.getChildren();
  const out: MerchantNode[] = [];
  const visit = (node: CatalogNode): void => {
    if (node.kind === 'merchant') {
      out.push(node);
    } else if (node.kind === 'bucket') {
      provider.getChildren(node).forEach(visit);
    }
  };
  provider.getChildren(active).forEach(visit);
  return out;
}

describe('tree figures in the real host', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;

  before(async () => {
    sandbox = await startSandbox({ merchants: 80, clicks: 4_000, actions: 400, seed: 141 });
    await setBaseUrl(sandbox.url);
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
    const links = await api();
    await eventually(
      () => (links.controller.store?.snapshot.merchants.size === 80 ? true : undefined),
      'the sandbox’s catalog',
      30_000,
    );
  });

  after(async () => {
    await vscode.commands.executeCommand('affiliateLinks.sortByName');
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    await setBaseUrl(undefined);
    await sandbox?.close();
  });

  it('sorts the merchants by the clicks of the figures period, most first, as the sandbox sums them, and shows them in the tooltip', async () => {
    const links = await api();
    await links.figures.refresh();
    const aggregate = await eventually(() => links.figures.aggregate, 'the figures', 30_000);
    const sums = datasetClicks(sandbox, aggregate.period);
    assert.ok(sums.size > 3, 'the sandbox has clicks on several merchants in the period');

    await vscode.commands.executeCommand('affiliateLinks.sortByClicks');
    const listed = activeMerchants(links);
    const clicksOf = (node: MerchantNode): number =>
      node.merchant.merchantId === null ? 0 : (sums.get(node.merchant.merchantId) ?? 0);
    const listedClicks = listed.map(clicksOf);
    const active = Array.from(links.controller.store!.snapshot.merchants.values()).filter(
      (merchant) => merchant.isActive,
    );
    const most = Math.max(
      ...active.map((merchant) => (merchant.merchantId === null ? 0 : (sums.get(merchant.merchantId) ?? 0))),
    );
    assert.ok(most > 0, 'an active merchant with clicks');
    assert.equal(listedClicks[0], most, 'the merchant with most clicks first');
    assert.deepEqual(
      listedClicks,
      [...listedClicks].sort((a, b) => b - a),
      'most clicks first all the way down',
    );

    const top = listed[0]!;
    assert.equal(
      aggregate.merchants.get(String(top.merchant.merchantId))?.clicks,
      most,
      'the aggregate’s clicks equal the sandbox’s sum',
    );
    const item = links.view.provider.resolveTreeItem(links.view.provider.getTreeItem(top), top);
    assert.ok(item.tooltip instanceof vscode.MarkdownString);
    const line = `Last ${aggregate.days} days\\: ${most.toLocaleString('en-US').replace(/,/g, '\\,')} ${most === 1 ? 'click' : 'clicks'}`;
    assert.ok(item.tooltip.value.includes(line), `${line} in ${item.tooltip.value}`);

    await vscode.commands.executeCommand('affiliateLinks.sortByName');
    const byName = activeMerchants(links).map((node) => node.merchant.name);
    assert.deepEqual(
      byName,
      [...byName].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'accent', numeric: true })),
      'back to the name order',
    );
  });

  it('keeps the selected merchant’s row when only what rows show changes (link counts, logos, figures)', async () => {
    const links = await api();
    const [first] = activeMerchants(links);
    assert.ok(first, 'an active merchant');
    // A reveal while the tree is still being drawn again (the last test sorted it) can be lost: reveal until selected.
    await eventually(
      async () => {
        if (links.view.selectedMerchants.join() === first.merchant.name) {
          return true;
        }
        assert.equal(await links.view.reveal(first.key), true);
        return undefined;
      },
      'the merchant selected',
      15_000,
    );

    const counted = new Map<MerchantKey, MerchantLinkTotals>([[first.key, { articles: 3, links: 5 }]]);
    links.merchantLinks.publish(counted); // link health may publish its own counts at any time after this
    const item = links.view.provider.resolveTreeItem(links.view.provider.getTreeItem(first), first);
    assert.ok(item.tooltip instanceof vscode.MarkdownString);
    assert.match(item.tooltip.value, /3 articles/, 'the tooltip has the new count');
    assert.deepEqual(await selectionSamples(links, 1_500), [first.merchant.name], 'after link counts changed');

    const before = links.figures.aggregate;
    const sampling = selectionSamples(links, 3_000);
    await links.figures.refresh();
    await eventually(() => (links.figures.aggregate !== before ? true : undefined), 'the figures built again', 2_500);
    assert.deepEqual(await sampling, [first.merchant.name], 'after the figures were loaded again');

    const logos = vscode.workspace.getConfiguration('affiliateLinks.merchants');
    await logos.update('logos', true, vscode.ConfigurationTarget.Global);
    try {
      assert.deepEqual(await selectionSamples(links, 1_500), [first.merchant.name], 'after the logos were switched on');
    } finally {
      await logos.update('logos', undefined, vscode.ConfigurationTarget.Global);
      links.merchantLinks.publish(undefined);
    }
  });

  it('reveals a merchant of a collapsed group while the rows are being drawn again', async () => {
    const links = await api();
    const provider = links.view.provider;
    const [, inactiveGroup] = provider.getChildren();
    const inactive = provider
      .getChildren(inactiveGroup!)
      .filter((node): node is MerchantNode => node.kind === 'merchant');
    assert.ok(inactive.length >= 3, 'inactive merchants');
    for (const [round, target] of inactive.slice(-3).entries()) {
      await vscode.commands.executeCommand('workbench.actions.treeView.affiliateLinks.merchants.collapseAll');
      // Counts change for every row (as link health's first count does) just before and while revealing.
      links.merchantLinks.publish(new Map([[target.key, { articles: round + 1, links: 1 }]]));
      links.merchantLinks.publish(undefined);
      links.merchantLinks.publish(new Map());
      assert.equal(await links.view.reveal(target.key), true);
      await eventually(
        () => (links.view.selectedMerchants.join() === target.merchant.name ? true : undefined),
        `${target.merchant.name} selected`,
        10_000,
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}: selected ${links.view.selectedMerchants.join() || 'nothing'}`);
      });
    }
    links.merchantLinks.publish(undefined);
  });
});
