/**
 * What the link finder costs, against another tree's finder in the same process, rounds alternated (these machines
 * are noisy: compare the two medians of one run, not figures between runs). Three loads: `documentLinks` over the
 * link-health bench's generated site (10,000 articles, in memory, one `LineReader` for the run as the site scan
 * has), over the Markdown files of `node_modules` (finderCorpusProbe.ts), and a one-line edit of a 10,000-line
 * document of those files read again by a `DocumentLinkScanner` (the per-line reuse the lenses and open documents
 * have). A probe: it asserts nothing.
 *
 * `NODE_PATH=test/standIn node --expose-gc --import tsx test/bench/finderCostProbe.ts --base DIR [--with DIR] [--rounds N]`,
 * DIR a `src` folder of another commit (`git archive <commit> src | tar -x -C /tmp/base`, then `/tmp/base/src`); `--with`
 * (this tree's `src` by default) is best an archive too, so both are compiled alike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

async function finderOf(src: string): Promise<FinderModules> {
  const documentLinks = (await import(path.join(src, 'health/documentLinks.ts'))) as FinderModules;
  const lineScan = (await import(path.join(src, 'health/lineScan.ts'))) as { LineReader: new () => unknown };
  return { ...documentLinks, LineReader: lineScan.LineReader };
}

const LANGUAGES: Record<string, string> = { '.md': 'markdown', '.mdx': 'mdx', '.html': 'html' };

function time(body: () => void): number {
  settle();
  const started = performance.now();
  body();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const base = argument('--base');
  if (base === undefined) {
    throw new Error('--base DIR: the src folder of the finder to compare with');
  }
  const finders = {
    base: await finderOf(path.resolve(base)),
    this: await finderOf(path.resolve(argument('--with') ?? path.join(root, 'src'))),
  };
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
    const edited = [...lines.slice(0, 5_000), `${lines[5_000]} edited https://edit.example/x`, ...lines.slice(5_001)];
    const editedText = edited.join('\n');

    const loads = {
      site: (f: FinderModules) => {
        const reader = new f.LineReader();
        let links = 0;
        for (const { text, language } of site) {
          links += f.documentLinks(text, language, reader).links.length;
        }
        return links;
      },
      corpus: (f: FinderModules) => {
        const reader = new f.LineReader();
        let links = 0;
        for (const text of corpus) {
          links += f.documentLinks(text, 'markdown', reader).links.length;
        }
        return links;
      },
    };
    const results: Record<string, unknown>[] = [];
    for (const [name, load] of Object.entries(loads)) {
      const times: Record<'base' | 'this', number[]> = { base: [], this: [] };
      const counts = { base: load(finders.base), this: load(finders.this) };
      for (let round = 0; round < rounds; round++) {
        for (const which of round % 2 === 0 ? (['base', 'this'] as const) : (['this', 'base'] as const)) {
          times[which].push(time(() => load(finders[which])));
        }
      }
      results.push({
        load: name,
        baseMs: round2(median(times.base)),
        thisMs: round2(median(times.this)),
        ratio: round2(median(times.this) / median(times.base)),
        links: counts,
      });
    }
    // The per-line reuse: one scanner, the document read whole once, then the edited line and back, timed.
    const edit = { base: [] as number[], this: [] as number[] };
    for (const which of ['base', 'this'] as const) {
      const scanner = new finders[which].DocumentLinkScanner('markdown');
      scanner.scanLines(long);
      for (let round = 0; round < 3 * rounds; round++) {
        edit[which].push(time(() => scanner.scanLines(round % 2 === 0 ? editedText : long)));
      }
    }
    results.push({
      load: `one-line edit of a ${lines.length}-line document, read again by its scanner`,
      baseMs: round2(median(edit.base)),
      thisMs: round2(median(edit.this)),
      ratio: round2(median(edit.this) / median(edit.base)),
    });
    for (const result of results) {
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
