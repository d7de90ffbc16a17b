/**
 * `affiliateLinks.setApiKey`: asks for the key in a password box, checks it against the
 * service with a one-merchant request, and saves it only in the secret storage. A key given
 * as argument (automation, tests) skips the box. Resolves to true when a key was saved.
 */
import * as vscode from 'vscode';
import { httpStatusOf } from '../api/errors';
import { messageOf } from '../common/errorMessage';
import { COMMANDS, STATUS_MESSAGE_MS } from '../ids';
import { isWellFormedKey, type ApiKeyStore } from '../secrets/apiKeyStore';
import type { ClientFactory } from '../services/clientFactory';
import { describeFailure, keyRefusal } from '../services/failureMessages';
import type { Command } from './command';

type Verdict = { kind: 'valid' } | { kind: 'refused'; message: string } | { kind: 'unchecked'; message: string };

export class SetApiKeyCommand implements Command {
  readonly id = COMMANDS.setApiKey;

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly clients: ClientFactory,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async execute(given?: unknown): Promise<boolean> {
    const key = typeof given === 'string' ? given.trim() : await this.ask();
    if (key === undefined || key === '') {
      return false;
    }
    if (!isWellFormedKey(key)) {
      void vscode.window.showErrorMessage('An API key is made of letters and digits only. Nothing was saved.');
      return false;
    }
    const verdict = await this.verify(key);
    if (verdict.kind === 'refused') {
      void vscode.window.showErrorMessage(verdict.message, 'Set API Key').then((choice) => choice && this.execute());
      return false;
    }
    if (verdict.kind === 'unchecked') {
      const choice = await vscode.window.showWarningMessage(verdict.message, { modal: true }, 'Save Anyway');
      if (choice !== 'Save Anyway') {
        return false;
      }
    }
    try {
      await this.keys.store(key);
    } catch (error) {
      const message = messageOf(error);
      void vscode.window.showErrorMessage(`${message} The key was not saved. Check that your system keyring works, or set AFFILIATE_LINKS_API_KEY.`, 'Show Log').then(
        (choice) => choice && this.log.show(),
      );
      return false;
    }
    vscode.window.setStatusBarMessage('$(key) Affiliate Links: API key saved', STATUS_MESSAGE_MS);
    return true;
  }

  private ask(): Thenable<string | undefined> {
    return vscode.window.showInputBox({
      title: 'Affiliate Links: API Key',
      prompt: 'Your publisher public key. It is kept in VS Code’s secret storage, never in settings or files.',
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) =>
        value.trim() === '' || isWellFormedKey(value.trim()) ? undefined : 'The key is made of letters and digits only (no spaces or symbols).',
    });
  }

  private async verify(key: string): Promise<Verdict> {
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Checking the API key…' }, async () => {
      const client = await this.clients.create(key);
      try {
        await client.getMerchantPage({ limit: 1 });
        return { kind: 'valid' };
      } catch (error) {
        const refusal = keyRefusal(httpStatusOf(error));
        if (refusal !== undefined) {
          return { kind: 'refused', message: `Checking the key failed: ${refusal}. The key was not saved: check it, and its rights in your affiliate account, then try again.` };
        }
        const failure = describeFailure(error, 'Checking the key');
        return { kind: 'unchecked', message: `${failure.message} Save the key anyway?` };
      } finally {
        await client.close();
      }
    });
  }
}
