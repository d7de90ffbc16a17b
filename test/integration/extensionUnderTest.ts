import * as vscode from 'vscode';

export { eventually } from '../common/eventually';

export const EXTENSION_ID = 'affiliate-links.affiliate-links';

/** The extension under development, activated. */
export async function activatedExtension(): Promise<vscode.Extension<unknown>> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) {
    throw new Error(`${EXTENSION_ID} is not loaded in this extension host`);
  }
  await extension.activate();
  return extension;
}
