import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activatedExtension, eventually } from './extensionUnderTest';

interface ContributedCommand {
  command: string;
  title: string;
}

describe('activation', () => {
  it('activates in a real VS Code', async () => {
    const extension = await activatedExtension();
    assert.equal(extension.isActive, true);
    assert.match(vscode.version, /^1\.\d+\.\d+/);
  });

  it('activates lazily, from its contributions only', async () => {
    const extension = await activatedExtension();
    const events: string[] = extension.packageJSON.activationEvents ?? [];
    assert.ok(!events.includes('*'), 'no * activation');
    assert.ok(!events.includes('onStartupFinished'), 'no activation at startup');
  });

  it('registers a handler for every command it contributes', async () => {
    const extension = await activatedExtension();
    const contributed: ContributedCommand[] = extension.packageJSON.contributes.commands;
    assert.ok(contributed.length > 0);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.map((entry) => entry.command).filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], 'contributed commands without a handler');
  });

  it('shows its log, which records the activation time', async () => {
    await activatedExtension();
    await vscode.commands.executeCommand('affiliateLinks.showLog');
    // An output channel on show is a text document of scheme `output`.
    const log = await eventually(
      () =>
        vscode.workspace.textDocuments.find(
          (document) => document.uri.scheme === 'output' && document.getText().includes('Affiliate Links'),
        ),
      'the Affiliate Links log document',
    );
    assert.match(log.getText(), /Affiliate Links [\d.]+ activated in \d+(\.\d+)? ms/);
    assert.doesNotMatch(log.getText(), /\[error\]/);
  });
});
