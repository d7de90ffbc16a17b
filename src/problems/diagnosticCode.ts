/** A diagnostic's code as text (no `vscode` at run time, so plain Node tests read it). */
import type * as vscode from 'vscode';

/** The code: a finding with money carries it as `{ value, target }` (its link to Revenue at Risk), others as text. */
export function codeOf(diagnostic: Pick<vscode.Diagnostic, 'code'>): string | number | undefined {
  const code = diagnostic.code;
  return typeof code === 'object' ? code.value : code;
}
