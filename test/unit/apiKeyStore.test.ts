import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { ApiKeyStore, KeyStorageError, SAVED_FLAG, SECRET_NAME, type ApiKeyState } from '../../src/secrets/apiKeyStore';

/** An in-memory SecretStorage whose failures a test chooses: throwing, or silently forgetting. */
class FakeSecrets implements vscode.SecretStorage {
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

class FakeMemento implements vscode.Memento {
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

function setup(environment: Record<string, string> = {}) {
  const secrets = new FakeSecrets();
  const state = new FakeMemento();
  const lines: string[] = [];
  const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
  const store = new ApiKeyStore(secrets, state, log, environment);
  return { secrets, state, lines, store };
}

describe('the API key store', () => {
  const cases: Array<[string, (fixture: ReturnType<typeof setup>) => void, Record<string, string>, ApiKeyState['kind']]> = [
    ['nothing saved, no environment', () => undefined, {}, 'none'],
    ['a stored key', (f) => f.secrets.values.set(SECRET_NAME, 'Key1'), {}, 'stored'],
    ['a stored key wins over the environment', (f) => f.secrets.values.set(SECRET_NAME, 'Key1'), { AFFILIATE_LINKS_API_KEY: 'Env1' }, 'stored'],
    ['the environment when nothing is stored', () => undefined, { AFFILIATE_LINKS_API_KEY: 'Env1' }, 'environment'],
    ['an environment value that is not a key is ignored', () => undefined, { AFFILIATE_LINKS_API_KEY: 'not a key!' }, 'none'],
    ['flag set but the keyring gives nothing back: lost', (f) => f.state.values.set(SAVED_FLAG, true), {}, 'lost'],
    ['flag set, keyring empty, but an environment key: environment', (f) => f.state.values.set(SAVED_FLAG, true), { AFFILIATE_LINKS_API_KEY: 'Env1' }, 'environment'],
    ['the keyring throws: unavailable', (f) => (f.secrets.failGet = true), {}, 'unavailable'],
  ];
  for (const [name, arrange, environment, expected] of cases) {
    it(name, async () => {
      const fixture = setup(environment);
      arrange(fixture);
      assert.equal((await fixture.store.get()).kind, expected);
    });
  }

  it('saves the key only in the secret storage, with the non-secret flag', async () => {
    const fixture = setup();
    await fixture.store.store('Abc123');
    assert.deepEqual([...fixture.secrets.values], [[SECRET_NAME, 'Abc123']]);
    assert.deepEqual([...fixture.state.values], [[SAVED_FLAG, true]]);
    assert.deepEqual(await fixture.store.get(), { kind: 'stored', key: 'Abc123' });
    assert.ok(fixture.lines.every((line) => !line.includes('Abc123')), 'the key is never logged');
  });

  it('reports a key lost by a keyring that only kept it in memory', async () => {
    const fixture = setup();
    await fixture.store.store('Abc123');
    fixture.secrets.forget = true; // "after a restart"
    assert.equal((await fixture.store.get()).kind, 'lost');
  });

  it('fails clearly when the secret storage refuses, and sets no flag', async () => {
    const fixture = setup();
    fixture.secrets.failStore = true;
    await assert.rejects(fixture.store.store('Abc123'), (error: unknown) => error instanceof KeyStorageError && /could not save/.test(error.message));
    assert.equal(fixture.state.values.size, 0);
    assert.ok(fixture.lines.some((line) => /Saving the API key .* failed: no keyring/.test(line)));
    assert.ok(fixture.lines.every((line) => !line.includes('Abc123')));
  });

  it('clears the key and the flag', async () => {
    const fixture = setup();
    await fixture.store.store('Abc123');
    await fixture.store.clear();
    assert.equal(fixture.secrets.values.size, 0);
    assert.equal(fixture.state.values.size, 0);
    assert.equal((await fixture.store.get()).kind, 'none');
  });

  it('tells about changes of its own secret only', async () => {
    const fixture = setup();
    let changes = 0;
    fixture.store.onDidChange(() => (changes += 1));
    await fixture.secrets.store('someone.else', 'x');
    await fixture.store.store('Abc123');
    await fixture.store.clear();
    assert.equal(changes, 2);
  });
});
