/**
 * A sync of the catalog as VS Code shows it: a cancellable notification or the window's progress, with the count and
 * the rate limit's wait, and a failure turned into a message with buttons. The store runs the sync.
 */
import * as vscode from 'vscode';
import type { RequestPriority } from '../api/budget/budgetWindows';
import type { AffiliateServiceClient } from '../api/client';
import type { CatalogStore, SyncResult } from '../catalog/store/catalogStore';
import { showFailure, warnOffline, type PromptActions } from '../prompts/catalogPrompts';
import { describeFailure, failureLogLine } from '../prompts/failureMessages';
import { syncingText } from '../prompts/waitWords';

/**
 * A sync someone asked for: `notify` shows a cancellable notification (user-initiated syncs and
 * first loads); `priority` is who waits for it in the request budget: a person who clicked
 * (interactive), the tree's first load (foreground), or nobody yet (background, the default).
 */
export interface SyncTrigger {
  full: boolean;
  notify: boolean;
  priority?: RequestPriority;
}

export interface SyncShown {
  log: vscode.LogOutputChannel;
  prompts: PromptActions;
  /** The catalog's client, once made: its request budget estimates how long the rest takes. */
  client: () => Promise<AffiliateServiceClient> | undefined;
}

/**
 * Runs a sync of `store` (full when asked, or when nothing was synced yet) with its progress shown;
 * resolves with its result, or undefined when it failed or was cancelled (the failure is shown).
 */
export async function syncWithProgress(
  store: CatalogStore,
  trigger: SyncTrigger,
  shown: SyncShown,
): Promise<SyncResult | undefined> {
  const priority = trigger.priority ?? 'background';
  const full = trigger.full || store.snapshot.syncedAt === null;
  const title = full ? vscode.l10n.t('Loading all merchants') : vscode.l10n.t('Updating merchants');
  const work = async (
    progress: vscode.Progress<{ message?: string }>,
    token?: vscode.CancellationToken,
  ): Promise<SyncResult | undefined> => {
    const cancel = new AbortController();
    const cancelled = token?.onCancellationRequested(() => cancel.abort());
    // The walk's waits for the rate limit show in the same line as its count, and so does how
    // long the rest should take, from the catalog's size before the sync.
    const expected = store.snapshot.merchants.size;
    const budget = await shown.client()?.then(
      (client) => client.budget,
      () => undefined,
    );
    const statuses = store.onDidChangeStatus((status) => {
      if (status.state === 'syncing') {
        const pages = expected > status.loaded ? Math.ceil((expected - status.loaded) / 500) : 0;
        progress.report({ message: syncingText(status.loaded, status.wait, budget?.estimate(pages, priority)) });
      }
    });
    try {
      const result = await store.sync({ full, signal: cancel.signal, priority });
      shown.log.info(
        `Merchant sync (${result.kind}): ${result.received} received, ${result.changed} changed, ${result.total} in the catalog.`,
      );
      return result;
    } catch (error) {
      reportFailure(error, store, shown);
      return undefined;
    } finally {
      cancelled?.dispose();
      statuses.dispose();
    }
  };
  return trigger.notify || full
    ? await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title, cancellable: true },
        work,
      )
    : await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, (progress) =>
        work(progress),
      );
}

function reportFailure(error: unknown, store: CatalogStore, shown: SyncShown): void {
  const failure = describeFailure(error, 'Loading merchants');
  shown.log.error(failureLogLine(error, 'Loading merchants'));
  if (failure.actions.length === 0) {
    return; // cancelled: nothing was changed
  }
  if (failure.offline && store.snapshot.merchants.size > 0) {
    warnOffline(failure, shown.prompts);
    return;
  }
  void showFailure(failure, shown.prompts);
}
