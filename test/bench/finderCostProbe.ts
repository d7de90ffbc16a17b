/**
 * What the link finder costs, against other trees' finders in the same process, rounds rotated (these machines
 * are noisy: compare the medians of one run, not figures between runs). Three loads: `documentLinks` over the
 * link-health bench's generated site (10,000 articles, in memory, one `LineReader` for the run as the site scan
 * has), over the Markdown files of `node_modules` (finderCorpus.ts), and a one-line edit of a 10,000-line
 * document of those files read again by a `DocumentLinkScanner` (the per-line reuse the lenses and open documents
 * have). Each tree's finder is bundled and minified as the extension ships it. A probe: it asserts nothing.
 *
 * `NODE_PATH=test/standIn node --expose-gc --import tsx test/bench/finderCostProbe.ts --tree NAME=DIR ... [--rounds N]`,
 * each DIR a `src` folder (`git archive <commit> src | tar -x -C /tmp/x`, then `/tmp/x/src`; archives all, so that
 * each is compiled alike); the first tree is the one the others are compared with.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { median, round2, settle } from './figures';
import { corpusFiles } from './finderCorpus';
import { writeBenchSite } from './linkHealthSite';

const root = path.resolve(__dirname, '../..');
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const rounds = Number(argument('--rounds') ?? 7);

interface FinderModules {
  documentLinks(text: string, languageId: string, reader?: unknown): { links: unknown[] };
  DocumentLinkScanner: new (languageId: string) => { scanLines(text: string): readonly unknown[] };
  LineReader: new () => unknown;
}

/** A tree's finder as the extension ships it: bundled and minified (a module's exports are then no getters). */
async function finderOf(name: string, src: string): Promise<FinderModules> {
  const outfile = path.join(root, `out/bench/finder-${name}.js`);
  await esbuild.build({
    stdin: {
      contents: [
        `export { documentLinks, DocumentLinkScanner } from ${JSON.stringify(path.join(src, 'health/documentLinks'))};`,
        `export { LineReader } from ${JSON.stringify(path.join(src, 'health/lineScan'))};`,
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    nodePaths: [path.join(root, 'node_modules')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    outfile,
    logLevel: 'warning',
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(outfile) as FinderModules;
}

const LANGUAGES: Record<string, string> = { '.md': 'markdown', '.mdx': 'mdx', '.html': 'html' };

function time(body: () => void): number {
  settle();
  const started = performance.now();
  body();
  return performance.now() - started;
}

/** Times each load on every tree, the trees' order rotated from round to round. */
function contest(
  trees: readonly { name: string; finder: FinderModules }[],
  load: (finder: FinderModules, round: number) => number,
  count: number,
): { medians: number[]; counts: number[] } {
  const counts = trees.map(({ finder }) => load(finder, -1)); // a first round each: warm
  const times: number[][] = trees.map(() => []);
  for (let round = 0; round < count; round++) {
    for (let k = 0; k < trees.length; k++) {
      const i = (round + k) % trees.length;
      times[i].push(time(() => load(trees[i].finder, round)));
    }
  }
  return { medians: times.map(median), counts };
}

async function main(): Promise<void> {
  const named = process.argv.flatMap((arg, at) => (arg === '--tree' ? [process.argv[at + 1].split('=')] : []));
  if (named.length < 2) {
    throw new Error('--tree NAME=DIR at least twice: the src folders of the finders to compare');
  }
  const trees: { name: string; finder: FinderModules }[] = [];
  for (const [name, dir] of named) {
    trees.push({ name, finder: await finderOf(name, path.resolve(dir)) });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-cost-'));
  try {
    const { files } = writeBenchSite(dir, 20_000);
    const site = files.map((file) => ({
      text: fs.readFileSync(file, 'utf8'),
      language: LANGUAGES[path.extname(file)],
    }));
    const corpus = corpusFiles(root).map((file) => fs.readFileSync(file, 'utf8'));
    // A long document of real Markdown: the corpus's first 10,000 lines; the edit is in its middle.
    const lines = corpus.join('\n').split('\n').slice(0, 10_000);
    const long = lines.join('\n');
    const editedText = [
      ...lines.slice(0, 5_000),
      `${lines[5_000]} edited https://edit.example/x`,
      ...lines.slice(5_001),
    ].join('\n');
    // One scanner per tree for the edits, the whole document read once before.
    const scanners = new Map<FinderModules, { scanLines(text: string): readonly unknown[] }>();
    for (const { finder } of trees) {
      const scanner = new finder.DocumentLinkScanner('markdown');
      scanner.scanLines(long);
      scanners.set(finder, scanner);
    }
    const loads: Record<string, { load: (finder: FinderModules, round: number) => number; rounds: number }> = {
      [`site: documentLinks over ${site.length} generated articles`]: {
        rounds,
        load: (finder) => {
          const reader = new finder.LineReader();
          let links = 0;
          for (const { text, language } of site) {
            links += finder.documentLinks(text, language, reader).links.length;
          }
          return links;
        },
      },
      [`corpus: documentLinks over ${corpus.length} Markdown files of node_modules`]: {
        rounds,
        load: (finder) => {
          const reader = new finder.LineReader();
          let links = 0;
          for (const text of corpus) {
            links += finder.documentLinks(text, 'markdown', reader).links.length;
          }
          return links;
        },
      },
      [`edit: one line of a ${lines.length}-line document, read again by its scanner`]: {
        rounds: 5 * rounds,
        load: (finder, round) => scanners.get(finder)!.scanLines(round % 2 === 0 ? editedText : long).length,
      },
    };
    for (const [name, { load, rounds: count }] of Object.entries(loads)) {
      const { medians, counts } = contest(trees, load, count);
      const figures: Record<string, unknown> = {};
      trees.forEach((tree, i) => {
        figures[tree.name] = { ms: round2(medians[i]), ratio: round2(medians[i] / medians[0]), count: counts[i] };
      });
      process.stdout.write(`${JSON.stringify({ load: name, rounds: count, ...figures })}\n`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
