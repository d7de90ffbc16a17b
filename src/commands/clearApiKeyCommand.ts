import * as vscode from 'vscode';
import { COMMANDS, STATUS_MESSAGE_MS } from '../ids';
import type { ApiKeyStore } from '../secrets/apiKeyStore';
import type { Command } from './command';

/** `affiliateLinks.clearApiKey`: removes the key from the secret storage; the view empties. */
export class ClearApiKeyCommand implements Command {
  readonly id = COMMANDS.clearApiKey;

  constructor(private readonly keys: ApiKeyStore) {}

  async execute(): Promise<void> {
    try {
      await this.keys.clear();
      vscode.window.setStatusBarMessage(vscode.l10n.t('Affiliate Links: API key cleared'), STATUS_MESSAGE_MS);
    } catch (error) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t({
          message: "{0} Try again, or remove it with your system's keyring tool.",
          args: [(error as Error).message],
          comment: '{0} is why the key could not be removed, a whole sentence such as "VS Code\'s secret storage could not remove the key (...)."',
        }),
      );
    }
  }
}
