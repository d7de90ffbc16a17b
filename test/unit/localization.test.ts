/**
 * Everything the user reads is localisable:
 * - every title, description and setting text that package.json contributes is a %key% of
 *   package.nls.json, and every key there is used;
 * - l10n/bundle.l10n.json is what `npm run l10n` (@vscode/l10n-dev) extracts from src/ today;
 * - the lint rule `local/user-facing-strings` refuses a literal where the user reads it, in the
 *   shell, the core and the webview app, and lets a localised one pass.
 * The pseudo-localised run in the real workbench (test/e2e/pseudoLocale.e2e.ts) shows what
 * the rule cannot see.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { getL10nJson, getL10nPseudoLocalized } from '@vscode/l10n-dev';

const root = path.resolve(__dirname, '../..');
const readJson = (file: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

/** The fields of package.json's contributions that the user reads. */
const READ_FIELDS = new Set([
  'title',
  'shortTitle',
  'category',
  'name',
  'contextualTitle',
  'contents',
  'description',
  'markdownDescription',
  'patternErrorMessage',
  'deprecationMessage',
  'markdownDeprecationMessage',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'altText',
]);

/** Every string under a READ_FIELDS key, with where it is. */
function readStrings(value: unknown, where: string, underReadField = false): Array<{ where: string; text: string }> {
  if (typeof value === 'string') {
    return underReadField ? [{ where, text: value }] : [];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => readStrings(item, `${where}[${index}]`, underReadField));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => readStrings(item, `${where}.${key}`, READ_FIELDS.has(key)));
  }
  return [];
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(full);
    }
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

describe('localisation', function () {
  this.timeout(60_000);
  const manifest = readJson('package.json');
  const nls = readJson('package.nls.json');

  it('takes every contributed title, description and setting text from package.nls.json', () => {
    const strings = [
      ...readStrings(manifest.contributes, 'contributes'),
      { where: 'displayName', text: String(manifest.displayName) },
      { where: 'description', text: String(manifest.description) },
    ];
    assert.ok(strings.length > 60, `only ${strings.length} strings found: is the walk right?`);
    const literal = strings.filter(({ text }) => !/^%[^%]+%$/.test(text));
    assert.deepEqual(literal, [], 'these are not %keys% of package.nls.json');
    const missing = strings.filter(({ text }) => typeof nls[text.slice(1, -1)] !== 'string');
    assert.deepEqual(missing, [], 'these keys are missing from package.nls.json');
    const used = new Set(strings.map(({ text }) => text.slice(1, -1)));
    assert.deepEqual(
      Object.keys(nls).filter((key) => !used.has(key)),
      [],
      'package.nls.json keys that nothing uses',
    );
  });

  it('ships l10n/bundle.l10n.json as @vscode/l10n-dev extracts it from src/ (npm run l10n)', async () => {
    const files = sourceFiles(path.join(root, 'src')).map((file) => ({
      extension: path.extname(file),
      contents: fs.readFileSync(file, 'utf8'),
    }));
    const extracted = await getL10nJson(files);
    const shipped = readJson('l10n/bundle.l10n.json');
    assert.ok(Object.keys(extracted).length > 150, `only ${Object.keys(extracted).length} strings are localised`);
    const stale = [
      ...Object.keys(extracted).filter((key) => !(key in shipped)),
      ...Object.keys(shipped).filter((key) => !(key in extracted)),
    ];
    assert.deepEqual(stale, [], 'l10n/bundle.l10n.json is out of date: run `npm run l10n`');
    assert.deepEqual(shipped, extracted);
  });

  it('finds every message written as l10n.t in the bundle: an extractor that drops a call drops its translation', () => {
    // @vscode/l10n-dev skips a call it cannot read whole (a `comment` held in a variable, for one) without a word:
    // its message would then never be translated. Every literal message of an l10n.t call must be a key.
    const shipped = new Set(
      Object.entries(readJson('l10n/bundle.l10n.json')).map(([key, value]) =>
        typeof value === 'string' ? key : (value as { message: string }).message,
      ),
    );
    const call = /\bl10n\.t\(\s*(?:\{\s*message:\s*)?(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
    const missing: string[] = [];
    let seen = 0;
    for (const file of sourceFiles(path.join(root, 'src'))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(call)) {
        if (match[1] === '`' && match[2]!.includes('${')) {
          continue;
        }
        seen++;
        const message = JSON.parse(`"${match[2]!.replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string;
        if (!shipped.has(message)) {
          missing.push(`${path.relative(root, file)}: ${message}`);
        }
      }
    }
    assert.ok(seen > 150, `only ${seen} l10n.t calls were read`);
    assert.deepEqual(missing, [], 'messages the bundle does not hold (is the call readable by @vscode/l10n-dev?)');
  });

  it('keeps every placeholder of a message in its pseudo-localised form', () => {
    const bundle = readJson('l10n/bundle.l10n.json') as Record<string, string | { message: string }>;
    const pseudo = getL10nPseudoLocalized(bundle as never) as Record<string, string | { message: string }>;
    const placeholders = (text: string): string[] => (text.match(/\{\d+\}|\{[A-Za-z]\w*\}/g) ?? []).sort();
    for (const [key, value] of Object.entries(bundle)) {
      const message = typeof value === 'string' ? value : value.message;
      const translated = pseudo[key]!;
      assert.deepEqual(
        placeholders(typeof translated === 'string' ? translated : translated.message),
        placeholders(message),
        key,
      );
    }
  });

  describe('lint rules local/user-facing-strings and l10n.t only', () => {
    const eslint = new ESLint({ cwd: root });
    const cases: Array<{ file: string; code: string; refused?: boolean; rule?: string }> = [
      {
        file: 'src/commands/wrong.ts',
        code: "import * as vscode from 'vscode';\nvoid vscode.window.showInformationMessage('Link copied');",
        refused: true,
      },
      {
        file: 'src/commands/wrong.ts',
        code: "import * as vscode from 'vscode';\nvoid vscode.window.showErrorMessage(vscode.l10n.t('Failed'), 'Retry');",
        refused: true,
      },
      {
        file: 'src/commands/wrong.ts',
        code: "import * as vscode from 'vscode';\nexport const n = 2;\nvoid vscode.window.showWarningMessage(`${n} links were skipped`);",
        refused: true,
      },
      {
        file: 'src/views/wrong.ts',
        code: "export const item = { label: 'x', tooltip: 'Open the merchant' };",
        refused: true,
      },
      {
        file: 'src/views/wrong.ts',
        code: "export const item = { text: '' as string };\nitem.text = 'Offline';",
        refused: true,
      },
      {
        file: 'src/views/wrong.ts',
        code: "export const ok = true;\nexport const pick = { description: ok ? 'active' : 'inactive' };",
        refused: true,
      },
      {
        file: 'src/links/wrong.ts',
        code: "export const refusal = { ok: false, message: 'The SubID is too long' };",
        refused: true,
      },
      {
        file: 'src/webviews/reports/app/wrong.ts',
        code: "const cell = document.createElement('td');\ncell.textContent = 'No clicks';",
        refused: true,
      },
      {
        file: 'src/webviews/reports/app/wrong.ts',
        code: "const cell = document.createElement('td');\ncell.setAttribute('aria-label', 'Sort by clicks');",
        refused: true,
      },
      {
        file: 'src/commands/right.ts',
        code: "import * as vscode from 'vscode';\nvoid vscode.window.showInformationMessage(vscode.l10n.t('Link copied: {0}', 'x'));",
      },
      {
        file: 'src/links/right.ts',
        code: "import * as l10n from '@vscode/l10n';\nexport const refusal = { ok: false, message: l10n.t('The SubID is too long') };",
      },
      { file: 'src/views/right.ts', code: "export const item = { text: '$(graph) 12', label: '—', tooltip: '' };" },
      {
        file: 'src/views/right.ts',
        code: "import * as vscode from 'vscode';\nexport const n = 3;\nexport const item = { tooltip: vscode.l10n.t({ message: 'Line {0}', args: [n], comment: ['{0}: a line number'] }) };",
      },
      {
        file: 'src/views/wrong.ts',
        code: "export const t = (x: unknown) => x;\nexport const item = { tooltip: t({ label: 'Open the merchant' }) };",
        refused: true,
      },
      { file: 'src/sandbox/right.ts', code: "export const body = { message: 'Not found' };" },
      {
        file: 'src/links/wrong.ts',
        code: "import * as l10n from '@vscode/l10n';\nl10n.config({ contents: {} });",
        refused: true,
        rule: 'no-restricted-syntax',
      },
      {
        file: 'src/api/wrong.ts',
        code: "import * as l10n from '@vscode/l10n';\nl10n.config({ contents: {} });",
        refused: true,
        rule: 'no-restricted-syntax',
      },
      {
        file: 'src/webviews/reports/app/right.ts',
        code: "import * as l10n from '@vscode/l10n';\nl10n.config({ contents: {} });",
        rule: 'no-restricted-syntax',
      },
    ];
    for (const { file, code, refused, rule = 'local/user-facing-strings' } of cases) {
      it(`${refused ? 'refuses' : 'allows'} ${code.split('\n').at(-1)} in ${file}`, async () => {
        const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
        const ours = result!.messages.filter((message) => message.ruleId === rule);
        assert.equal(
          ours.length > 0,
          refused ?? false,
          ours.map((message) => message.message).join(' | ') || 'no message',
        );
      });
    }
  });
});
