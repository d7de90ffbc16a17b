import * as vscode from 'vscode';
import type { ApiKeyStore } from '../secrets/apiKeyStore';
import type { Command } from './command';

/** `affiliateLinks.clearApiKey`: removes the key from the secret storage; the view empties. */
export class ClearApiKeyCommand implements Command {
  readonly id = 'affiliateLinks.clearApiKey';

  constructor(private readonly keys: ApiKeyStore) {}

  async execute(): Promise<void> {
    try {
      await this.keys.clear();
      vscode.window.setStatusBarMessage('Affiliate Links: API key cleared', 4_000);
    } catch (error) {
      void vscode.window.showErrorMessage(`${(error as Error).message} Try again, or remove it with your system's keyring tool.`);
    }
  }
}
