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
import { describeFailure, failedBecause, keyRefusal } from '../services/failureMessages';
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
      void vscode.window.showErrorMessage(vscode.l10n.t('An API key is made of letters and digits only. Nothing was saved.'));
      return false;
    }
    const verdict = await this.verify(key);
    if (verdict.kind === 'refused') {
      const setKey = vscode.l10n.t('Set API Key');
      void vscode.window.showErrorMessage(verdict.message, setKey).then((choice) => choice === setKey && this.execute());
      return false;
    }
    if (verdict.kind === 'unchecked') {
      const saveAnyway = vscode.l10n.t('Save Anyway');
      const choice = await vscode.window.showWarningMessage(verdict.message, { modal: true }, saveAnyway);
      if (choice !== saveAnyway) {
        return false;
      }
    }
    try {
      await this.keys.store(key);
    } catch (error) {
      const message = messageOf(error);
      const showLog = vscode.l10n.t('Show Log');
      const text = vscode.l10n.t({
        message: '{0} The key was not saved. Check that your system keyring works, or set AFFILIATE_LINKS_API_KEY.',
        args: [message],
        comment: '{0} is why, a whole sentence such as "VS Code\'s secret storage could not save the key (...)." AFFILIATE_LINKS_API_KEY is the name of an environment variable.',
      });
      void vscode.window.showErrorMessage(text, showLog).then((choice) => choice === showLog && this.log.show());
      return false;
    }
    vscode.window.setStatusBarMessage(vscode.l10n.t('$(key) Affiliate Links: API key saved'), STATUS_MESSAGE_MS);
    return true;
  }

  private ask(): Thenable<string | undefined> {
    return vscode.window.showInputBox({
      title: vscode.l10n.t('Affiliate Links: API Key'),
      prompt: vscode.l10n.t('Your publisher public key. It is kept in VS Code’s secret storage, never in settings or files.'),
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) =>
        value.trim() === '' || isWellFormedKey(value.trim()) ? undefined : vscode.l10n.t('The key is made of letters and digits only (no spaces or symbols).'),
    });
  }

  private async verify(key: string): Promise<Verdict> {
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking the API key…') }, async () => {
      const client = await this.clients.create(key);
      try {
        // A person waits for the answer: the check goes before anything else in the request budget.
        await client.getMerchantPage({ limit: 1 }, { priority: 'interactive' });
        return { kind: 'valid' };
      } catch (error) {
        const refusal = keyRefusal(httpStatusOf(error));
        if (refusal !== undefined) {
          const advice = vscode.l10n.t('The key was not saved: check it, and its rights in your affiliate account, then try again.');
          return { kind: 'refused', message: `${failedBecause('Checking the key', refusal)} ${advice}` };
        }
        const failure = describeFailure(error, 'Checking the key');
        return { kind: 'unchecked', message: `${failure.message} ${vscode.l10n.t('Save the key anyway?')}` };
      } finally {
        await client.close();
      }
    });
  }
}
