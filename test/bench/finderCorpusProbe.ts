/**
 * The link finder (`documentLinks`) against the reference parser (test/common/referenceLinks.ts: markdown-it with
 * linkify, parse5 for raw HTML) over real Markdown documents: every `*.md` and `*.markdown` file under
 * `node_modules/` after `npm ci`, in path order. Prints recall and precision, what is missed and what is extra by
 * kind, and the two counts that must be zero: links taken from HTML block text, and anchors missed in `<pre>` or
 * `<code>`. A probe, not a test: it asserts nothing and times nothing.
 *
 * `npx tsx test/bench/finderCorpusProbe.ts [--src DIR] [--corpus DIR] [--list N] [--json]`: `--corpus` reads the
 * Markdown files of another folder; `--src` reads the finder of another
 * tree (for example `git archive <commit> src | tar -x -C /tmp/base`, then `--src /tmp/base/src`), `--list` prints
 * the first N misses and extras with their lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  compareWithReference,
  FINDER_KIND,
  LINK_KINDS,
  referenceLinks,
  type FinderLink,
} from '../common/referenceLinks';
import { corpusFiles } from './finderCorpus';

const root = path.resolve(__dirname, '../..');
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const srcDir = path.resolve(argument('--src') ?? path.join(root, 'src'));
const listCount = Number(argument('--list') ?? 0);

interface Finder {
  documentLinks(
    text: string,
    languageId: string,
  ): { links: { kind: string; line: number; target: string; url: string }[]; lineKinds: string[] };
}

function tally<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  }
  return counts;
}

async function main(): Promise<void> {
  const finder = (await import(path.join(srcDir, 'health/documentLinks.ts'))) as Finder;
  const corpus = argument('--corpus');
  const files = corpusFiles(root, corpus === undefined ? undefined : path.resolve(corpus));
  let reference = 0;
  let found = 0;
  let matched = 0;
  let kindsAgree = 0;
  const missed: { file: string; line: number; source: string; href: string }[] = [];
  const extra: { file: string; line: number; kind: string; url: string }[] = [];
  const otherKinds: { file: string; line: number; kinds: string; url: string }[] = [];
  let fromHtmlBlockText = 0;
  let missedInPreOrCode = 0;
  let bytes = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    bytes += text.length;
    const doc = finder.documentLinks(text, 'markdown');
    let frontMatter = 0;
    while (doc.lineKinds[frontMatter] === 'front-matter') {
      frontMatter++;
    }
    const links: FinderLink[] = doc.links.map(({ kind, line, target, url }) => ({ kind, line, target, url }));
    const result = compareWithReference(text, links, frontMatter);
    reference += result.reference.length;
    found += result.found.length;
    matched += result.matched.length;
    const relative = path.relative(root, file);
    for (const { reference: r, found: f } of result.matched) {
      if (FINDER_KIND[r.source] === f.kind) {
        kindsAgree++;
      } else {
        otherKinds.push({ file: relative, line: f.line + 1, kinds: `${f.kind} for ${r.source}`, url: f.url });
      }
    }
    for (const r of result.missed) {
      missed.push({ file: relative, line: r.first + 1, source: r.source, href: r.href });
      missedInPreOrCode += r.inPreOrCode ? 1 : 0;
    }
    const blocks = referenceLinks(text).htmlBlocks;
    for (const f of result.extra) {
      extra.push({ file: relative, line: f.line + 1, kind: f.kind, url: f.url });
      if (f.kind !== 'anchor' && blocks.some(([first, last]) => first <= f.line && f.line <= last)) {
        fromHtmlBlockText++;
      }
    }
  }
  const summary = {
    documents: files.length,
    characters: bytes,
    referenceLinks: reference,
    finderLinks: found,
    matched,
    kindsAgree,
    otherKinds: tally(otherKinds, (k) => k.kinds),
    recall: `${((100 * matched) / reference).toFixed(3)}%`,
    precision: `${((100 * matched) / found).toFixed(3)}%`,
    missedBySource: tally(missed, (m) => m.source),
    extraByKind: tally(extra, (e) => e.kind),
    linksFromHtmlBlockText: fromHtmlBlockText,
    anchorsMissedInPreOrCode: missedInPreOrCode,
    finderKinds: [...LINK_KINDS].join(' '),
    src: path.relative(root, srcDir) || srcDir,
  };
  process.stdout.write(`${JSON.stringify(summary, null, argument('--json') === undefined ? 2 : undefined)}\n`);
  for (const m of missed.slice(0, listCount)) {
    process.stdout.write(`missed ${m.source} ${m.file}:${m.line} ${m.href}\n`);
  }
  for (const e of extra.slice(0, listCount)) {
    process.stdout.write(`extra  ${e.kind} ${e.file}:${e.line} ${e.url}\n`);
  }
  for (const k of otherKinds.slice(0, listCount)) {
    process.stdout.write(`kind   ${k.kinds} ${k.file}:${k.line} ${k.url}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
