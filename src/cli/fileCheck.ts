/**
 * One site file checked as the extension checks a closed file: its links read by link health's scanner, the rules
 * of the catalog snapshot and the settings, the SubID its deeplinks should carry from the settings' template (its
 * path and its front matter, `LinkHealthEngine.expectedSubId`), findings of rules set to `off` left out. Then the
 * findings placed in lines and columns (1-based, UTF-16 as VS Code counts them), each with its first safe fix.
 */
import path from 'node:path';
import { articleSubIdVariables, frontMatterKeys, frontMatterValues, usesFrontMatter } from '../links/articleSubId';
import { expandSubId } from '../links/subId';
import { documentLinks, type DocumentLinks } from '../health/documentLinks';
import type { FixInputs } from '../health/healthFixes';
import { LinkHealthRules, type HealthFinding } from '../health/healthRules';
import { LineReader } from '../health/lineScan';
import { MerchantDomainIndex } from '../links/domainIndex';
import type { CatalogMerchant } from '../merchant/merchantFields';
import type { MerchantKey } from '../merchant/merchantKey';
import { firstSafeFix, fixInputsOf } from '../health/safeFixes';
import { languageOfPath } from '../health/siteIndex';
import type { FilePlace, ReportedSeverity, ReportFinding } from './checkReport';
import type { CheckSettings } from './settingsFile';

/** What every file of a run is checked with. */
export interface SiteCheck {
  rules: LinkHealthRules;
  settings: CheckSettings;
  /** The site's folder (absolute): the workspace folder of `${workspaceFolderBasename}`. */
  root: string;
  /** The day of `${date}`. */
  now: Date;
  /** One line reader for the whole run (its regular expressions kept). */
  lines: LineReader;
}

export interface CheckedText {
  /** The file, relative to the root with `/` between folders. */
  file: string;
  doc: DocumentLinks;
  /** Findings of the rules that are on, in document order. */
  findings: HealthFinding[];
  /** What the file's fixes are made with. */
  inputs: FixInputs;
}

/**
 * The SubID the deeplinks of a closed file should carry, as the extension works it out (`LinkHealthEngine
 * .expectedSubId` with the front matter values the index kept, `subIdOfFile`); undefined without one.
 */
export function expectedSubIdOf(check: SiteCheck, file: string, text: string): string | undefined {
  const template = check.settings.subIdTemplate;
  if (template === '') {
    return undefined;
  }
  const keys = frontMatterKeys(template);
  const frontMatter = keys.length === 0 ? undefined : frontMatterValues(text, keys);
  if (usesFrontMatter(template) && frontMatter === undefined) {
    return undefined;
  }
  // A URI's path, as `subIdOfFile` reads the file's name and folder from.
  const full = path
    .join(check.root, ...file.split('/'))
    .split(path.sep)
    .join('/');
  const variables = articleSubIdVariables(
    template,
    { path: full.startsWith('/') ? full : `/${full}`, frontMatter },
    { workspaceFolderBasename: path.basename(check.root) || undefined, date: check.now },
  );
  const expanded = expandSubId(template, variables);
  return expanded.ok ? expanded.subId : undefined;
}

/**
 * What a run checks its files with: the snapshot's domain index (its merchants', or one the cache kept), the
 * settings, the site's folder and the day.
 */
export function siteCheckOf(
  catalog: ReadonlyMap<MerchantKey, CatalogMerchant> | MerchantDomainIndex,
  settings: CheckSettings,
  root: string,
  now: Date,
): SiteCheck {
  const index = catalog instanceof MerchantDomainIndex ? catalog : new MerchantDomainIndex(catalog);
  const rules = new LinkHealthRules({ index }, settings.options);
  return { rules, settings, root, now, lines: new LineReader() };
}

/** Checks one file's text. */
export function checkText(check: SiteCheck, file: string, text: string): CheckedText {
  const { rules, settings } = check;
  const doc = documentLinks(text, languageOfPath(file), check.lines);
  const expectedSubId = expectedSubIdOf(check, file, text);
  const findings = rules.check(doc, expectedSubId).filter((finding) => settings.severities[finding.code] !== 'off');
  return { file, doc, findings, inputs: fixInputsOf(expectedSubId, settings.disclosureSnippet, settings.severities) };
}

/** The 1-based line and column of an offset of the document's text. */
export function positionOf(doc: DocumentLinks, offset: number): { line: number; column: number } {
  const starts = doc.lineStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
}

export function placeOf(doc: DocumentLinks, start: number, end: number): FilePlace {
  const from = positionOf(doc, start);
  const to = positionOf(doc, end);
  return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

/** The file's findings as the report has them, each with its first safe fix where it has one. */
export function reportedFindings(check: SiteCheck, checked: CheckedText): ReportFinding[] {
  return checked.findings.map((finding) => {
    const reported: ReportFinding = {
      file: checked.file,
      code: finding.code,
      severity: check.settings.severities[finding.code] as ReportedSeverity,
      message: finding.message,
      ...placeOf(checked.doc, finding.start, finding.end),
    };
    const fix = firstSafeFix(check.rules, checked.doc, finding, checked.inputs);
    if (fix !== undefined) {
      reported.fix = {
        title: fix.title,
        edits: fix.edits.map((edit) => ({ ...placeOf(checked.doc, edit.start, edit.end), newText: edit.newText })),
      };
    }
    return reported;
  });
}
