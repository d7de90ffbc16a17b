/**
 * The sarif format: SARIF 2.1.0 (OASIS), one run, as GitHub code scanning reads it.
 * - `tool.driver.rules`: every link health rule, in the order of `HEALTH_CODES`, with its help and default level
 *   (a rule that is off by default has `enabled: false`); a result names its rule by `ruleId` and `ruleIndex`.
 * - Levels: error → `error`, warning → `warning`, info and hint → `note`.
 * - Places: relative URIs (each path segment percent-encoded) against `%SRCROOT%`, the checked root, which
 *   `originalUriBaseIds` gives as a file URI; 1-based lines and UTF-16 columns (`columnKind`), the end exclusive, as
 *   SARIF's `endColumn` is.
 * - A safe fix is a SARIF `fix`: its title and its edits as replacements of regions of the file.
 * - `partialFingerprints`: a hash of the rule, the file, the message and how many identical findings came before in
 *   the file, so a finding keeps its fingerprint when lines move above it.
 * - A file that could not be checked is a `toolExecutionNotification` (level `warning`) of the one invocation,
 *   whose `executionSuccessful` is true: findings are the run's results, not its failure.
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import * as l10n from '@vscode/l10n';
import { DEFAULT_SEVERITIES, type HealthSeverity } from '../../health/healthCodes';
import type { CheckReport, FilePlace, ReportFinding, ReportedSeverity } from '../checkReport';
import { REPOSITORY_URL, RULE_HELP, ruleHelpText } from './ruleHelp';

export const SARIF_SCHEMA_URI =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** The base every artifact URI is relative to. */
export const SRCROOT = '%SRCROOT%';

/** The key of this tool's partial fingerprint. */
export const FINGERPRINT_KEY = 'affiliateLinksFinding/v1';

type SarifLevel = 'error' | 'warning' | 'note';

const LEVELS: Record<ReportedSeverity, SarifLevel> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };

/** The default configuration of a rule with this default severity. */
function defaultConfiguration(severity: HealthSeverity): { level: SarifLevel; enabled?: false } {
  return severity === 'off' ? { level: 'note', enabled: false } : { level: LEVELS[severity] };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A relative path (`/` separators) as a relative URI reference: each segment percent-encoded. */
export function relativeUri(file: string): string {
  return file
    .replace(LONE_SURROGATE, '\ufffd')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** The root as a file URI that ends with `/`, as SARIF wants a base URI. */
function rootUri(root: string): string {
  const href = pathToFileURL(root).href;
  return href.endsWith('/') ? href : `${href}/`;
}

function region(place: FilePlace) {
  return { startLine: place.line, startColumn: place.column, endLine: place.endLine, endColumn: place.endColumn };
}

function artifactLocation(file: string) {
  return { uri: relativeUri(file), uriBaseId: SRCROOT };
}

function fixesOf(finding: ReportFinding) {
  if (!finding.fix) {
    return undefined;
  }
  return [
    {
      description: { text: finding.fix.title },
      artifactChanges: [
        {
          artifactLocation: artifactLocation(finding.file),
          replacements: finding.fix.edits.map((edit) => ({
            deletedRegion: region(edit),
            // An empty insertion is a deletion: SARIF leaves `insertedContent` out then.
            ...(edit.newText !== '' && { insertedContent: { text: edit.newText } }),
          })),
        },
      ],
    },
  ];
}

/** Each finding's fingerprint, in report order. */
function fingerprints(findings: readonly ReportFinding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const key = [finding.code, finding.file, finding.message].join('\u0000');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return createHash('sha256').update(`${key}\u0000${occurrence}`).digest('hex').slice(0, 32);
  });
}

function rules() {
  return RULE_HELP.map((help) => {
    const text = ruleHelpText(help);
    return {
      id: help.code,
      name: help.name,
      shortDescription: { text: help.summary },
      fullDescription: { text: help.explanation },
      help: { text, markdown: `${text}\n\n${l10n.t('[The rules in the README]({0})', help.helpUri)}` },
      helpUri: help.helpUri,
      defaultConfiguration: defaultConfiguration(DEFAULT_SEVERITIES[help.code]),
      properties: { tags: ['affiliate-links', 'link-health'] },
    };
  });
}

/** The SARIF log of a run, as an object (`formatSarif` writes it). */
export function toSarif(report: CheckReport) {
  const ruleIndex = new Map(RULE_HELP.map((help, index) => [help.code, index]));
  const prints = fingerprints(report.findings);
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            informationUri: REPOSITORY_URL,
            rules: rules(),
          },
        },
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: report.skipped.map((skipped) => ({
              descriptor: { id: 'file-not-checked' },
              level: 'warning',
              message: { text: l10n.t('Not checked: {0}', skipped.reason) },
              locations: [{ physicalLocation: { artifactLocation: artifactLocation(skipped.file) } }],
            })),
          },
        ],
        originalUriBaseIds: { [SRCROOT]: { uri: rootUri(report.root) } },
        columnKind: 'utf16CodeUnits',
        results: report.findings.map((finding, index) => {
          const fixes = fixesOf(finding);
          return {
            ruleId: finding.code,
            ruleIndex: ruleIndex.get(finding.code),
            level: LEVELS[finding.severity],
            message: { text: finding.message },
            locations: [
              { physicalLocation: { artifactLocation: artifactLocation(finding.file), region: region(finding) } },
            ],
            partialFingerprints: { [FINGERPRINT_KEY]: prints[index] },
            ...(fixes && { fixes }),
          };
        }),
        properties: {
          catalog: { takenAt: report.catalog.takenAt, merchants: report.catalog.merchants },
          filesChecked: report.filesChecked,
          durationMs: report.durationMs,
        },
      },
    ],
  };
}

export function formatSarif(report: CheckReport): string {
  return `${JSON.stringify(toSarif(report), null, 2)}\n`;
}
