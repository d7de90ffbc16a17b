/**
 * Measures the site index's core in plain Node (no VS Code): a first scan of N generated articles (read, links
 * with the health scanner, index entry, findings) against a bare pass that reads them and runs one URL regex,
 * and the rescan on reopening from the saved index with 10 files changed. `tsx test/bench/siteScanProbe.ts [N]`.
 */
import fs from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type * as vscode from 'vscode';
import { DocumentLinkScanner } from '../../src/health/documentLinks';
import { documentOfIndexed, indexedFileOf, languageOfPath, SiteIndex } from '../../src/health/siteIndex';
import { runInSlices, type Clock as SliceClock } from '../../src/common/timeSlices';
import { SiteIndexFile } from '../../src/site/siteIndexFile';
import { deeplink, rules } from '../unit/health/healthCatalog';

const count = Number(process.argv[2] ?? 1_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-scan-'));
const clock: SliceClock = { now: () => performance.now(), pause: () => new Promise((r) => setImmediate(r)) };
const health = rules();
const files: string[] = [];
for (let i = 0; i < count; i++) {
  const lines = [`---`, `title: Article ${i}`, `---`, `# Article ${i}`, ''];
  for (let p = 0; p < 10; p++) {
    lines.push(
      `Paragraph ${p} with [a review](${deeplink(p % 3 === 0 ? 'old' : 'shop', `https://shop.example.com/item/${i}/${p}`)}) and some words.`,
      `See https://www.example.org/page/${p} or <https://cheap.example.com/x${p}>.`,
      '',
    );
  }
  const ext = i % 10 === 0 ? 'html' : i % 10 === 1 ? 'mdx' : 'md';
  const file = path.join(dir, `a${i}.${ext}`);
  fs.writeFileSync(file, lines.join('\n'));
  files.push(file);
}

async function bare(): Promise<number> {
  const started = performance.now();
  let links = 0;
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    links += text.match(/https?:\/\/[^\s<>"')\]]+/g)?.length ?? 0;
  }
  void links;
  return performance.now() - started;
}

async function scan(index: SiteIndex): Promise<{ ms: number; longestSlice: number; findings: number; read: number }> {
  const started = performance.now();
  let last = performance.now();
  let longestSlice = 0;
  let findings = 0;
  let read = 0;
  await runInSlices(files, {
    clock: {
      now: clock.now,
      pause: async () => {
        longestSlice = Math.max(longestSlice, performance.now() - last);
        await clock.pause();
        last = performance.now();
      },
    },
    read: async (file) => {
      const stats = await stat(file);
      return index.isCurrent(file, stats.size, stats.mtimeMs)
        ? undefined
        : { text: await readFile(file, 'utf8'), size: stats.size, mtime: stats.mtimeMs };
    },
    apply: (file, result) => {
      if (!result.ok || result.value === undefined) return;
      read++;
      const doc = new DocumentLinkScanner(languageOfPath(file)).scan(result.value.text);
      const entry = indexedFileOf(file, result.value, doc, health.disclosureEnd(result.value.text));
      index.set(entry);
      findings += health.check(documentOfIndexed(entry), 'my-article', entry.disclosureEnd).length;
    },
  });
  return { ms: performance.now() - started, longestSlice, findings, read };
}

async function main(): Promise<void> {
  const log = { warn: console.warn } as unknown as vscode.LogOutputChannel;
  const store = new SiteIndexFile({ scheme: 'file', fsPath: path.join(dir, 'storage') } as vscode.Uri, log);
  await bare(); // warm the page cache
  const bareMs = await bare();
  const index = new SiteIndex('k');
  const first = await scan(index);
  const saveStart = performance.now();
  await store.save(index, clock.pause);
  const saveMs = performance.now() - saveStart;
  for (const file of files.slice(0, 10)) fs.appendFileSync(file, '\nOne more line.\n');
  const reopenStart = performance.now();
  const loaded = await store.load('k');
  const loadMs = performance.now() - reopenStart;
  const again = await scan(loaded);
  console.log(
    JSON.stringify({
      articles: count,
      linksPerArticle: index.entries()[5].links.length,
      bareReadAndRegexMs: +bareMs.toFixed(1),
      firstScanMs: +first.ms.toFixed(1),
      ratio: +(first.ms / bareMs).toFixed(2),
      longestSliceMs: +first.longestSlice.toFixed(1),
      findings: first.findings,
      saveMs: +saveMs.toFixed(1),
      indexFileBytes: fs.statSync(path.join(dir, 'storage/linkHealth/site-index.jsonl')).size,
      reopenLoadMs: +loadMs.toFixed(1),
      reopenRescanMs: +again.ms.toFixed(1),
      reopenFilesRead: again.read,
    }),
  );
}

void main().finally(() => fs.rmSync(dir, { recursive: true, force: true }));
