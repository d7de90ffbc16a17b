import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import type { Command } from './command';

/** Registers commands with VS Code and unregisters them on dispose. */
export class CommandManager extends Disposable {
  private readonly ids = new Set<string>();

  register(command: Command): void {
    if (this.ids.has(command.id)) {
      throw new Error(`Command ${command.id} is registered twice.`);
    }
    this.ids.add(command.id);
    this._register(vscode.commands.registerCommand(command.id, (...args: unknown[]) => command.execute(...args)));
  }
}
