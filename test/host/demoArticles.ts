/**
 * Articles for the demo workspace and the figures e2e: Markdown files named after SubIDs the
 * sandbox reports clicks for, each with deeplinks (built by the extension's own link rules) to
 * the active merchants that SubID's clicks went to most, carrying the article's SubID. With the SubID
 * setting `${fileBasenameNoExtension}`, each article's figures show at its top and on the
 * lines of its links.
 */
import fs from 'node:fs';
import path from 'node:path';
import { deeplinkOf } from '../../src/links/deeplink';
import type { SandboxDataset } from '../../src/sandbox/server';

/** The SubIDs with most clicks in the sandbox's data: their articles have figures to show. */
function busiestSubIds(dataset: SandboxDataset, count: number): string[] {
  const clicks = new Map<string, number>();
  for (const item of dataset.clicks) {
    if (item.subId !== null) {
      clicks.set(item.subId, (clicks.get(item.subId) ?? 0) + item.count);
    }
  }
  return [...clicks.entries()].sort((a, b) => b[1] - a[1]).slice(0, count).map(([subId]) => subId);
}

export interface DemoArticle {
  file: string;
  subId: string;
  /** The merchants its deeplinks go to. */
  merchants: string[];
}

/** Writes `count` articles into `folder`/articles; returns what each holds. */
export function writeDemoArticles(folder: string, dataset: SandboxDataset, count = 3): DemoArticle[] {
  const merchants = dataset.merchants.filter((merchant) => merchant.isActive && merchant.deeplinkAllowed && merchant.trackingLink);
  const articles = path.join(folder, 'articles');
  fs.mkdirSync(articles, { recursive: true });
  return busiestSubIds(dataset, count).map((subId) => {
    // The merchants the SubID's clicks went to most: the line lenses name them.
    const byMerchant = new Map<number, number>();
    for (const item of dataset.clicks) {
      if (item.subId === subId && typeof item.merchantId === 'number') {
        byMerchant.set(item.merchantId, (byMerchant.get(item.merchantId) ?? 0) + item.count);
      }
    }
    const clicksOf = (merchantId: number | null | undefined): number => (typeof merchantId === 'number' ? (byMerchant.get(merchantId) ?? 0) : 0);
    const chosen = [...merchants].sort((a, b) => clicksOf(b.merchantId) - clicksOf(a.merchantId)).slice(0, 2);
    const links = chosen.map((merchant) => {
      const link = deeplinkOf(merchant, `https://${merchant.defaultDomain}/sale`, { urlParameter: 'url', subIdParameter: 's', subId });
      if (!link.ok) {
        throw new Error(`the demo article's deeplink to ${merchant.name} was refused: ${link.message}`);
      }
      return { name: merchant.name, url: link.link };
    });
    const title = subId.replace(/-/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());
    const text = [
      `# ${title}`,
      '',
      'Our picks this season, tested for a month each.',
      '',
      `First, [${links[0]!.name}](${links[0]!.url}) has the widest range.`,
      '',
      `For a second opinion, see [${links[1]!.name}](${links[1]!.url}).`,
      '',
    ].join('\n');
    const file = path.join(articles, `${subId}.md`);
    fs.writeFileSync(file, text);
    return { file, subId, merchants: links.map((link) => link.name) };
  });
}
