/**
 * The figures' figures: the lenses of a 10,000-line article holding 2,000 deeplinks, computed
 * from an aggregate already loaded (what the editor recomputes after a one-line edit: the
 * document's SubIDs with the lines that did not change reused, the figures of each line with
 * deeplinks and of the whole article, and their texts; and for comparison the same with the
 * whole text read again),
 * against a bare regex pass finding the same text's URLs; and building the aggregate of 100,000
 * click items (by SubID, by merchant, by SubID and merchant), against a bare loop summing their
 * counts. The code is measured as it ships: bundled and minified by esbuild. The items are the
 * sandbox's, normalised as the client normalises them.
 */
import path from 'node:path';
import type { ActionItem, ClickItem } from '../../src/api/types';
import { generateDataset } from '../../src/sandbox/dataset';
import { loadShipped } from './shippedBundle';
import { received, spanOf } from './benchItems';
import { contest, emit, round2 } from './figures';

type ShippedFigures = typeof import('./shippedFigures');

const ROUNDS = 15;
const LINES = 10_000;
const DEEPLINKS = 2_000;
const OTHER_URLS = 1_000;
const ITEMS = 100_000;
const FIGURES_DAYS = 30;
const NOW = new Date('2026-11-21T12:00:00Z');

const root = path.resolve(__dirname, '../..');

/** A day `days` before a `YYYY-MM-DD` date. */
function daysBefore(date: string, days: number): string {
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
      const forms = [
        `See [item ${deeplink}](${target} "Item").`,
        `Autolink <${target}> here.`,
        `Bare ${target}, then text.`,
        `<a href="${target}">item</a>`,
      ];
      lines.push(forms[deeplink % forms.length]!);
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

  // The lenses of an article, from a loaded aggregate of a month of clicks, actions and the month before.
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
  const afterAnEdit = () => memo.readLines(scanner.scanLines(++edits % 2 === 0 ? text : edited), options);
  let lenses: Array<{ title: string }> = [];
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
  // The lens provider's own model (src/reports/figures/figuresLenses.ts), with its memo of each line's lens when `reuse`.
  const lineLenses = new shipped.GenerationMemo<Omit<
    ReturnType<ShippedFigures['figuresLenses']>[number],
    'line'
  > | null>();
  const lensesOf = (deeplinks: Array<{ line: number; subId: string; url: string }>, reuse = false) => {
    const subIds = shipped.articleSubIdsOf(deeplinks, undefined, merchantOf);
    return subIds === undefined ? [] : shipped.figuresLenses(loaded, subIds, age, reuse ? lineLenses : undefined);
  };
  let urls = 0;
  const urlPass = () => {
    urls = 0;
    const pattern = /https?:\/\/[^\s<>"')]+/g;
    while (pattern.exec(text) !== null) {
      urls += 1;
    }
  };
  const wholeText = contest(() => void lensesOf(shipped.deeplinkSubIds(text, options)), urlPass, ROUNDS);
  const lensFigures = contest(
    () => {
      lenses = lensesOf(afterAnEdit(), true);
    },
    urlPass,
    ROUNDS,
  );
  if (lenses.length !== DEEPLINKS + 1) {
    throw new Error(
      `the article got ${lenses.length} lenses; expected ${DEEPLINKS + 1} (one per deeplink line and the article's)`,
    );
  }
  emit({
    name: `figures lenses of a ${LINES.toLocaleString('en-US')}-line article with ${DEEPLINKS.toLocaleString('en-US')} deeplinks after a one-line edit, from a loaded aggregate vs a regex pass finding its URLs`,
    value: round2(lensFigures.value),
    unit: 'ms',
    baseline: round2(lensFigures.baseline),
    ratio: round2(lensFigures.value / lensFigures.baseline),
    target: '< 10 ms',
    note: `first run ${round2(lensFigures.first)} ms; ${urls} URLs in the text; article lens: ${lenses[0]?.title}`,
  });
  emit({
    name: `the same lenses with the whole text read again (no per-line reuse), for comparison`,
    value: round2(wholeText.value),
    unit: 'ms',
    baseline: round2(wholeText.baseline),
    ratio: round2(wholeText.value / wholeText.baseline),
    note: `first run ${round2(wholeText.first)} ms`,
  });
}
