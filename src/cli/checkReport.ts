/**
 * What a run of `affiliate-links check` found, as every output format reads it: the findings with their places
 * (1-based lines and columns, UTF-16 as VS Code counts them), the safe fix of each where there is one, and the
 * files that could not be read. The formats (`src/cli/format/`) only write this down.
 */
import type { HealthCode } from '../health/healthCodes';

/** The severities a finding can be reported at (`off` is never reported). */
export type ReportedSeverity = 'error' | 'warning' | 'info' | 'hint';

/** A place in a file: 1-based line and column; the end is exclusive. */
export interface FilePlace {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface ReportEdit extends FilePlace {
  newText: string;
}

export interface ReportFinding extends FilePlace {
  /** The file, relative to the checked root, with `/` separators. */
  file: string;
  code: HealthCode;
  severity: ReportedSeverity;
  message: string;
  /** The first safe fix (the one fix-all on save applies), when there is one. */
  fix?: { title: string; edits: ReportEdit[] };
}

/** A file the run could not check, and why (unreadable, binary, over the size limit, invalid UTF-8). */
export interface SkippedFile {
  file: string;
  reason: string;
}

/** How many of the site's affiliate links (tracking links and deeplinks, ignored ones left out) go to a merchant. */
export interface MerchantLinkCount {
  /** Its name in the catalog. */
  merchant: string;
  /** Its key (`id:<merchantId>`). */
  key: string;
  links: number;
  /** The files that link to it. */
  articles: number;
}

export interface CheckReport {
  /** The tool's name and version, for SARIF and JUnit. */
  tool: { name: string; version: string };
  /** The checked root (absolute). */
  root: string;
  /** How many files were checked. */
  filesChecked: number;
  /** In file order, then line and column. */
  findings: ReportFinding[];
  skipped: SkippedFile[];
  /** The catalog's date (ISO 8601) and how many merchants it held. */
  catalog: { takenAt: string; merchants: number };
  /** How long the run took, in ms. */
  durationMs: number;
  /**
   * The site's links per merchant, most links first: counted over the whole site, also when `--changed-since` or
   * PATHs narrow the findings. Absent from a report that did not count them.
   */
  merchantLinks?: MerchantLinkCount[];
}
