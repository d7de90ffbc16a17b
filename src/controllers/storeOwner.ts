/** What the catalog's and the reports' controllers are made of: each owns the store of a key and service address. */
import type * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import type { ClientFactory } from '../loaders/clientFactory';
import type { WorkspaceKeys } from './workspaceKeys';

export abstract class StoreOwner extends Disposable {
  constructor(
    /** Where the stores' cache files are kept. */
    protected readonly globalStorage: vscode.Uri,
    /** The workspace's keys: which key the store is opened with. */
    protected readonly keys: WorkspaceKeys,
    /** The clients of each key and address. */
    protected readonly clients: ClientFactory,
    protected readonly log: vscode.LogOutputChannel,
  ) {
    super();
  }
}

/** A `StoreOwner`'s constructor arguments, which each subclass takes as they are. */
export type StoreOwnerParts = ConstructorParameters<typeof StoreOwner>;
