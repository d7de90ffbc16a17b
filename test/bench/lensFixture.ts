/**
 * The lenses' fixture: a 10,000-line article holding 2,000 deeplinks and a loaded aggregate of a
 * month of clicks, actions and the month before, read the way the lens provider reads an open
 * document (its links line by line, kept between edits), with the provider's own model
 * (src/reports/figures/figuresLenses.ts) from the shipped (minified) bundle.
 */
import type { ActionItem, ClickItem } from '../../src/api/types';
import { generateDataset } from '../../src/sandbox/dataset';
import { received } from './benchItems';
import { linkInForm } from './linkForms';

type ShippedFigures = typeof import('./shippedFigures');

export const LINES = 10_000;
export const DEEPLINKS = 2_000;
const OTHER_URLS = 1_000;
const FIGURES_DAYS = 30;
const NOW = new Date('2026-11-21T12:00:00Z');

/** A day `days` before a `YYYY-MM-DD` date. */
export function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * 10,000 lines: every fifth holds a deeplink (Markdown link, autolink, bare URL or href in turn)
 * with a SubID of the sandbox's; every tenth of the others an ordinary link.
 */
function article(trackingLinks: readonly string[], subIds: readonly string[]): string {
  const lines: string[] = [];
  let deeplink = 0;
  let other = 0;
  for (let line = 0; line < LINES; line++) {
    if (line % 5 === 2 && deeplink < DEEPLINKS) {
      const target = `${trackingLinks[deeplink % trackingLinks.length]}?s=${subIds[(deeplink * 7) % subIds.length]}&url=https%3A%2F%2Fshop.example%2Fp%2F${deeplink}`;
      lines.push(linkInForm(deeplink, target, `item ${deeplink}`));
      deeplink += 1;
    } else if (line % 10 === 4 && other < OTHER_URLS) {
      lines.push(`Background reading at https://blog${other}.example.org/post?s=not-ours, for the curious.`);
      other += 1;
    } else {
      lines.push(`Paragraph text ${line}, written for readers, with no link in it.`);
    }
  }
  return lines.join('\n');
}

export interface LensFixture {
  /** The lenses after a one-line edit (the text and the edited text in turn), the lines that did not change reused. */
  oneLineEdit(): Array<{ title: string }>;
  /** The same lenses with the whole text read again, nothing reused. */
  wholeText(): Array<{ title: string }>;
  /** The baseline: a regex pass finding the text's URLs; returns how many. */
  urlPass(): number;
}

export function lensFixture(shipped: ShippedFigures): LensFixture {
  const month = generateDataset({
    seed: 5,
    merchants: 200,
    clicks: 20_000,
    actions: 2_000,
    now: NOW,
    historyDays: 2 * FIGURES_DAYS,
  });
  const monthClicks = received<ClickItem>(month.clicks, shipped.normalizeClickItem);
  const today = NOW.toISOString().slice(0, 10);
  const current = { from: daysBefore(today, FIGURES_DAYS - 1), to: today };
  const before = { from: daysBefore(current.from, FIGURES_DAYS), to: daysBefore(current.from, 1) };
  const loaded = shipped.buildFiguresAggregate({
    period: current,
    previousPeriod: before,
    days: FIGURES_DAYS,
    clicks: monthClicks.filter((item) => item.date !== null && item.date >= current.from),
    previousClicks: monthClicks.filter((item) => item.date !== null && item.date < current.from),
    actions: received<ActionItem>(month.actions, shipped.normalizeActionItem),
  });
  // Which merchant a deeplink goes to, as the shell tells it from the catalog's tracking links.
  const merchantOfLink = new Map(
    month.merchants.map((merchant) => [
      merchant.trackingLink!,
      { id: String(merchant.merchantId), name: merchant.name },
    ]),
  );
  const trackingHosts = new Set<string>();
  for (const merchant of month.merchants) {
    trackingHosts.add(new URL(merchant.trackingLink!).hostname);
  }
  const text = article(
    month.merchants.map((merchant) => merchant.trackingLink!),
    month.subIds,
  );
  // As the domain index answers it: the host in its canonical spelling, looked up.
  const options = {
    subIdParameter: 's',
    isTrackingHost: (host: string) => {
      const canonical = shipped.canonicalHost(host);
      return canonical !== undefined && trackingHosts.has(canonical);
    },
  };
  // As the lenses read an open document: its links line by line, kept between edits (one a document).
  const scanner = new shipped.DocumentLinkScanner('markdown');
  const memo = new shipped.DeeplinkSubIdMemo();
  const lines = text.split('\n');
  const edited = [...lines.slice(0, LINES / 2), 'A sentence typed in the middle.', ...lines.slice(LINES / 2 + 1)].join(
    '\n',
  );
  let edits = 0;
  // As the SubID reader keeps the merchant of each deeplink's target for a document (src/lens/articleSubIds.ts).
  const targetMerchants = new Map<string, { merchantId: string; name: string } | undefined>();
  const merchantOf = (url: string) => {
    if (!targetMerchants.has(url)) {
      const merchant = merchantOfLink.get(url.slice(0, url.indexOf('?')));
      targetMerchants.set(url, merchant && { merchantId: merchant.id, name: merchant.name });
    }
    return targetMerchants.get(url);
  };
  const age = shipped.figuresAgeText({ at: new Date(NOW.getTime() - 5 * 60_000).toISOString(), offline: false }, NOW);
  // The lens provider's own model, with its memo of each line's lens when `reuse`.
  const lineLenses = new shipped.GenerationMemo<Omit<
    ReturnType<ShippedFigures['figuresLenses']>[number],
    'line'
  > | null>();
  const lensesOf = (deeplinks: Array<{ line: number; subId: string; url: string }>, reuse: boolean) => {
    const subIds = shipped.articleSubIdsOf(deeplinks, undefined, merchantOf);
    return subIds === undefined ? [] : shipped.figuresLenses(loaded, subIds, age, reuse ? lineLenses : undefined);
  };
  return {
    oneLineEdit: () => lensesOf(memo.readLines(scanner.scanLines(++edits % 2 === 0 ? text : edited), options), true),
    wholeText: () => lensesOf(shipped.deeplinkSubIds(text, options), false),
    urlPass: () => {
      let urls = 0;
      const pattern = /https?:\/\/[^\s<>"')]+/g;
      while (pattern.exec(text) !== null) {
        urls += 1;
      }
      return urls;
    },
  };
}
