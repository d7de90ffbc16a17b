/** Applies text edits that do not overlap, as VS Code applies one workspace edit. */
import type { TextEdit } from '../../../src/health/linkEscaping';

export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  let limit = Infinity;
  for (const edit of sorted) {
    if (edit.end > limit) {
      throw new Error(`overlapping edits at ${edit.start}`);
    }
    out = out.slice(0, edit.start) + edit.newText + out.slice(edit.end);
    limit = edit.start;
  }
  return out;
}
