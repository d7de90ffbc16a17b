/** The warning that the SubID setting gives several articles one SubID, with a button that opens the setting. */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SubIdCollision } from '../links/articleSubId';
import { SETTINGS, WORKBENCH_COMMANDS } from '../ids';
import type { ShowWarning } from './catalogBreakagePrompts';

const quoted = (text: string) => `"${text}"`;

/** The warning's words: the SubID most articles share, two of them, and the variables that tell page bundles apart. */
export function subIdCollisionMessage(collisions: readonly SubIdCollision[], relative: (p: string) => string): string {
  const [most] = collisions;
  const [first, second] = most.paths.map((p) => quoted(relative(p)));
  const bundle = path.posix.join('posts', 'my-post', 'index.md');
  const variables = ['${fileDirnameBasename}', '${frontMatter:slug:fileDirnameBasename}'];
  return collisions.length === 1
    ? vscode.l10n.t({
        message:
          'The setting {0} gives {1} articles the same SubID {2}, such as {3} and {4}: their clicks and earnings cannot be told apart. For page bundles ({5}) use {6} or {7}.',
        args: [SETTINGS.subId, most.paths.length, quoted(most.subId), first, second, bundle, ...variables],
        comment: ['{3}, {4}: file paths; {5}: an example path; {6}, {7}: variables, not translated.'],
      })
    : vscode.l10n.t({
        message:
          'The setting {0} gives several articles the same SubID, {1} SubIDs in all; {2} articles get {3}, such as {4} and {5}: their clicks and earnings cannot be told apart. For page bundles ({6}) use {7} or {8}.',
        args: [
          SETTINGS.subId,
          collisions.length,
          most.paths.length,
          quoted(most.subId),
          first,
          second,
          bundle,
          ...variables,
        ],
        comment: ['{4}, {5}: file paths; {6}: an example path; {7}, {8}: variables, not translated.'],
      });
}

/** Shows the warning; the button opens the SubID setting. Does not wait for the user. */
export function warnSubIdCollisions(
  collisions: readonly SubIdCollision[],
  relative: (p: string) => string,
  show: ShowWarning = (message, ...items) => vscode.window.showWarningMessage(message, ...items),
): void {
  const openSettings = vscode.l10n.t('Open Settings');
  void show(subIdCollisionMessage(collisions, relative), openSettings).then(
    (choice) =>
      choice === openSettings && vscode.commands.executeCommand(WORKBENCH_COMMANDS.openSettings, SETTINGS.subId),
  );
}
