/**
 * The keyboard shortcuts of Insert Deeplink and Monetize Links: contributed for Markdown, MDX and
 * HTML editors only, and on chords that none of VS Code's default keybindings (its own and those
 * of its built-in extensions) takes on this platform, read from the real host's Default
 * Keybindings document.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { activatedExtension, eventually } from './extensionUnderTest';
import { parseJsonWithComments } from './jsonWithComments';

interface Keybinding {
  key: string;
  command: string;
  when?: string;
  mac?: string;
  linux?: string;
  win?: string;
}

const OURS: readonly string[] = [COMMANDS.insertDeeplink, COMMANDS.monetizeLinks];

/** A chord in one spelling: lower case, each part's modifiers in VS Code's order (ctrl, shift, alt, cmd/meta/win). */
function normalizeChord(chord: string): string {
  const order = ['ctrl', 'shift', 'alt', 'cmd', 'meta', 'win'];
  return chord
    .toLowerCase()
    .trim()
    .split(/\s+/)
    .map((part) => {
      const keys = part.split('+');
      const modifiers = keys.slice(0, -1).sort((a, b) => order.indexOf(a) - order.indexOf(b));
      return [...modifiers, keys[keys.length - 1]].join('+');
    })
    .join(' ');
}

/** The key a contributed keybinding has on this platform, as VS Code picks it. */
function platformKey(binding: Keybinding): string {
  const own = process.platform === 'darwin' ? binding.mac : process.platform === 'win32' ? binding.win : binding.linux;
  return normalizeChord(own ?? binding.key);
}

/** The language ids a `when` clause's `editorLangId =~ /…/` admits, among `candidates`. */
function languagesAdmitted(when: string, candidates: string[]): string[] {
  const match = /editorLangId =~ \/(.+?)\/(?:\s|$)/.exec(when);
  assert.ok(match, `"${when}" names the editor languages with editorLangId =~ /…/`);
  const pattern = new RegExp(match[1]);
  return candidates.filter((language) => pattern.test(language));
}

async function defaultKeybindings(): Promise<Keybinding[]> {
  await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
  const document = await eventually(
    () =>
      vscode.workspace.textDocuments.find(
        (candidate) => candidate.uri.path.endsWith('keybindings.json') && candidate.getText().includes('"key"'),
      ),
    "VS Code's Default Keybindings document",
  );
  const bindings = parseJsonWithComments(document.getText());
  assert.ok(
    Array.isArray(bindings) && bindings.length > 100,
    'the Default Keybindings document holds the default keybindings',
  );
  return bindings as Keybinding[];
}

describe('keyboard shortcuts', () => {
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('binds Insert Deeplink and Monetize Links in focused, writable Markdown, MDX and HTML editors only', async () => {
    const extension = await activatedExtension();
    const contributed: Keybinding[] = extension.packageJSON.contributes.keybindings ?? [];
    assert.deepEqual(contributed.map((binding) => binding.command).sort(), [...OURS].sort());
    for (const binding of contributed) {
      const when = binding.when ?? '';
      assert.match(when, /(^|&& )editorTextFocus( &&|$)/, `${binding.command} only when an editor has the focus`);
      assert.match(when, /(^|&& )!editorReadonly( &&|$)/, `${binding.command} only in a writable editor`);
      assert.doesNotMatch(when, /\|\|/, `${binding.command}: one condition, all of its parts required`);
      assert.deepEqual(
        languagesAdmitted(when, ['markdown', 'mdx', 'html', 'plaintext', 'javascript', 'markdown-math', 'htmlx']),
        ['markdown', 'mdx', 'html'],
      );
      assert.ok(binding.key && binding.mac, `${binding.command} has a key for Windows and Linux and one for macOS`);
    }
    assert.equal(new Set(contributed.map(platformKey)).size, contributed.length, 'two different chords');
  });

  it("takes chords that none of VS Code's default keybindings uses on this platform", async () => {
    const extension = await activatedExtension();
    const contributed: Keybinding[] = extension.packageJSON.contributes.keybindings ?? [];
    const defaults = await defaultKeybindings();

    // The host lists ours among its defaults, with this platform's key: it registered them.
    for (const binding of contributed) {
      const listed = defaults
        .filter((entry) => entry.command === binding.command)
        .map((entry) => normalizeChord(entry.key));
      assert.deepEqual(listed, [platformKey(binding)], `${binding.command} as the host registered it`);
    }

    const others = defaults.filter((entry) => !OURS.includes(entry.command) && entry.key);
    for (const binding of contributed) {
      const chord = platformKey(binding);
      const first = chord.split(' ')[0];
      const clashes = others.filter((entry) => {
        const key = normalizeChord(entry.key);
        // The same chord, or its first part alone where an editor has the focus (it would end the chord there).
        return (
          key === chord || (key === first && chord !== first && !/terminalFocus|focusedView ==/.test(entry.when ?? ''))
        );
      });
      assert.deepEqual(
        clashes.map((entry) => `${entry.key} → ${entry.command}${entry.when ? ` when ${entry.when}` : ''}`),
        [],
        `${chord} (${binding.command}) is taken by a default keybinding`,
      );
    }
  });
});
