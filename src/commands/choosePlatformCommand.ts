/** `affiliateLinks.choosePlatform`: chooses this workspace's platform, whose key the links and figures follow. */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { platformLabel } from '../keys/keyWords';
import type { PlatformChoice } from '../keys/platforms';
import { promptPlatformWithoutKey } from '../prompts/keyPrompts';
import type { WorkspaceKeys } from '../controllers/workspaceKeys';
import type { Command } from './command';

/**
 * Among the platforms the reports showed and the named platform keys, or all platforms. A platform
 * chosen without a key of its own gets the prompt to add one. For automation, the argument is a
 * platform's id or name, or '' for all platforms.
 */
export class ChoosePlatformCommand implements Command {
  readonly id = COMMANDS.choosePlatform;

  constructor(private readonly keys: WorkspaceKeys) {}

  async execute(given?: unknown): Promise<boolean> {
    await this.keys.start();
    const choices = this.keys.choices;
    const chosen = typeof given === 'string' ? this.byIdOrName(given, choices) : await this.pick(choices);
    if (chosen === undefined) {
      return false;
    }
    const platform = chosen.all ? undefined : chosen.platform;
    await this.keys.choose(platform);
    const catalog = this.keys.keys.catalog;
    if (platform !== undefined && catalog !== undefined && !catalog.own) {
      promptPlatformWithoutKey(platform.name);
    }
    return true;
  }

  private byIdOrName(
    given: string,
    choices: readonly PlatformChoice[],
  ): { all: boolean; platform?: PlatformChoice } | undefined {
    const wanted = given.trim();
    if (wanted === '') {
      return { all: true };
    }
    const platform =
      choices.find((choice) => choice.id === wanted) ??
      choices.find((choice) => choice.name.toLowerCase() === wanted.toLowerCase());
    return platform === undefined ? undefined : { all: false, platform };
  }

  private async pick(
    choices: readonly PlatformChoice[],
  ): Promise<{ all: boolean; platform?: PlatformChoice } | undefined> {
    const current = this.keys.workspace.platform;
    const ring = this.keys.ring;
    const items: Array<vscode.QuickPickItem & { all: boolean; platform?: PlatformChoice }> = [
      {
        label: platformLabel(undefined),
        description: vscode.l10n.t('figures of every platform'),
        all: true,
        picked: current === undefined,
      },
      ...choices.map((platform) => ({
        label: platform.name,
        description:
          platform.keyIndex === undefined ? vscode.l10n.t('no platform key') : vscode.l10n.t('has a platform key'),
        detail:
          ring.platforms[platform.keyIndex ?? -1]?.platformId === undefined && platform.id === undefined
            ? vscode.l10n.t('not in your reports yet')
            : undefined,
        all: false,
        platform,
        picked: current !== undefined && (current.id ?? current.name) === (platform.id ?? platform.name),
      })),
    ];
    if (choices.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('No platforms are known yet: they come from your reports. Open the reports once, then choose.'),
      );
      return undefined;
    }
    return vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Affiliate Links: Choose Platform'),
      placeHolder: vscode.l10n.t('The platform of this workspace: its links and figures follow it'),
    });
  }
}
