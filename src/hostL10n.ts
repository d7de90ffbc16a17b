/** `@vscode/l10n` in the extension host's bundles (esbuild.mjs resolves the package here): `vscode.l10n` itself. */
import * as vscode from 'vscode';

export const t = ((...args: unknown[]): string =>
  (vscode.l10n.t as (...a: unknown[]) => string)(...args)) as typeof vscode.l10n.t;
