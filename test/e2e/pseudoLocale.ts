/**
 * The pseudo-localised run: the workbench in the pseudo language `qps-ploc`, where every string
 * of the extension is shown transformed ("Set API Key" → "Şḗḗŧ ȦȦƤĪ Ķḗḗẏ") and a string that
 * skipped the localisation stays plain English.
 *
 * What it takes in code-server, which has no language packs:
 * - a language pack for `qps-ploc`, made here (an empty translation of VS Code itself, so the
 *   workbench stays English and only the extension's strings change), installed as a .vsix and
 *   listed in the user data's `languagepacks.json`, which is what `--locale` looks up;
 * - the extension's own pseudo translations (`package.nls.qps-ploc.json` and
 *   `l10n/bundle.l10n.qps-ploc.json`), made from package.nls.json and l10n/bundle.l10n.json
 *   by @vscode/l10n-dev and written into the installed extension. The shipped .vsix holds none.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getL10nPseudoLocalized } from '@vscode/l10n-dev';
import { PROJECT_ROOT } from '../host/hostPaths';

export const PSEUDO_LOCALE = 'qps-ploc';
const PACK_ID = 'affiliate-links-tests.pseudo-language-pack';

type Messages = Record<string, string | { message: string }>;

const readJson = (file: string): Messages => JSON.parse(fs.readFileSync(file, 'utf8')) as Messages;

function pseudo(messages: Messages): Record<string, string> {
  return Object.fromEntries(
    Object.entries(getL10nPseudoLocalized(messages as never) as Messages).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : value.message,
    ]),
  );
}

/** The pseudo form of the extension's package.nls.json and l10n bundle. */
export class PseudoTranslations {
  readonly nls = pseudo(readJson(path.join(PROJECT_ROOT, 'package.nls.json')));
  private readonly english = readJson(path.join(PROJECT_ROOT, 'l10n/bundle.l10n.json'));
  readonly bundle = pseudo(this.english);
  /** English message → its pseudo form (a key with a translator's comment is `message/comment`). */
  private readonly byMessage = new Map(
    Object.entries(this.english).map(([key, value]) => [
      typeof value === 'string' ? value : value.message,
      this.bundle[key]!,
    ]),
  );

  /** The pseudo form of a runtime message, e.g. `Reports`. */
  message(english: string): string {
    const value = this.byMessage.get(english);
    if (value === undefined) {
      throw new Error(`l10n/bundle.l10n.json has no message "${english}"`);
    }
    return value;
  }

  /** The pseudo form of a package.nls.json key, e.g. `view.affiliateLinks.merchants.name`. */
  contributed(key: string): string {
    const value = this.nls[key];
    if (value === undefined) {
      throw new Error(`package.nls.json has no key ${key}`);
    }
    return value;
  }
}

/** Builds the language pack for `qps-ploc` and returns its .vsix. */
export function pseudoLanguagePackVsix(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-pseudo-pack-'));
  const [publisher, name] = PACK_ID.split('.');
  const manifest = {
    name,
    publisher,
    version: '0.0.1',
    license: 'MIT',
    engines: { vscode: '^1.100.0' },
    categories: ['Language Packs'],
    contributes: {
      localizations: [
        {
          languageId: PSEUDO_LOCALE,
          languageName: 'Pseudo Language',
          localizedLanguageName: 'Pseudo Language',
          translations: [{ id: 'vscode', path: './translations/main.i18n.json' }],
        },
      ],
    },
  };
  fs.mkdirSync(path.join(folder, 'translations'));
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(
    path.join(folder, 'translations/main.i18n.json'),
    JSON.stringify({ version: '1.0.0', contents: {} }),
  );
  fs.writeFileSync(path.join(folder, 'README.md'), '# Pseudo language pack for the tests\n');
  const vsix = path.join(folder, 'pseudo-language-pack.vsix');
  const vsce = path.join(PROJECT_ROOT, 'node_modules/.bin/vsce');
  const result = spawnSync(
    vsce,
    ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix],
    { cwd: folder, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`packaging the pseudo language pack failed:\n${result.stdout}${result.stderr}`);
  }
  return vsix;
}

/** After the installs, before the server starts: the language pack listed, the extension's pseudo translations in place. */
export function preparePseudoLocale(
  translations: PseudoTranslations,
): (folders: { userDataDir: string; extensionsDir: string }) => void {
  return ({ userDataDir, extensionsDir }) => {
    const installed = fs.readdirSync(extensionsDir);
    const folderOf = (prefix: string): string => {
      const found = installed.find((entry) => entry.startsWith(`${prefix}-`));
      if (found === undefined) {
        throw new Error(`${prefix} is not installed in ${extensionsDir} (${installed.join(', ')})`);
      }
      return path.join(extensionsDir, found);
    };
    const pack = folderOf(PACK_ID);
    const languagePacks = {
      [PSEUDO_LOCALE]: {
        hash: 'pseudo',
        label: 'Pseudo Language',
        extensions: [{ extensionIdentifier: { id: PACK_ID }, version: '0.0.1' }],
        translations: { vscode: path.join(pack, 'translations/main.i18n.json') },
      },
    };
    fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify(languagePacks));
    const extension = folderOf('affiliate-links.affiliate-links');
    fs.writeFileSync(path.join(extension, `package.nls.${PSEUDO_LOCALE}.json`), JSON.stringify(translations.nls));
    fs.writeFileSync(
      path.join(extension, `l10n/bundle.l10n.${PSEUDO_LOCALE}.json`),
      JSON.stringify(translations.bundle),
    );
  };
}
