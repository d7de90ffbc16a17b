/**
 * The first paste after activation, in a process of its own (pasteBench.ts bundles this file minified, as
 * dist/extension.js holds the paste's code, and runs it in plain Node, once per round): the catalog in
 * memory and the article open, as after activation, then one URL pasted while the production bundle
 * `dist/links.js` is required for the first time and its domain index built in slices on the host's clock,
 * the paste's own code running for the first time. Then warm pastes in the same process, and the first
 * completion (its search index built) and warm ones. Prints one JSON line.
 *
 * `node --expose-gc out/bench/pasteFirst.js ROOT URL HTML`.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { LazyModule } from '../../src/common/lazyModule';
import type { CatalogController } from '../../src/controllers/catalogController';
import { MerchantLinkIndex } from '../../src/controllers/merchantLinkIndex';
import { CatalogSearch } from '../../src/controllers/merchantSearchIndex';
import { DocumentPlaces } from '../../src/editing/documentPlaces';
import type { DomainIndexLoader, DomainIndexModule } from '../../src/loaders/domainIndexLoader';
import { median, settle, timeOf } from './figures';
import { articleDocument, controllerOf, pasteArticle, pasteCatalog, pasteLineOf, typings } from './pasteFixture';
import { completionItems, itemsText, offerText, pasteOffers, sameAnswer, type PasteMarks } from './pastePath';

const WARM_UP = 20;
const WARM_ROUNDS = 10;

/** What one process measured, in ms. */
export interface FirstPasteRun {
  /** The first paste, whole: the bundle required, the index built, the paste. */
  first: number;
  /** `require` of dist/links.js alone. */
  require: number;
  /** From the paste's start to the index in hand (the require included). */
  index: number;
  /** The paste's own work after it: places and plan, its code cold. */
  paste: number;
  /** Median of warm pastes of the same URL at the same place (one line edited before each). */
  warm: number;
  firstCompletion: number;
  warmCompletion: number;
}

/** Loads the production bundle, as `DomainIndexLoader` does in the host, and times its `require`. */
class ShippedDomainIndexLoader extends LazyModule<DomainIndexModule> {
  required = 0;

  constructor(file: string) {
    super(() => {
      const started = performance.now();
      const module = createRequire(file)(file) as DomainIndexModule;
      this.required = performance.now() - started;
      return Promise.resolve(module);
    });
  }
}

async function run(root: string, url: string, html: string): Promise<FirstPasteRun> {
  const catalog = pasteCatalog();
  const controller = controllerOf(catalog) as unknown as CatalogController;
  const loader = new ShippedDomainIndexLoader(path.join(root, 'dist/links.js'));
  const shell = {
    links: new MerchantLinkIndex(controller, loader as unknown as DomainIndexLoader),
    places: new DocumentPlaces(),
  };
  const article = pasteArticle(catalog);
  const line = pasteLineOf(article);
  const document = articleDocument(article);
  const cursor = { start: { line, character: 0 }, end: { line, character: 0 } };
  const edited = document.lineAt(line + 1).text;
  settle();

  const marks: PasteMarks = { index: 0, places: 0, plan: 0 };
  const started = performance.now();
  const result = await pasteOffers(shell, document, [cursor], url, html, marks);
  const first = performance.now() - started;
  if (result?.plan.offers[0]?.kind !== 'deeplink') {
    throw new Error(`the first paste offered no deeplink: ${result?.plan.reason ?? 'no plan'}`);
  }

  const warm: number[] = [];
  for (let round = 0; round < WARM_UP + WARM_ROUNDS; round++) {
    document.setLine(line + 1, round % 2 === 0 ? `${edited} Edited.` : edited);
    if (round >= WARM_UP) {
      settle();
    }
    const at = performance.now();
    const answer = await pasteOffers(shell, document, [cursor], url, html);
    if (round >= WARM_UP) {
      warm.push(performance.now() - at);
    }
    sameAnswer('the paste', offerText(result), offerText(answer));
  }

  // Completion, after the trigger character: its search index is built at the first one.
  const search = new CatalogSearch(controller);
  const [keystroke] = typings(catalog);
  const typed = `${keystroke!.prefix}${keystroke!.typed}`;
  document.setLine(line, typed);
  const position = { line, character: typed.length };
  settle();
  let items: ReturnType<typeof completionItems>;
  const firstCompletion = timeOf(() => (items = completionItems(search, shell.places, document, position)));
  if (items === undefined || items.length === 0) {
    throw new Error('the first completion offered no merchant');
  }
  const completions: number[] = [];
  for (let round = 0; round < WARM_UP + WARM_ROUNDS; round++) {
    if (round >= WARM_UP) {
      settle();
    }
    let answer: ReturnType<typeof completionItems> = undefined;
    const ms = timeOf(() => (answer = completionItems(search, shell.places, document, position)));
    sameAnswer('the completion', itemsText(items), itemsText(answer));
    if (round >= WARM_UP) {
      completions.push(ms);
    }
  }
  return {
    first,
    require: loader.required,
    index: marks.index - started,
    paste: marks.plan - marks.index,
    warm: median(warm),
    firstCompletion,
    warmCompletion: median(completions),
  };
}

const [root, url, html] = process.argv.slice(2);
run(root!, url!, html!).then(
  (measured) => process.stdout.write(`${JSON.stringify(measured)}\n`),
  (error: unknown) => {
    process.stderr.write(`first paste failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
