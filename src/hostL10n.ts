/**
 * `@vscode/l10n` inside the extension host's bundles. The pure core localises its words with
 * `t` from `@vscode/l10n` (it must not import `vscode`); esbuild.mjs resolves that package to
 * this file in every extension-host bundle, so the core's strings come from the same
 * `vscode.l10n` bundle (l10n/bundle.l10n.<locale>.json) as the shell's. In plain Node (the
 * unit tests) the real package answers, with the English text.
 */
import * as vscode from 'vscode';

export const t = ((...args: unknown[]): string =>
  (vscode.l10n.t as (...a: unknown[]) => string)(...args)) as typeof vscode.l10n.t;
