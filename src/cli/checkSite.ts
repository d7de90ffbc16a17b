/**
 * A check of the site: every file read in order, its findings reported when it is one of the files asked for (all of
 * them, or those `--changed-since` and the PATHs leave; the others' links only read, for the counts), the site's
 * links per merchant counted over every file (with `--cache`, a file not reported and as it was in an earlier run is
 * not read: its counts are that run's), and with `--fix` the safe fixes written before the findings are taken.
 * A file that cannot be read, too large, binary or not UTF-8 is skipped, said, and the run goes on.
 */
import path from 'node:path';
import { documentLinks } from '../health/documentLinks';
import {
  fileMerchantLinks,
  merchantLinkTotals,
  type FileMerchantLinks,
  type MerchantLinkTotals,
} from '../health/merchantLinkTally';
import { indexedFileOf, languageOfPath } from '../health/siteIndex';
import type { MerchantKey } from '../merchant/merchantKey';
import type { MerchantLinkCount, ReportFinding, SkippedFile } from './checkReport';
import { checkText, reportedFindings, type CheckedText, type SiteCheck } from './fileCheck';
import { readFileText } from './fileText';
import { fixText, writeFixedFile } from './fixFiles';
import type { LinkCounts } from './linkCountCache';

export interface SiteRun {
  /** Every file of the site, relative to the root, sorted. */
  files: readonly string[];
  /** The files whose findings are reported; every file when undefined. */
  reported: ReadonlySet<string> | undefined;
  fix: boolean;
  /** A merchant's name, for the counts. */
  merchantName(key: MerchantKey): string | undefined;
  /** A line on stderr. */
  say(line: string): void;
  /** With `--cache`: the links per merchant of an earlier run, for the files not reported that are as they were. */
  cache?: LinkCounts;
}

export interface SiteRunOutcome {
  filesChecked: number;
  findings: ReportFinding[];
  skipped: SkippedFile[];
  merchantLinks: MerchantLinkCount[];
  /** Files `--fix` wrote. */
  filesFixed: number;
  /** Each file's links per merchant, in the run's file order (files that could not be read left out). */
  fileLinks: ReadonlyMap<string, FileMerchantLinks>;
}

/** The line a file that cannot be read gets on stderr. */
export const skippedLine = (file: SkippedFile) => `skipped ${file.file}: ${file.reason}`;

/** Findings in the order of `files`, each file's in place order (a stable sort: a file's own order kept). */
export function sortByFileOrder<T extends { file: string }>(items: T[], files: readonly string[]): T[] {
  const fileOrder = new Map(files.map((file, i) => [file, i]));
  return items.sort((a, b) => fileOrder.get(a.file)! - fileOrder.get(b.file)!);
}

/** The places of findings: by line, then column (the disclosure's comes after the links of its line otherwise). */
const byPlace = (a: ReportFinding, b: ReportFinding) => a.line - b.line || a.column - b.column;

export async function checkSite(check: SiteCheck, run: SiteRun): Promise<SiteRunOutcome> {
  const reported = (file: string) => run.reported === undefined || run.reported.has(file);
  const findings: ReportFinding[] = [];
  const skipped: SkippedFile[] = [];
  const toFix: Array<{ checked: CheckedText; text: string }> = [];
  let filesChecked = 0;
  const links = new Map<string, FileMerchantLinks>();
  const verdictOf = (target: string) => check.rules.verdicts.of(target);
  const count = (checked: Pick<CheckedText, 'file' | 'doc'>, text: string, written = false) => {
    const counted = fileMerchantLinks(indexedFileOf(checked.file, NO_STAT, checked.doc, -1), verdictOf);
    links.set(checked.file, counted);
    run.cache?.counted(checked.file, text, counted, written);
  };
  const report = (checked: CheckedText) => findings.push(...reportedFindings(check, checked).sort(byPlace));
  for (const file of run.files) {
    if (!reported(file) && run.cache?.takesUnread(file) === true) {
      continue; // not read: its counts are in the earlier run's totals
    }
    const cached = reported(file) ? undefined : run.cache?.cached(file);
    if (cached !== undefined) {
      links.set(file, cached); // not read: as it was in the run that counted it
      continue;
    }
    const text = readFileText(path.join(check.root, ...file.split('/')));
    if (!text.ok) {
      if (reported(file)) {
        skipped.push({ file, reason: text.reason });
        run.say(skippedLine({ file, reason: text.reason }));
      }
      continue;
    }
    if (!reported(file)) {
      const unchanged = run.cache?.cachedText(file, text.text);
      if (unchanged !== undefined) {
        links.set(file, unchanged); // its time changed, not its text
        continue;
      }
      // Read for the links per merchant only: its links, no rules.
      count({ file, doc: documentLinks(text.text, languageOfPath(file), check.lines) }, text.text);
      continue;
    }
    const checked = checkText(check, file, text.text);
    count(checked, text.text);
    filesChecked++;
    if (run.fix && checked.findings.length > 0) {
      toFix.push({ checked, text: text.text }); // fixed and reported below
    } else {
      report(checked);
    }
  }
  let filesFixed = 0;
  for (const { checked, text } of toFix) {
    const fixed = fixText(check, checked, text);
    if (fixed.applied.length === 0) {
      report(checked);
      continue;
    }
    const written = await writeFixedFile(check, checked.file, fixed.text);
    if (written.ok) {
      filesFixed++;
      count(fixed.checked, fixed.text, true);
      for (const fix of fixed.applied) {
        run.say(`fixed ${checked.file}:${fix.line}:${fix.column} ${fix.code}: ${fix.title}`);
      }
      report(fixed.checked);
    } else {
      run.say(`could not write the fixes of ${checked.file}: ${written.reason}; the file is as it was`);
      report(checked);
    }
  }
  return {
    filesChecked,
    // In file order (fixed files were reported after the others), each file's in place order.
    findings: sortByFileOrder(findings, run.files),
    skipped,
    merchantLinks: merchantCountsOf(
      run.cache?.siteTotals(links.values()) ?? merchantLinkTotals(links.values()),
      run.merchantName,
    ),
    filesFixed,
    fileLinks: links,
  };
}

/** The index's stat of a file, which the counts do not read. */
const NO_STAT = { size: 0, mtime: 0 };

/** The site's links per merchant, most links first. */
export function merchantCountsOf(
  totals: ReadonlyMap<MerchantKey, MerchantLinkTotals>,
  nameOf: (key: MerchantKey) => string | undefined,
): MerchantLinkCount[] {
  return [...totals]
    .map(([key, total]) => ({ merchant: nameOf(key) ?? key, key, links: total.links, articles: total.articles }))
    .sort((a, b) => b.links - a.links || (a.merchant < b.merchant ? -1 : a.merchant > b.merchant ? 1 : 0));
}
