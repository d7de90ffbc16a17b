/**
 * The keys and the platform of this workspace, resolved in one place from the secret storage, the platforms the
 * reports showed and the platform setting: the catalog's key, the reports' key and the figures' platform filter.
 */
import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { SETTINGS, STATE_KEYS } from '../ids';
import { messageOf } from '../common/errorMessage';
import { EMPTY_RING, withOpens, type KeyOpens, type KeyRing } from '../keys/keyRing';
import {
  mergeKnownPlatforms,
  platformChoices,
  serviceKeys,
  workspacePlatform,
  type KnownPlatform,
  type PlatformChoice,
  type ServiceKeys,
  type WorkspacePlatform,
} from '../keys/platforms';
import type { KeyRingState, KeyRingStore } from '../secrets/keyRingStore';
import { configuredBaseUrl } from '../settings/connectionSettings';
import { askPlatform, promptAccountKey } from '../prompts/keyPrompts';

export type KeyContext = 'none' | 'set' | 'lost' | 'accountOnly';

/** The workspace's platform setting, trimmed; undefined when unset. */
export function configuredPlatform(): string | undefined {
  const value = vscode.workspace.getConfiguration().get<string>(SETTINGS.platform)?.trim();
  return value ? value : undefined;
}

export class WorkspaceKeys extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when the keys, the known platforms or the workspace's platform change. */
  readonly onDidChange = this.changed.event;
  private stateValue: KeyRingState = { kind: 'none' };
  /** What keys were seen to open or not since they were read (kept for keys the storage does not hold: the environment's). */
  private readonly learnt = new Map<string, KeyOpens>();
  private started: Promise<void> | undefined;

  constructor(
    readonly store: KeyRingStore,
    private readonly globalState: vscode.Memento,
    private readonly workspaceState: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(store.onDidChange(() => void this.reload()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SETTINGS.platform)) {
          this.log.info(`This workspace's platform: ${this.workspace.platform?.name ?? 'all platforms'}.`);
          this.changed.fire();
        }
      }),
    );
  }

  /** Reads the keys once; later calls wait for the same read. */
  start(): Promise<void> {
    return (this.started ??= this.reload());
  }

  get state(): KeyRingState {
    return this.stateValue;
  }

  get ring(): KeyRing {
    const ring =
      this.stateValue.kind === 'stored' || this.stateValue.kind === 'environment' ? this.stateValue.ring : EMPTY_RING;
    return this.learnt.size === 0 ? ring : withOpens(ring, this.learnt);
  }

  get knownPlatforms(): readonly KnownPlatform[] {
    return (
      this.globalState.get<Record<string, KnownPlatform[]>>(STATE_KEYS.knownPlatforms)?.[configuredBaseUrl()] ?? []
    );
  }

  get choices(): PlatformChoice[] {
    return platformChoices(this.knownPlatforms, this.ring);
  }

  get workspace(): WorkspacePlatform {
    return workspacePlatform(configuredPlatform(), this.choices);
  }

  /** The keys of the catalog and the reports, and the figures' platform filter. */
  get keys(): ServiceKeys {
    return serviceKeys(this.ring, this.workspace.platform);
  }

  get keyContext(): KeyContext {
    switch (this.stateValue.kind) {
      case 'stored':
      case 'environment':
        return this.stateValue.ring.platforms.length > 0 ? 'set' : 'accountOnly';
      case 'lost':
      case 'unavailable':
        return 'lost';
      default:
        return 'none';
    }
  }

  /** Adds the platforms a report showed; true when that changed what is known. */
  async notePlatforms(seen: readonly KnownPlatform[]): Promise<boolean> {
    const known = this.knownPlatforms;
    const merged = mergeKnownPlatforms(known, seen);
    if (merged === known) {
      return false;
    }
    const all = this.globalState.get<Record<string, readonly KnownPlatform[]>>(STATE_KEYS.knownPlatforms) ?? {};
    await this.globalState.update(STATE_KEYS.knownPlatforms, { ...all, [configuredBaseUrl()]: merged });
    this.log.info(`Platforms the reports showed: ${merged.length}.`);
    this.changed.fire();
    if (this.workspace.ask && this.workspaceState.get<boolean>(STATE_KEYS.platformAsked) !== true) {
      // Asked once per workspace: the status bar item stays, for later.
      await this.workspaceState.update(STATE_KEYS.platformAsked, true);
      askPlatform(this.choices.length);
    }
    return true;
  }

  /**
   * A side refused `key` for being the wrong kind: it is kept as not opening that side (in the
   * secret storage too, when the key is saved there), and the person is asked for the right kind.
   */
  async learn(key: string, opens: KeyOpens): Promise<void> {
    const before = this.learnt.get(key);
    if (before?.reports === opens.reports && before?.catalog === opens.catalog) {
      return;
    }
    this.learnt.set(key, { ...before, ...opens });
    this.log.info(
      `A key was refused by the ${opens.reports === false ? 'reports' : 'catalog'} as the wrong kind of key; it is no longer used there.`,
    );
    this.changed.fire();
    if (opens.reports === false && this.ring.account === undefined) {
      promptAccountKey();
    }
    if (this.stateValue.kind === 'stored') {
      await this.store
        .update((ring) => withOpens(ring, this.learnt))
        .catch((error: unknown) => this.log.warn(`Keeping what the key opens failed: ${messageOf(error)}`));
    }
  }

  /** Chooses this workspace's platform (its id, or its name when it has none); undefined for all platforms. */
  async choose(platform: PlatformChoice | undefined): Promise<void> {
    const value = platform === undefined ? undefined : (platform.id ?? platform.name);
    const target =
      vscode.workspace.workspaceFolders === undefined
        ? vscode.ConfigurationTarget.Global
        : vscode.ConfigurationTarget.Workspace;
    await vscode.workspace.getConfiguration().update(SETTINGS.platform, value, target);
  }

  /** Saves what `change` makes of the stored keys; the change event follows from the secret storage. */
  async update(change: (ring: KeyRing) => KeyRing): Promise<KeyRing> {
    const ring = await this.store.update(change);
    await this.reload();
    return ring;
  }

  private async reload(): Promise<void> {
    this.stateValue = await this.store.get();
    // What the stored ring says now needs no keeping here; environment keys keep it here.
    if (this.stateValue.kind === 'stored') {
      const stored = this.stateValue.ring;
      for (const [key, opens] of this.learnt) {
        if (withOpens(stored, new Map([[key, opens]])) === stored) {
          this.learnt.delete(key);
        }
      }
    }
    this.changed.fire();
  }
}
