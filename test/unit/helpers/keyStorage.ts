/**
 * The key store of the unit tests: `KeyRingStore` (src/secrets/keyRingStore.ts) over an in-memory
 * SecretStorage and Memento, with a log that keeps its lines, as the extension builds it.
 */
import type * as vscode from 'vscode';
import { KeyRingStore } from '../../../src/secrets/keyRingStore';

/** An in-memory SecretStorage whose failures a test chooses: throwing, or silently forgetting. */
export class FakeSecrets implements vscode.SecretStorage {
  readonly values = new Map<string, string>();
  failGet = false;
  failStore = false;
  /** Like a keyring-less Linux: store() succeeds, the value is gone on the next get(). */
  forget = false;
  private readonly listeners: Array<(event: { key: string }) => void> = [];

  async get(key: string): Promise<string | undefined> {
    if (this.failGet) {
      throw new Error('keyring locked');
    }
    return this.forget ? undefined : this.values.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    if (this.failStore) {
      throw new Error('no keyring');
    }
    this.values.set(key, value);
    this.listeners.forEach((listener) => listener({ key }));
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
    this.listeners.forEach((listener) => listener({ key }));
  }
  readonly onDidChange: vscode.Event<vscode.SecretStorageChangeEvent> = (listener) => {
    this.listeners.push(listener);
    return { dispose: () => this.listeners.splice(this.listeners.indexOf(listener), 1) };
  };
}

export class FakeMemento implements vscode.Memento {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    return this.values.has(key) ? (this.values.get(key) as T) : defaultValue;
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) {
      this.values.delete(key);
    } else {
      this.values.set(key, value);
    }
  }
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
}

/** A key store with nothing saved, reading `environment` as its process environment. */
export function keyStoreFixture(environment: Record<string, string> = {}) {
  const secrets = new FakeSecrets();
  const state = new FakeMemento();
  const lines: string[] = [];
  const log = {
    info: (m: string) => lines.push(m),
    warn: (m: string) => lines.push(m),
    error: (m: string) => lines.push(m),
  };
  const store = new KeyRingStore(secrets, state, log, environment);
  return { secrets, state, lines, store };
}
