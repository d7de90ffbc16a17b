/**
 * The publisher's API key, kept only in VS Code's SecretStorage. Every call is wrapped:
 * SecretStorage can fail loudly (throw) or silently (without an OS keyring on Linux it keeps
 * secrets in memory, so a key is gone after a restart; a secret that cannot be decrypted
 * reads back as undefined). A non-secret flag in globalState remembers that a key was saved,
 * so a lost key is reported as lost instead of looking like "no key yet". The key is never
 * written anywhere else and never logged.
 *
 * Its one user-facing sentence (the KeyStorageError the commands show) is localised with `t`
 * from `@vscode/l10n`, which esbuild makes `vscode.l10n` in the host: this file is unit-tested
 * in plain Node, where `vscode` cannot be loaded.
 */
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import { messageOf } from '../common/errorMessage';
import { STATE_KEYS } from '../ids';

export const SECRET_NAME = STATE_KEYS.apiKey;
export const SAVED_FLAG = STATE_KEYS.apiKeySaved;
export const ENVIRONMENT_VARIABLE = 'AFFILIATE_LINKS_API_KEY';

export type ApiKeyState =
  | { kind: 'stored'; key: string }
  | { kind: 'environment'; key: string }
  | { kind: 'none' }
  /** A key was saved, but the keyring gave nothing back. */
  | { kind: 'lost' }
  /** The keyring failed when asked. */
  | { kind: 'unavailable'; reason: string };

export class KeyStorageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyStorageError';
  }
}

interface KeyLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const ALPHANUMERIC = /^[A-Za-z0-9]+$/;

export class ApiKeyStore {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly globalState: vscode.Memento,
    private readonly log: KeyLog,
    private readonly environment: Record<string, string | undefined> = process.env,
  ) {}

  /** Fires when the stored key changes, in this window or another. */
  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((event) => {
      if (event.key === SECRET_NAME) {
        listener();
      }
    });
  }

  async get(): Promise<ApiKeyState> {
    let stored: string | undefined;
    try {
      stored = await this.secrets.get(SECRET_NAME);
    } catch (error) {
      this.log.error(`Reading the API key from the secret storage failed: ${messageOf(error)}`);
      return { kind: 'unavailable', reason: messageOf(error) };
    }
    if (stored !== undefined && stored !== '') {
      return { kind: 'stored', key: stored };
    }
    const fromEnvironment = this.environment[ENVIRONMENT_VARIABLE]?.trim();
    if (fromEnvironment && ALPHANUMERIC.test(fromEnvironment)) {
      return { kind: 'environment', key: fromEnvironment };
    }
    if (fromEnvironment) {
      this.log.warn(`${ENVIRONMENT_VARIABLE} is set but is not a key of letters and digits; it is ignored.`);
    }
    if (this.globalState.get<boolean>(SAVED_FLAG) === true) {
      this.log.warn('A key was saved before, but the secret storage gave nothing back: the keyring lost it.');
      return { kind: 'lost' };
    }
    return { kind: 'none' };
  }

  /** Saves the key; throws KeyStorageError (already logged) when the secret storage refuses. */
  async store(key: string): Promise<void> {
    try {
      await this.secrets.store(SECRET_NAME, key);
    } catch (error) {
      this.log.error(`Saving the API key in the secret storage failed: ${messageOf(error)}`);
      throw new KeyStorageError(
        l10n.t({ message: "VS Code's secret storage could not save the key ({0}).", args: [messageOf(error)], comment: '{0} is the error the secret storage gave.' }),
      );
    }
    await this.globalState.update(SAVED_FLAG, true);
    this.log.info('API key saved in the secret storage.');
  }

  /** Removes the key and the flag; a failure is logged and rethrown as KeyStorageError. */
  async clear(): Promise<void> {
    await this.globalState.update(SAVED_FLAG, undefined);
    try {
      await this.secrets.delete(SECRET_NAME);
    } catch (error) {
      this.log.error(`Removing the API key from the secret storage failed: ${messageOf(error)}`);
      throw new KeyStorageError(
        l10n.t({ message: "VS Code's secret storage could not remove the key ({0}).", args: [messageOf(error)], comment: '{0} is the error the secret storage gave.' }),
      );
    }
    this.log.info('API key removed.');
  }
}

export function isWellFormedKey(key: string): boolean {
  return ALPHANUMERIC.test(key);
}
