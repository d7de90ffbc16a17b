/**
 * Starts link health a moment after activation (its bundle loaded then, never during activation) while
 * `affiliateLinks.linkHealth.enabled` is on, and stops it when the setting is turned off.
 */
import * as vscode from 'vscode';
import { Delayer } from '../common/delayer';
import { Disposable, MutableDisposable } from '../common/lifecycle';
import { COMMANDS, SETTINGS } from '../ids';
import type { LinkHealth, LinkHealthDeps } from './index';
import { DomainIndexLoader } from '../loaders/domainIndexLoader';
import { LinkHealthLoader } from './linkHealthLoader';

/** After activation returns and the first views are drawn. */
export const LINK_HEALTH_START_MS = 1_500;

export class LinkHealthStarter extends Disposable {
  private readonly running = new MutableDisposable<LinkHealth>();
  private readonly later = this._register(new Delayer(LINK_HEALTH_START_MS));
  private readonly loader = new LinkHealthLoader();

  constructor(private readonly deps: LinkHealthDeps) {
    super();
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SETTINGS.linkHealthEnabled)) {
          this.follow(0);
        }
      }),
    );
    this._register(this.running);
    // Registered at activation, as every contributed command is.
    this._register(
      vscode.commands.registerCommand(COMMANDS.ignoreLinkInSettings, async (glob: unknown, scope?: vscode.Uri) =>
        (await this.loader.load()).ignoreLinkInSettings(glob, scope),
      ),
    );
    this._register(
      vscode.commands.registerCommand(COMMANDS.stopLinkHealthScan, () => this.running.value?.indexer.stopScan()),
    );
    this.follow(LINK_HEALTH_START_MS);
  }

  /** The running link health, for the tests. */
  get current(): LinkHealth | undefined {
    return this.running.value;
  }

  private follow(ms: number): void {
    if (!this.enabled()) {
      this.later.cancel();
      this.running.clear();
      return;
    }
    this.later.trigger(() => {
      if (this.running.value !== undefined || this.isDisposed) {
        return;
      }
      this.start().catch((error: unknown) =>
        this.deps.log.error(`Link health: could not load its bundle: ${String(error)}`),
      );
    }, ms);
  }

  /**
   * The domain index's bundle (tldts), link health's bundle and link health's start, each in a turn of the event
   * loop of its own: together they held the extension host 135 ms in a first start.
   */
  private async start(): Promise<void> {
    await new DomainIndexLoader().load();
    await nextTurn();
    const module = await this.loader.load();
    await nextTurn();
    if (this.running.value === undefined && !this.isDisposed && this.enabled()) {
      this.running.value = module.startLinkHealth(this.deps);
    }
  }

  private enabled(): boolean {
    return vscode.workspace.getConfiguration().get<boolean>(SETTINGS.linkHealthEnabled, true);
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
