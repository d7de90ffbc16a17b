/**
 * src/ids.ts against package.json: every contributed command, view and context key used in a
 * `when` clause has its id there, and every id there is contributed or used; every webview panel
 * has the activation event its serializer needs.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { COMMANDS, CONTEXT_KEYS, SETTINGS, VIEWS, WEBVIEWS } from '../../src/ids';

const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'));
const contributes = manifest.contributes;

function whenClauses(): string[] {
  const clauses: string[] = [];
  for (const list of Object.values(contributes.menus ?? {}) as Array<Array<{ when?: string }>>) {
    clauses.push(...list.map((entry) => entry.when ?? ''));
  }
  clauses.push(...(contributes.viewsWelcome ?? []).map((entry: { when?: string }) => entry.when ?? ''));
  return clauses;
}

describe('ids', () => {
  it('names every contributed command, and contributes every command it names', () => {
    const contributed = contributes.commands.map((entry: { command: string }) => entry.command).sort();
    assert.deepEqual(Object.values(COMMANDS).sort(), contributed);
  });

  it('names the contributed view', () => {
    const views = Object.values(contributes.views as Record<string, Array<{ id: string }>>)
      .flat()
      .map((view) => view.id);
    assert.deepEqual(Object.values(VIEWS).sort(), views.sort());
  });

  it('names every context key of the when clauses, and every one it names is used there', () => {
    const views: readonly string[] = Object.values(VIEWS);
    const used = new Set(
      whenClauses()
        .flatMap((clause) => clause.match(/affiliateLinks\.[A-Za-z]+/g) ?? [])
        .filter((key) => !views.includes(key)),
    );
    assert.deepEqual(Object.values(CONTEXT_KEYS).sort(), [...used].sort());
  });

  it('names only settings that are contributed', () => {
    const settings = Object.keys(contributes.configuration.properties);
    assert.deepEqual(
      Object.values(SETTINGS).filter((setting) => !settings.includes(setting)),
      [],
    );
  });

  it('activates on every webview panel it names, and names every panel it activates on', () => {
    const panels = (manifest.activationEvents as string[])
      .filter((event) => event.startsWith('onWebviewPanel:'))
      .map((event) => event.slice('onWebviewPanel:'.length));
    assert.deepEqual(Object.values(WEBVIEWS).sort(), panels.sort());
  });
});
