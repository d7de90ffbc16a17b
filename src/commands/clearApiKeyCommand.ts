/** `affiliateLinks.clearApiKey`: removes a key from the secret storage. */
import * as vscode from 'vscode';
import { COMMANDS, STATUS_MESSAGE_MS } from '../ids';
import { EMPTY_RING, keyRefs, withoutKey, type KeyRef, type KeyRing } from '../keys/keyRing';
import { accountKeyLabel, opensLabel, platformKeyLabel } from '../keys/keyWords';
import { ENVIRONMENT_VARIABLE } from '../secrets/keyRingStore';
import type { WorkspaceKeys } from '../controllers/workspaceKeys';
import type { Command } from './command';

type Choice = KeyRef | { kind: 'all' };

function refOf(given: unknown, ring: KeyRing): Choice | undefined {
  if (given === 'all' || (given === 'account' && ring.account !== undefined)) {
    return { kind: given };
  }
  return typeof given === 'number' && ring.platforms[given] !== undefined
    ? { kind: 'platform', index: given }
    : undefined;
}

/**
 * With one key saved, that one; with several, the person picks which (or all of them). A key from
 * the environment is not saved, so it cannot be cleared here: the message says how. For
 * automation, the argument picks: 'all', 'account', or the index of a platform key.
 */
export class ClearApiKeyCommand implements Command {
  readonly id = COMMANDS.clearApiKey;

  constructor(private readonly keys: WorkspaceKeys) {}

  async execute(given?: unknown): Promise<void> {
    await this.keys.start();
    const state = this.keys.state;
    if (state.kind === 'environment') {
      void vscode.window.showInformationMessage(
        vscode.l10n.t({
          message:
            'The key comes from the environment variable {0}, not from the secret storage: unset it to clear it.',
          args: [ENVIRONMENT_VARIABLE],
          comment: '{0}: an environment variable name.',
        }),
      );
      return;
    }
    const ring = state.kind === 'stored' ? state.ring : EMPTY_RING;
    const refs = keyRefs(ring);
    const choice = refOf(given, ring) ?? (refs.length <= 1 ? { kind: 'all' as const } : await this.pick(ring, refs));
    if (choice === undefined) {
      return;
    }
    try {
      await this.keys.update((current) => (choice.kind === 'all' ? EMPTY_RING : withoutKey(current, choice)));
      vscode.window.setStatusBarMessage(vscode.l10n.t('Affiliate Links: API key cleared'), STATUS_MESSAGE_MS);
    } catch (error) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t({
          message: "{0} Try again, or remove it with your system's keyring tool.",
          args: [(error as Error).message],
          comment:
            '{0} is why the key could not be removed, a whole sentence such as "VS Code\'s secret storage could not remove the key (...)."',
        }),
      );
    }
  }

  private async pick(ring: KeyRing, refs: KeyRef[]): Promise<Choice | undefined> {
    const items = refs.map((ref) => {
      const entry = ref.kind === 'account' ? ring.account! : ring.platforms[ref.index]!;
      return {
        label: ref.kind === 'account' ? accountKeyLabel() : platformKeyLabel(ring.platforms[ref.index]!),
        description: opensLabel(entry.opens),
        ref: ref as Choice,
      };
    });
    items.push({ label: vscode.l10n.t('All keys'), description: '', ref: { kind: 'all' } });
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Affiliate Links: Clear API Key'),
      placeHolder: vscode.l10n.t('Which key to clear?'),
    });
    return picked?.ref;
  }
}
