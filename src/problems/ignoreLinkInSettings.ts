/** Adds a link's glob to `affiliateLinks.linkHealth.ignoredLinks`, in the workspace's settings (the user's without a workspace). */
import * as vscode from 'vscode';
import { SETTINGS } from '../ids';

export async function ignoreLinkInSettings(glob: unknown, scope?: vscode.Uri): Promise<boolean> {
  if (typeof glob !== 'string' || glob.trim() === '') {
    return false;
  }
  const name = SETTINGS.linkHealthIgnoredLinks.slice(SETTINGS.linkHealthIgnoredLinks.indexOf('.') + 1);
  const config = vscode.workspace.getConfiguration('affiliateLinks', scope);
  const inWorkspace = vscode.workspace.workspaceFolders !== undefined;
  const inspected = config.inspect<string[]>(name);
  const current = (inWorkspace ? inspected?.workspaceValue : inspected?.globalValue) ?? [];
  if (current.includes(glob)) {
    return true;
  }
  await config.update(
    name,
    [...current, glob],
    inWorkspace ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global,
  );
  return true;
}
