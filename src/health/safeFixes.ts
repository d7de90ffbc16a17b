/**
 * The safe fixes of a document: what fix-all applies (`source.fixAll.affiliateLinks` on save in the editor,
 * `affiliate-links check --fix` on the command line). Pure, so both shells apply the very same edits.
 */
import type { DocumentLinks } from './documentLinks';
import type { HealthCode, HealthSeverity } from './healthCodes';
import { fixesFor, type FixInputs, type HealthFix } from './healthFixes';
import type { HealthFinding, LinkHealthRules } from './healthRules';
import type { TextEdit } from './linkEscaping';

/**
 * What the fixes of a document are made with, from the settings: the article's SubID, the disclosure snippet,
 * and whether the rule that asks `<a>` tags for `rel="sponsored"` is on (a fix then adds it too).
 */
export function fixInputsOf(
  expectedSubId: string | undefined,
  disclosureSnippet: string,
  severities: Readonly<Record<HealthCode, HealthSeverity>>,
): Required<Pick<FixInputs, 'disclosureSnippet' | 'relSponsored'>> & { expectedSubId: string | undefined } {
  return { expectedSubId, disclosureSnippet, relSponsored: severities['rel-sponsored-missing'] !== 'off' };
}

/** The first safe fix of a finding (the one fix-all applies unless an earlier fix's edits overlap it), if any. */
export function firstSafeFix(
  rules: LinkHealthRules,
  doc: DocumentLinks,
  finding: HealthFinding,
  inputs: FixInputs,
): HealthFix | undefined {
  return fixesFor(rules, doc, finding, inputs, 'safe')[0];
}

/** A fix fix-all chose, and the finding it is the first safe fix of. */
export interface ChosenFix {
  finding: HealthFinding;
  fix: HealthFix;
}

/**
 * Fix-all: the first safe fix of every finding, in the findings' order, a fix whose edits overlap (or start where)
 * an earlier chosen fix's edits do left out.
 */
export function fixAllChoices(
  rules: LinkHealthRules,
  doc: DocumentLinks,
  findings: readonly HealthFinding[],
  inputs: FixInputs,
): ChosenFix[] {
  const chosen: ChosenFix[] = [];
  const taken: Array<{ start: number; end: number }> = [];
  for (const finding of findings) {
    const fix = firstSafeFix(rules, doc, finding, inputs);
    if (fix === undefined) {
      continue;
    }
    const overlaps = fix.edits.some((edit) =>
      taken.some((other) => (edit.start < other.end && other.start < edit.end) || edit.start === other.start),
    );
    if (!overlaps) {
      chosen.push({ finding, fix });
      taken.push(...fix.edits);
    }
  }
  return chosen;
}

/** The fixes of fix-all (see `fixAllChoices`). */
export function fixAllFixes(
  rules: LinkHealthRules,
  doc: DocumentLinks,
  findings: readonly HealthFinding[],
  inputs: FixInputs,
): HealthFix[] {
  return fixAllChoices(rules, doc, findings, inputs).map((chosen) => chosen.fix);
}

/** The text with edits that do not overlap applied (as one workspace edit applies them). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const edit of sorted) {
    out = out.slice(0, edit.start) + edit.newText + out.slice(edit.end);
  }
  return out;
}
