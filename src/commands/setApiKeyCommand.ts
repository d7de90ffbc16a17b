/** `affiliateLinks.setApiKey`, the one way in for keys of both kinds: asked for, checked, saved as what they open. */
import * as vscode from 'vscode';
import { messageOf } from '../common/errorMessage';
import { COMMANDS, STATUS_MESSAGE_MS } from '../ids';
import { isWellFormedKey, withAccountKey, withPlatformKey, type KeyRing } from '../keys/keyRing';
import { probeKey, type KeyVerdict } from '../keys/keyVerdict';
import { keyInputWords, keyOpensWords } from '../keys/keyWords';
import type { ClientFactory } from '../loaders/clientFactory';
import { describeFailure, failedBecause, keyRefusal } from '../prompts/failureMessages';
import { promptAccountKey, promptPlatformKey, type AskedKind } from '../prompts/keyPrompts';
import type { WorkspaceKeys } from '../controllers/workspaceKeys';
import type { Command } from './command';

type Checked = Extract<KeyVerdict, { kind: 'opens' | 'unchecked' }>;

/**
 * Learns what a key opens from one cheap request to each side of the service (a merchant, today's
 * clicks), saves it as a platform key (of this workspace's platform, when one is chosen) or the
 * account key, then says what it opens and what to add next. A key given as argument (automation,
 * tests) skips the password box; the second argument only changes the box's words, for a prompt
 * that asked for one kind. Resolves to true when a key was saved.
 */
export class SetApiKeyCommand implements Command {
  readonly id = COMMANDS.setApiKey;

  constructor(
    private readonly keys: WorkspaceKeys,
    private readonly clients: ClientFactory,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async execute(given?: unknown, asked?: unknown): Promise<boolean> {
    const kind: AskedKind = asked === 'account' || asked === 'platform' ? asked : 'any';
    const key = typeof given === 'string' ? given.trim() : await this.ask(kind);
    if (key === undefined || key === '') {
      return false;
    }
    if (!isWellFormedKey(key)) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t('An API key is made of letters and digits only. Nothing was saved.'),
      );
      return false;
    }
    const verdict = await this.check(key);
    if (verdict === undefined) {
      return false;
    }
    let ring: KeyRing;
    try {
      ring = await this.keys.update((current) => this.withKey(current, key, verdict));
    } catch (error) {
      const showLog = vscode.l10n.t('Show Log');
      const text = vscode.l10n.t({
        message: '{0} The key was not saved. Check that your system keyring works, or set AFFILIATE_LINKS_API_KEY.',
        args: [messageOf(error)],
        comment:
          '{0} is why, a whole sentence such as "VS Code\'s secret storage could not save the key (...)." AFFILIATE_LINKS_API_KEY is the name of an environment variable.',
      });
      void vscode.window.showErrorMessage(text, showLog).then((choice) => choice === showLog && this.log.show());
      return false;
    }
    this.say(verdict, ring);
    return true;
  }

  /** The ring with the key added as what it is: the account key, or the platform key of the workspace's platform (of none, when none is chosen). */
  private withKey(ring: KeyRing, key: string, verdict: Checked): KeyRing {
    if (verdict.keyKind === 'account') {
      return withAccountKey(ring, { key, opens: verdict.opens });
    }
    const platform = this.keys.workspace.platform;
    return withPlatformKey(ring, {
      key,
      ...(platform?.id === undefined ? {} : { platformId: platform.id }),
      name: platform?.name ?? '',
      opens: verdict.opens,
    });
  }

  /** Says what the key opens: in the status bar when nothing is missing, else with a button for the key to add next. */
  private say(verdict: Checked, ring: KeyRing): void {
    const words = keyOpensWords(verdict.keyKind, verdict.opens, ring);
    this.log.info(
      `API key saved: a ${verdict.keyKind} key (catalog ${String(verdict.opens.catalog)}, reports ${String(verdict.opens.reports)}).`,
    );
    if (words.next === 'addAccountKey') {
      promptAccountKey(words.message);
    } else if (words.next === 'addPlatformKey') {
      promptPlatformKey(words.message);
    } else {
      vscode.window.setStatusBarMessage(
        `$(key) ${vscode.l10n.t('Affiliate Links: API key saved.')} ${words.message}`,
        STATUS_MESSAGE_MS,
      );
    }
  }

  private ask(kind: AskedKind): Thenable<string | undefined> {
    const words = keyInputWords(kind);
    return vscode.window.showInputBox({
      title: words.title,
      prompt: words.prompt,
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) =>
        value.trim() === '' || isWellFormedKey(value.trim())
          ? undefined
          : vscode.l10n.t('The key is made of letters and digits only (no spaces or symbols).'),
    });
  }

  /** What the key opens; undefined when it was refused, or could not be checked and the person chose not to save it. */
  private async check(key: string): Promise<Checked | undefined> {
    const { verdict, failure } = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking the API key…') },
      () => this.probe(key),
    );
    if (verdict.kind === 'refused') {
      const refusal = keyRefusal(401)!;
      const advice = vscode.l10n.t(
        'The key was not saved: check it, and its rights in your affiliate account, then try again.',
      );
      const setKey = vscode.l10n.t('Set API Key');
      void vscode.window
        .showErrorMessage(`${failedBecause('Checking the key', refusal)} ${advice}`, setKey)
        .then((choice) => choice === setKey && this.execute());
      return undefined;
    }
    if (verdict.kind === 'unchecked') {
      const message = `${describeFailure(failure, 'Checking the key').message} ${vscode.l10n.t('Save the key anyway?')}`;
      const saveAnyway = vscode.l10n.t('Save Anyway');
      const choice = await vscode.window.showWarningMessage(message, { modal: true }, saveAnyway);
      return choice === saveAnyway ? verdict : undefined;
    }
    return verdict;
  }

  /** One request to each side, at once (`probeKey`), with a client of the key. */
  private async probe(key: string): Promise<{ verdict: KeyVerdict; failure: unknown }> {
    const client = await this.clients.create(key);
    try {
      return await probeKey(client);
    } finally {
      await client.close();
    }
  }
}
