import * as vscode from 'vscode';
import { CommandManager } from './commands/commandManager';
import { ShowLogCommand } from './commands/showLogCommand';

export function activate(context: vscode.ExtensionContext): void {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('Affiliate Links', { log: true });
  context.subscriptions.push(log);

  const commands = new CommandManager();
  context.subscriptions.push(commands);
  commands.register(new ShowLogCommand(log));

  const version = String(context.extension.packageJSON.version ?? 'unknown');
  log.info(`Affiliate Links ${version} activated in ${(performance.now() - started).toFixed(1)} ms.`);
}

export function deactivate(): void {}
