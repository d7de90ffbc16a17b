/**
 * `--fix`: the safe fixes of a file, the very ones fix-all on save applies (`health/safeFixes.ts`), applied and the
 * text checked again until nothing more is fixed (a fix left out because it overlapped another is applied on the
 * next pass); the file written atomically, and each fix said on stderr.
 */
import path from 'node:path';
import type { HealthCode } from '../health/healthCodes';
import { applyTextEdits, fixAllChoices } from '../health/safeFixes';
import { writeFileAtomically } from './atomicFile';
import { checkText, positionOf, type CheckedText, type SiteCheck } from './fileCheck';

/** Passes over one file at most, as ESLint's `--fix` makes. */
const MAX_PASSES = 10;

export interface AppliedFix {
  code: HealthCode;
  title: string;
  /** Where its finding was, in the text of its pass (1-based). */
  line: number;
  column: number;
}

export interface FixedText {
  text: string;
  checked: CheckedText;
  applied: AppliedFix[];
}

/** The text with fix-all applied until it fixes nothing more; `applied` empty when nothing was. */
export function fixText(check: SiteCheck, checked: CheckedText, text: string): FixedText {
  const applied: AppliedFix[] = [];
  let now = { text, checked };
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { doc, findings, inputs } = now.checked;
    const chosen = fixAllChoices(check.rules, doc, findings, inputs);
    if (chosen.length === 0) {
      break;
    }
    for (const { finding, fix } of chosen) {
      applied.push({ code: finding.code, title: fix.title, ...positionOf(doc, finding.start) });
    }
    const fixed = applyTextEdits(
      now.text,
      chosen.flatMap(({ fix }) => fix.edits),
    );
    if (fixed === now.text) {
      break;
    }
    now = { text: fixed, checked: checkText(check, checked.file, fixed) };
  }
  return { ...now, applied };
}

export type WrittenFix = { ok: true } | { ok: false; reason: string };

/** Writes the fixed text over the file, whole or not at all. */
export async function writeFixedFile(check: SiteCheck, file: string, text: string): Promise<WrittenFix> {
  try {
    await writeFileAtomically(path.join(check.root, ...file.split('/')), text);
    return { ok: true };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return { ok: false, reason: code === undefined ? String(message ?? error) : `${message} (${code})` };
  }
}
