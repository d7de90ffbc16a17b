/**
 * Link health's figures (issue 25 §8) on the sandbox's generated site, each against a floor in the same run. The scan is the
 * pipeline of linkHealthSite.ts, minified as it ships, in plain Node: the product's reading of the site (src/siteDisk/), its
 * rules and index; VS Code's findFiles is not in it (the file list is made once). The requests link health sends while it
 * scans a site are counted in the real host (integration test `link health over the sandbox’s generated site`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as vscode from 'vscode';
import { siteDeeplink, siteMerchants } from '../../src/sandbox/siteLinks';
import { emit, median, round2, settle, timed, timeOf } from './figures';
import { loadShipped } from './shippedBundle';
import {
  barePass,
  bareStats,
  bareSyncPass,
  checkAll,
  hostClock,
  READ_KEY,
  readerOf,
  rulesOf,
  SITE_ARTICLES,
  writeBenchSite,
  scanInto,
  subIdOfEntry,
  type Shipped,
} from './linkHealthSite';

const SCAN_ROUNDS = 3;
const EDIT_ROUNDS = 21;
const REOPEN_ROUNDS = 3;

const MB = 1024 * 1024;

export async function benchLinkHealth(root: string, catalogSize: number): Promise<void> {
  const h = await loadShipped<Shipped>(root, path.join(__dirname, 'shippedLinkHealth.ts'), 'linkHealth');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'link-health-bench-'));
  try {
    const { merchants, summary, files } = writeBenchSite(dir, catalogSize);
    const rules = await rulesOf(h, merchants, summary.disclosurePatterns);
    const template = summary.subIdTemplate;
    const subIdOf = subIdOfEntry(h, template);

    // First scan: read, scan and index every file, then check every entry, against the bare pass.
    // In a function of its own, so that nothing of its rounds is still held when the heap is measured.
    const { scans, bares, syncBares, coldChecks, warmChecks, longest, first, links, urls } = await firstScanRounds(
      h,
      files,
      () => rulesOf(h, merchants, summary.disclosurePatterns),
      template,
      summary.findings,
    );
    const scanMs = median(scans);
    const bareMs = median(bares);
    // What the target leaves for the check: reading, scanning and indexing alone, against the same floor.
    const readIndexMs = median(scans.map((ms, round) => ms - coldChecks[round]!));
    const syncBareMs = median(syncBares);
    emit({
      name: `link health: first scan of a ${SITE_ARTICLES}-article generated site (${links} links, ${summary.total} findings) vs reading the files and one URL regex (pure pipeline, no findFiles)`,
      value: round2(scanMs),
      unit: 'ms',
      baseline: round2(bareMs),
      ratio: round2(scanMs / bareMs),
      target: 'ratio <= 2 and < 10 s',
      note: `first round ${round2(first)} ms; reading, scanning and indexing alone ${round2(readIndexMs)} ms = ${round2(readIndexMs / bareMs)}x the bare pass; the bare pass with synchronous reads ${round2(syncBareMs)} ms (the scan ${round2(scanMs / syncBareMs)}x that); the check ${round2(median(coldChecks))} ms of it, with every address judged for the first time (${round2(median(warmChecks))} ms once they are known); longest slice ${round2(longest)} ms (< 50 ms); ${urls} URLs by the regex; findings per rule as printed`,
    });

    // Memory: the heap an index of the site holds, after full collections.
    settle();
    const heapBefore = process.memoryUsage().heapUsed;
    let held: InstanceType<Shipped['SiteIndex']> | undefined = new h.SiteIndex(READ_KEY);
    await scanInto(h, held, files, readerOf(h, rules, template), hostClock());
    settle();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / MB;
    emit({
      name: `link health: heap held by the index of the ${SITE_ARTICLES}-article site (${held.size} files)`,
      value: round2(heapMb),
      unit: 'MB',
      target: '< 50 MB',
    });

    // Reopening: the saved index loaded, every file stated, the 10 changed read and checked.
    const log = { warn: console.warn, info: () => undefined } as unknown as vscode.LogOutputChannel;
    const store = new h.SiteIndexFile({ scheme: 'file', fsPath: path.join(dir, 'storage') } as vscode.Uri, log);
    const reopens: number[] = [];
    const statFloors: number[] = [];
    const checkAllMs: number[] = [];
    for (let round = 0; round < REOPEN_ROUNDS; round++) {
      await store.save(held, () => new Promise((resolve) => setImmediate(resolve)));
      const changed = files.slice(round * 10, round * 10 + 10);
      changed.forEach((file) => fs.appendFileSync(file, `\nOne more line (${round}).\n`));
      settle();
      statFloors.push((await timed(() => bareStats(files))).ms);
      settle();
      const clock = hostClock();
      const reopen = await timed(async () => {
        const loaded = await store.load(READ_KEY);
        const read = await scanInto(h, loaded, files, readerOf(h, rules, template), clock);
        await checkAll(h, loaded, rules, subIdOf, clock, new Set(changed));
        return { loaded, read };
      });
      if (reopen.value.read !== 10 || reopen.value.loaded.size !== files.length) {
        throw new Error(`reopening read ${reopen.value.read} files of ${reopen.value.loaded.size}, expected 10`);
      }
      reopens.push(reopen.ms);
      held = reopen.value.loaded;
      settle();
      checkAllMs.push((await timed(() => checkAll(h, held!, rules, subIdOf, hostClock()))).ms);
    }
    emit({
      name: `link health: rescan on reopening the ${SITE_ARTICLES}-article site with 10 files changed (saved index loaded, every file stated, 10 read and checked) vs stating every file`,
      value: round2(median(reopens)),
      unit: 'ms',
      baseline: round2(median(statFloors)),
      ratio: round2(median(reopens) / median(statFloors)),
      target: '< 1 s',
      note: `index file ${round2(fs.statSync(path.join(dir, 'storage/linkHealth/site-index.jsonl')).size / MB)} MB; every entry checked again from the index (the Problems panel after a reload): ${round2(median(checkAllMs))} ms more`,
    });
    held = undefined;

    await benchEdit(h, merchants, summary.disclosurePatterns);
    await benchManyFindings(h, merchants, summary.disclosurePatterns);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The first scan's rounds, each with rules of its own: a first scan judges every address for the first time. */
async function firstScanRounds(
  h: Shipped,
  files: readonly string[],
  freshRules: () => ReturnType<typeof rulesOf>,
  template: string,
  printed: Record<string, number>,
) {
  const subIdOf = subIdOfEntry(h, template);
  await barePass(files); // the page cache warmed for both
  const rounds = {
    scans: [] as number[],
    bares: [] as number[],
    syncBares: [] as number[],
    coldChecks: [] as number[],
    warmChecks: [] as number[],
  };
  let longest = 0;
  let first = 0;
  let links = 0;
  let urls = 0;
  for (let round = 0; round < SCAN_ROUNDS; round++) {
    settle();
    const bare = await timed(() => barePass(files));
    rounds.bares.push(bare.ms);
    urls = bare.value;
    const syncBare = await timed(async () => bareSyncPass(files));
    rounds.syncBares.push(syncBare.ms);
    if (syncBare.value !== urls) {
      throw new Error(`the synchronous bare pass found ${syncBare.value} URLs, the bare pass ${urls}`);
    }
    const fresh = await freshRules();
    settle();
    const clock = hostClock();
    const scan = await timed(async () => {
      const index = new h.SiteIndex(READ_KEY);
      await scanInto(h, index, files, readerOf(h, fresh, template), clock);
      const check = await timed(() => checkAll(h, index, fresh, subIdOf, clock));
      return { index, counts: check.value, checkMs: check.ms };
    });
    rounds.scans.push(scan.ms);
    rounds.coldChecks.push(scan.value.checkMs);
    // The same check again, every verdict known (what a check after a settings change costs).
    rounds.warmChecks.push((await timed(() => checkAll(h, scan.value.index, fresh, subIdOf, hostClock()))).ms);
    first = round === 0 ? scan.ms : first;
    longest = Math.max(longest, clock.longest);
    links = scan.value.index.entries().reduce((sum, entry) => sum + entry.links.length, 0);
    const found = JSON.stringify(scan.value.counts);
    if (found !== JSON.stringify(printed)) {
      throw new Error(`the scan found ${found}, the generator printed ${JSON.stringify(printed)}`);
    }
  }
  return { ...rounds, longest, first, links, urls };
}

/** Diagnostics of a 10,000-line article with 2,000 deeplinks after a one-line edit, vs the same from a fresh scanner. */
async function benchEdit(
  h: Shipped,
  merchants: Parameters<typeof siteMerchants>[0],
  disclosurePatterns: string[],
): Promise<void> {
  const rules = await rulesOf(h, merchants, disclosurePatterns);
  const pools = siteMerchants(merchants);
  const lines = Array.from({ length: 10_000 }, (_, line) => {
    if (line % 5 !== 0) {
      return `Paragraph text ${line}, written for readers, with no link in it.`;
    }
    const pool = line % 250 === 0 ? pools.inactive : pools.healthy;
    const m = pool[(line / 5) % pool.length]!;
    return `Our pick ${line}: [${m.name}](${siteDeeplink(m.trackingLink!, `https://${m.defaultDomain}/p/${line}`, 'my-article')}).`;
  });
  const texts = [0, 1].map((turn) => {
    const edited = [...lines];
    edited[5_000] = `${lines[5_000]} Edited ${turn}.`;
    return edited.join('\n');
  });
  const scanner = new h.DocumentLinkScanner('markdown');
  scanner.scan(lines.join('\n'));
  const index = new h.SiteIndex(READ_KEY);
  let findings = 0;
  const diagnose = (scan: InstanceType<Shipped['DocumentLinkScanner']>, text: string) => {
    const entry = h.indexedFileOf(
      'article.md',
      { size: text.length, mtime: 0 },
      scan.scan(text),
      rules.disclosureEnd(text),
    );
    index.set(entry);
    findings = rules.check(h.documentOfIndexed(entry), 'my-article', entry.disclosureEnd).length;
  };
  const edits: number[] = [];
  const fresh: number[] = [];
  for (let round = 0; round < EDIT_ROUNDS + 1; round++) {
    const text = texts[round % 2]!;
    const edit = timeOf(() => diagnose(scanner, text));
    const full = timeOf(() => diagnose(new h.DocumentLinkScanner('markdown'), text));
    if (round > 0) {
      edits.push(edit);
      fresh.push(full);
    }
  }
  emit({
    name: `link health: diagnostics of a 10,000-line article (2,000 deeplinks, ${findings} findings) after a one-line edit vs the same from a fresh scan`,
    value: round2(median(edits)),
    unit: 'ms',
    baseline: round2(median(fresh)),
    ratio: round2(median(edits) / median(fresh)),
    target: '< 5 ms',
  });
}

/**
 * A file with 500 findings (every fifth line of 2,500 links an inactive merchant): its findings with their
 * positions, as the Problems panel gets them, vs reading the same text's links alone.
 */
async function benchManyFindings(
  h: Shipped,
  merchants: Parameters<typeof siteMerchants>[0],
  disclosurePatterns: string[],
): Promise<void> {
  const rules = await rulesOf(h, merchants, disclosurePatterns);
  const pools = siteMerchants(merchants);
  // Disclosed at the top, so every finding is a link's.
  const text =
    'This page has affiliate links.\n\n' +
    Array.from({ length: 2_500 }, (_, line) => {
      if (line % 5 !== 0) {
        return `Paragraph text ${line}, written for readers, with no link in it.`;
      }
      const m = pools.inactive[(line / 5) % pools.inactive.length]!;
      return `Our old pick ${line}: [${m.name}](${siteDeeplink(m.trackingLink!, `https://${m.defaultDomain}/p/${line}`, 'my-article')}).`;
    }).join('\n');
  let shown = 0;
  const findings = () => {
    const entry = h.indexedFileOf(
      'old.md',
      { size: text.length, mtime: 0 },
      h.documentLinks(text, 'markdown'),
      rules.disclosureEnd(text),
    );
    const found = rules.check(h.documentOfIndexed(entry), 'my-article', entry.disclosureEnd);
    shown = found.filter((f) => h.positionOfIndexed(entry, f.link, f.start).line >= 0).length;
  };
  const scanOnly = () => void h.documentLinks(text, 'markdown');
  const values: number[] = [];
  const baselines: number[] = [];
  for (let round = 0; round < EDIT_ROUNDS + 1; round++) {
    settle();
    const value = timeOf(findings);
    settle();
    const baseline = timeOf(scanOnly);
    if (round > 0) {
      values.push(value);
      baselines.push(baseline);
    }
  }
  if (shown !== 500) {
    throw new Error(`the file gave ${shown} findings; expected 500`);
  }
  emit({
    name: 'link health: a file with 500 findings, every one with its position, vs reading its links alone',
    value: round2(median(values)),
    unit: 'ms',
    baseline: round2(median(baselines)),
    ratio: round2(median(values) / median(baselines)),
    target: '< 50 ms (one slice of the event loop)',
  });
}
