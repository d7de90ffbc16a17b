/** The person's keys (src/keys/keyRing.ts), kept only in VS Code's SecretStorage, as one secret. */
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import { messageOf } from '../common/errorMessage';
import { Sequencer } from '../common/sequencer';
import { STATE_KEYS } from '../ids';
import {
  EMPTY_RING,
  isEmptyRing,
  isWellFormedKey,
  parseKeyRing,
  serializeKeyRing,
  type KeyRing,
} from '../keys/keyRing';

export const SECRET_NAME = STATE_KEYS.keyRing;
/** The key of versions before platforms, one bare key: read as a platform key, moved to the ring at the next save. */
export const LEGACY_SECRET_NAME = STATE_KEYS.apiKey;
/** A non-secret flag in globalState: keys were saved, so keys the keyring lost show as lost, not as "no key yet". */
export const SAVED_FLAG = STATE_KEYS.apiKeySaved;
/** For automation: a platform key, where the secret storage has none of that kind. */
export const ENVIRONMENT_VARIABLE = 'AFFILIATE_LINKS_API_KEY';
/** For automation: an account key, where the secret storage has none of that kind. */
export const ACCOUNT_ENVIRONMENT_VARIABLE = 'AFFILIATE_LINKS_ACCOUNT_KEY';

export type KeyRingState =
  /** Keys from the secret storage (with the environment's where it has none of a kind). */
  | { kind: 'stored'; ring: KeyRing }
  /** Keys from the environment only. */
  | { kind: 'environment'; ring: KeyRing }
  | { kind: 'none' }
  /** Keys were saved, but the keyring gave nothing (or nothing readable) back. */
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

/**
 * Every call is wrapped: SecretStorage can fail loudly (throw) or silently (without an OS keyring
 * on Linux it keeps secrets in memory, gone after a restart; a secret that cannot be decrypted
 * reads back as undefined). Keys are never logged.
 */
export class KeyRingStore {
  /** Saves in the order asked: a read-change-write never overtakes another. */
  private readonly writes = new Sequencer();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly globalState: vscode.Memento,
    private readonly log: KeyLog,
    private readonly environment: Record<string, string | undefined> = process.env,
  ) {}

  /** Fires when the stored keys change, in this window or another. */
  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((event) => {
      if (event.key === SECRET_NAME || event.key === LEGACY_SECRET_NAME) {
        listener();
      }
    });
  }

  async get(): Promise<KeyRingState> {
    let stored: KeyRing | undefined;
    try {
      stored = await this.storedRing();
    } catch (error) {
      this.log.error(`Reading the API keys from the secret storage failed: ${messageOf(error)}`);
      return { kind: 'unavailable', reason: messageOf(error) };
    }
    const fromEnvironment = this.environmentRing();
    if (stored !== undefined && !isEmptyRing(stored)) {
      const ring: KeyRing = {
        platforms: stored.platforms.length > 0 ? stored.platforms : fromEnvironment.platforms,
        ...((stored.account ?? fromEnvironment.account) ? { account: stored.account ?? fromEnvironment.account } : {}),
      };
      return { kind: 'stored', ring };
    }
    if (!isEmptyRing(fromEnvironment)) {
      return { kind: 'environment', ring: fromEnvironment };
    }
    if (this.globalState.get<boolean>(SAVED_FLAG) === true) {
      this.log.warn(
        'Keys were saved before, but the secret storage gave nothing readable back: the keyring lost them.',
      );
      return { kind: 'lost' };
    }
    return { kind: 'none' };
  }

  /**
   * Saves the ring `change` makes of the stored one (the environment's keys are not saved);
   * throws KeyStorageError (already logged) when the secret storage refuses.
   */
  update(change: (ring: KeyRing) => KeyRing): Promise<KeyRing> {
    return this.writes.queue(async () => {
      let current: KeyRing | undefined;
      try {
        current = await this.storedRing();
      } catch (error) {
        throw this.failure(
          'Reading',
          error,
          l10n.t({
            message: "VS Code's secret storage could not be read ({0}).",
            args: [messageOf(error)],
            comment: '{0} is the error the secret storage gave.',
          }),
        );
      }
      const next = change(current ?? EMPTY_RING);
      await this.write(next);
      return next;
    });
  }

  private async write(ring: KeyRing): Promise<void> {
    try {
      if (isEmptyRing(ring)) {
        await this.secrets.delete(SECRET_NAME);
      } else {
        await this.secrets.store(SECRET_NAME, serializeKeyRing(ring));
      }
      await this.secrets.delete(LEGACY_SECRET_NAME);
    } catch (error) {
      throw this.failure(
        'Saving',
        error,
        l10n.t({
          message: "VS Code's secret storage could not save the key ({0}).",
          args: [messageOf(error)],
          comment: '{0} is the error the secret storage gave.',
        }),
      );
    }
    await this.globalState.update(SAVED_FLAG, isEmptyRing(ring) ? undefined : true);
    this.log.info(
      `API keys saved in the secret storage: ${ring.platforms.length} platform key(s), ${ring.account ? 'an' : 'no'} account key.`,
    );
  }

  /** The ring in the secret storage: the new secret, else the old bare key; undefined when neither holds anything readable. */
  private async storedRing(): Promise<KeyRing | undefined> {
    for (const name of [SECRET_NAME, LEGACY_SECRET_NAME]) {
      const text = await this.secrets.get(name);
      if (text === undefined || text === '') {
        continue;
      }
      const ring = parseKeyRing(text);
      if (ring === undefined) {
        this.log.warn(`The saved API keys (${name}) could not be read; they are ignored until keys are set again.`);
        continue;
      }
      return ring;
    }
    return undefined;
  }

  private environmentRing(): KeyRing {
    const read = (variable: string): string | undefined => {
      const value = this.environment[variable]?.trim();
      if (value && !isWellFormedKey(value)) {
        this.log.warn(`${variable} is set but is not a key of letters and digits; it is ignored.`);
        return undefined;
      }
      return value || undefined;
    };
    const platform = read(ENVIRONMENT_VARIABLE);
    const account = read(ACCOUNT_ENVIRONMENT_VARIABLE);
    return {
      platforms: platform === undefined ? [] : [{ key: platform, name: '', opens: {} }],
      ...(account === undefined ? {} : { account: { key: account, opens: {} } }),
    };
  }

  private failure(doing: 'Reading' | 'Saving', error: unknown, message: string): KeyStorageError {
    this.log.error(`${doing} the API keys in the secret storage failed: ${messageOf(error)}`);
    return new KeyStorageError(message);
  }
}
