/** The command line bench's checks of what a run found against what the generator wrote (cliBench.ts). */
import path from 'node:path';
import { FINDING_CODES } from '../../src/sandbox/siteLinks';
import type { JsonReport } from './cliProcess';
import type { CliSite } from './cliSite';

/** Throws unless every article's findings per rule are what the generator wrote it with. */
export function sameArticles(report: JsonReport, site: CliSite): void {
  const byFile = new Map<string, Record<string, number>>();
  for (const finding of report.findings) {
    const counts = byFile.get(finding.file) ?? Object.fromEntries(FINDING_CODES.map((code) => [code, 0]));
    counts[finding.code] = (counts[finding.code] ?? 0) + 1;
    byFile.set(finding.file, counts);
  }
  for (const article of site.articles) {
    const file = article.path.split(path.sep).join('/');
    const found = byFile.get(file) ?? Object.fromEntries(FINDING_CODES.map((code) => [code, 0]));
    sameCounts(`the check of ${file}`, found, article.findings);
    byFile.delete(file);
  }
  if (byFile.size > 0) {
    throw new Error(
      `the check reported findings in files the generator wrote none in: ${[...byFile.keys()].join(', ')}`,
    );
  }
}

/** Throws unless `found` (per rule) is what the generator printed. */
export function sameCounts(what: string, found: Record<string, number>, printed: Record<string, number>): void {
  if (JSON.stringify(found) !== JSON.stringify(printed)) {
    throw new Error(`${what} found ${JSON.stringify(found)}, the generator printed ${JSON.stringify(printed)}`);
  }
}
