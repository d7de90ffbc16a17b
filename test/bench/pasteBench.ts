/**
 * Paste, drop and completion (issue 35): `npm run bench -- --only paste`. The warm figures time the product's
 * code from src/ (pastePath.ts: the providers' paths without VS Code) over the generator's 20,000-merchant
 * catalog, each against a baseline in the same rounds, alternated, with full collections before each run:
 * - one URL pasted on a blank line of a 400-line article, vs the Monetize plan of the pasted text alone (and
 *   the same hot: back to back, no collection between, in the note);
 * - a 200-link paragraph pasted there, vs the Monetize plan of the same paragraph;
 * - completion in a destination, keystroke by keystroke, vs the same search alone; and the first completion
 *   after a new catalog snapshot (its search index built) vs building the search index alone.
 * The first paste after activation runs in fresh processes (pasteFirst.ts, minified, plain Node, `--rounds`
 * of them, 10 by default): dist/links.js required, its domain index built in slices, then the paste, vs
 * warm pastes in the same processes. `npm run bench` builds the production bundles first (run.ts), and runs
 * these figures in a process of their own (pasteRun.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { MerchantSearchIndex } from '../../src/catalog/search/merchantSearch';
import type { CatalogController } from '../../src/controllers/catalogController';
import { MerchantLinkIndex } from '../../src/controllers/merchantLinkIndex';
import { CatalogSearch } from '../../src/controllers/merchantSearchIndex';
import { DocumentPlaces } from '../../src/editing/documentPlaces';
import { planMonetize } from '../../src/links/monetizePlan';
import { DomainIndexLoader } from '../../src/loaders/domainIndexLoader';
import { destinationQuery } from '../../src/writing/destinationCompletion';
import { emit, loadAverage, median, round2, settle, spreadText } from './figures';
import type { FirstPasteRun } from './pasteFirst';
import * as fixture from './pasteFixture';
import {
  completionItems,
  itemsText,
  offerText,
  pasteOffers,
  sameAnswer,
  type PasteMarks,
  type Range,
} from './pastePath';

const root = path.resolve(__dirname, '../..');
const URL_ROUNDS = 60;
const PARAGRAPH_ROUNDS = 30;
const TYPING_ROUNDS = 10;
const SNAPSHOT_ROUNDS = 10;
/** Untimed runs after the first, as after a few pastes; and typings run through before the timed rounds. */
const WARM_UP = 20;
const TYPING_WARM_UP = 5;
const HOT_ROUNDS = 50;
/** `destinationChoices` asks the search for this many merchants. */
const SEARCHED = 1_000;

/** Times `body` (awaited) after full collections. */
async function timedRun(body: () => unknown): Promise<number> {
  settle();
  const started = performance.now();
  await body();
  return performance.now() - started;
}

const n = (value: number) => value.toLocaleString('en-US');

async function benchPastes(): Promise<{ url: string; html: string }> {
  const catalog = fixture.pasteCatalog();
  const controller = fixture.controllerOf(catalog) as unknown as CatalogController;
  const shell = { links: new MerchantLinkIndex(controller, new DomainIndexLoader()), places: new DocumentPlaces() };
  const index = (await shell.links.current())!;
  const article = fixture.pasteArticle(catalog);
  const line = fixture.pasteLineOf(article);
  const document = fixture.articleDocument(article);
  const { url, html } = fixture.pastedPage(fixture.pastedMerchant(catalog, (address) => index.match(address)));
  const paragraph = fixture.pasteParagraph(catalog);
  const cursor: Range = { start: { line, character: 0 }, end: { line, character: 0 } };
  const settings = fixture.deeplinkOptionsOf(document);
  if (!settings.ok) {
    throw new Error(settings.message);
  }
  const deeplink = settings.options;
  const edited = document.lineAt(line + 1).text;
  let edits = 0;
  /** A one-line edit before each paste (the line after the cursor: the offsets stay), as a person types between two. */
  const edit = () => document.setLine(line + 1, edits++ % 2 === 0 ? `${edited} Edited.` : edited);

  for (const [what, pasted, rounds, target] of [
    ['one URL', url, URL_ROUNDS, '< 10 ms'],
    [`a ${fixture.PARAGRAPH_URLS}-link paragraph`, paragraph, PARAGRAPH_ROUNDS, '< 50 ms'],
  ] as const) {
    const loadBefore = loadAverage();
    const clip = pasted === url ? html : undefined;
    const paste = (marks?: PasteMarks) => pasteOffers(shell, document, [cursor], pasted, clip, marks);
    const firstMs = await timedRun(() => paste());
    const answer = await paste();
    const expected = offerText(answer);
    const offer = answer?.plan.offers[0];
    if (offer === undefined || offer.kind !== (pasted === url ? 'deeplink' : 'monetize')) {
      throw new Error(`pasting ${what} offered ${offer?.kind ?? 'nothing'}`);
    }
    for (let round = 0; round < WARM_UP; round++) {
      edit();
      await paste();
    }
    const values: number[] = [];
    const baselines: number[] = [];
    const pieces = { index: [] as number[], places: [] as number[], plan: [] as number[] };
    const fresh: number[] = [];
    let monetized = 0;
    for (let round = 0; round < rounds; round++) {
      edit();
      baselines.push(await timedRun(() => (monetized = planMonetize(pasted, index, { deeplink }).candidates.length)));
      const marks: PasteMarks = { index: 0, places: 0, plan: 0 };
      let started = 0;
      let result: Awaited<ReturnType<typeof paste>>;
      values.push(await timedRun(async () => ((started = performance.now()), (result = await paste(marks)))));
      sameAnswer(`pasting ${what}`, expected, offerText(result));
      pieces.index.push(marks.index - started);
      pieces.places.push(marks.places - marks.index);
      pieces.plan.push(marks.plan - marks.places);
      if (round % 5 === 0) {
        // The document's first paste: no scanner kept for it yet, every line read.
        const places = new DocumentPlaces();
        fresh.push(
          await timedRun(
            async () => (result = await pasteOffers({ ...shell, places }, document, [cursor], pasted, clip)),
          ),
        );
        sameAnswer(`pasting ${what} first in the document`, expected, offerText(result));
      }
    }
    // Hot: back to back, no collection between (a full one makes V8 compile the regular expressions again).
    const hot: number[] = [];
    const hotBaselines: number[] = [];
    for (let round = 0; round < HOT_ROUNDS; round++) {
      edit();
      let started = performance.now();
      planMonetize(pasted, index, { deeplink });
      hotBaselines.push(performance.now() - started);
      started = performance.now();
      const result = await paste();
      hot.push(performance.now() - started);
      sameAnswer(`pasting ${what} hot`, expected, offerText(result));
    }
    const value = median(values);
    const baseline = median(baselines);
    const took = (list: number[]) => round2(median(list));
    emit({
      name: `paste of ${what} on a blank line of a ${n(fixture.ARTICLE_LINES)}-line Markdown article, ${n(catalog.size)} merchants: the paste provider's path without VS Code (place, settings, planPaste) vs the Monetize plan of the pasted text alone`,
      value: round2(value),
      unit: 'ms',
      baseline: round2(baseline),
      ratio: round2(value / baseline),
      target,
      note: `${rounds} rounds, warm, one line edited before each: ${spreadText(values)}; baseline ${spreadText(baselines)}; pieces (medians): index ${took(pieces.index)}, settings and places ${took(pieces.places)}, plan ${took(pieces.plan)} ms; the document's first paste (no kept scanner) ${spreadText(fresh)}; first call (code cold) ${round2(firstMs)} ms; offered "${offer.title}"; the Monetize plan built ${monetized} deeplink${monetized === 1 ? '' : 's'}; hot (${HOT_ROUNDS} back to back, no collection between) ${spreadText(hot)}, baseline ${spreadText(hotBaselines)}`,
      load: [loadBefore, loadAverage()],
    });
  }
  return { url, html };
}

async function benchCompletion(): Promise<void> {
  const catalog = fixture.pasteCatalog();
  const controller = fixture.controllerOf(catalog) as unknown as CatalogController;
  const places = new DocumentPlaces();
  const article = fixture.pasteArticle(catalog);
  const line = fixture.pasteLineOf(article);
  const document = fixture.articleDocument(article);
  const keystrokes = fixture.typings(catalog);
  const at = (i: number) => {
    const text = `${keystrokes[i]!.prefix}${keystrokes[i]!.typed}`;
    document.setLine(line, text);
    return { line, character: text.length };
  };
  const loadBefore = loadAverage();
  let search = new CatalogSearch(controller);
  let items: unknown[] | undefined;
  const firstMs = await timedRun(() => (items = completionItems(search, places, document, at(0))));
  if (!items?.length) {
    throw new Error('the first completion offered no merchant');
  }
  for (let round = 0; round < TYPING_WARM_UP; round++) {
    keystrokes.forEach((_, i) => completionItems(search, places, document, at(i)));
  }
  const expected = keystrokes.map((_, i) => itemsText(completionItems(search, places, document, at(i))));
  const perKeystroke = keystrokes.map(() => [] as number[]);
  const baselines: number[] = [];
  const values: number[] = [];
  for (let round = 0; round < TYPING_ROUNDS; round++) {
    settle();
    for (let i = 0; i < keystrokes.length; i++) {
      const position = at(i);
      let started = performance.now();
      search.current()!.search(destinationQuery(keystrokes[i]!.typed), SEARCHED);
      baselines.push(performance.now() - started);
      started = performance.now();
      const answer = completionItems(search, places, document, position);
      const ms = performance.now() - started;
      sameAnswer(`completing "${keystrokes[i]!.typed}"`, expected[i]!, itemsText(answer));
      values.push(ms);
      perKeystroke[i]!.push(ms);
    }
  }
  const medians = perKeystroke.map((list) => median(list));
  const slowest = medians.indexOf(Math.max(...medians));
  const value = median(values);
  const baseline = median(baselines);
  emit({
    name: `completion in a link's destination over ${n(catalog.size)} merchants, per keystroke (destinationTyping, places, destinationChoices, the items) vs the same search alone`,
    value: round2(value),
    unit: 'ms',
    baseline: round2(baseline),
    ratio: round2(value / baseline),
    target: '< 50 ms',
    note: `${TYPING_ROUNDS} rounds of ${keystrokes.length} keystrokes (a name after "](", one after href=", an address after "]("), warm: ${spreadText(values)}; slowest keystroke "${keystrokes[slowest]!.typed}" median ${round2(medians[slowest]!)} ms; baseline ${spreadText(baselines)}; the first completion in the process (search index built, code cold) ${round2(firstMs)} ms`,
    load: [loadBefore, loadAverage()],
  });

  // The first completion after a new catalog snapshot: its search index built, the code warm.
  const firsts: number[] = [];
  const builds: number[] = [];
  for (let round = 0; round < SNAPSHOT_ROUNDS; round++) {
    builds.push(await timedRun(() => new MerchantSearchIndex(catalog)));
    search.dispose(); // its warming, 2 s after it was made, would build an index in the middle of the rounds
    search = new CatalogSearch(controller);
    const position = at(0);
    firsts.push(await timedRun(() => completionItems(search, places, document, position)));
  }
  search.dispose();
  emit({
    name: `the first completion after a new catalog snapshot (${n(catalog.size)} merchants: the search index built) vs building the search index alone`,
    value: round2(median(firsts)),
    unit: 'ms',
    baseline: round2(median(builds)),
    ratio: round2(median(firsts) / median(builds)),
    note: `${SNAPSHOT_ROUNDS} rounds, code warm: ${spreadText(firsts)}; the very first in the process (code cold) ${round2(firstMs)} ms`,
  });
}

/** Runs pasteFirst.ts, bundled minified, in a fresh plain-Node process; its measures. */
function firstPasteProcess(file: string, url: string, html: string): Promise<FirstPasteRun> {
  const child = spawn(process.execPath, ['--expose-gc', file, root, url, html], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as FirstPasteRun) : reject(new Error(`the first paste exited with ${code}`)),
    );
  });
}

async function benchFirstPaste(rounds: number, url: string, html: string): Promise<void> {
  const file = path.join(root, 'out/bench/pasteFirst.js');
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'pasteFirst.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    external: ['vscode'],
    outfile: file,
    logLevel: 'warning',
  });
  const bytes = fs.statSync(path.join(root, 'dist/links.js')).size;
  const loadBefore = loadAverage();
  const runs: FirstPasteRun[] = [];
  for (let round = 0; round < rounds; round++) {
    runs.push(await firstPasteProcess(file, url, html));
  }
  const of = (key: keyof FirstPasteRun) => runs.map((run) => run[key]);
  const first = median(of('first'));
  const warm = median(of('warm'));
  emit({
    name: `the first paste of one URL after activation (the production dist/links.js required, its domain index of ${n(fixture.PASTE_CATALOG_SIZE)} merchants built in slices, the paste's code cold), a fresh process each, vs a warm paste in the same processes`,
    value: round2(first),
    unit: 'ms',
    baseline: round2(warm),
    ratio: round2(first / warm),
    target: 'reported (no target)',
    note: `${rounds} processes: ${spreadText(of('first'))}; require of dist/links.js (${n(bytes)} bytes) ${spreadText(of('require'))}; to the index in hand (require included) ${spreadText(of('index'))}; the paste after it ${spreadText(of('paste'))}; warm ${spreadText(of('warm'))}; the first completion after it (search index built) ${spreadText(of('firstCompletion'))}, warm ${spreadText(of('warmCompletion'))}`,
    load: [loadBefore, loadAverage()],
  });
}

export async function benchPaste(rounds: number): Promise<void> {
  const { url, html } = await benchPastes();
  await benchCompletion();
  await benchFirstPaste(rounds, url, html);
}
