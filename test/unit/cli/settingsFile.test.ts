/**
 * The command line's settings: `.vscode/settings.json` read as VS Code reads it (comments, trailing commas, dotted
 * and nested names), the extension's defaults where nothing is set, each bad value named with what was used instead.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_DISCLOSURE_SNIPPET,
  readSettingsFile,
  readSettingsText,
  VSCODE_FILES_EXCLUDE,
  VSCODE_SEARCH_EXCLUDE,
  type CheckSettings,
} from '../../../src/cli/settingsFile';
import { DEFAULT_SEVERITIES, HEALTH_CODES } from '../../../src/health/healthCodes';
import { LINK_HEALTH_RULE_SETTINGS, SETTINGS } from '../../../src/ids';
import { removeTemp, tempFolder } from './cliFixture';

const ROOT = path.resolve(__dirname, '../../..');

function read(text: string): { settings: CheckSettings; notes: string[] } {
  const result = readSettingsText(text, '.vscode/settings.json');
  assert.ok(result.ok, result.ok ? '' : result.problem);
  return { settings: result.settings, notes: result.notes };
}

describe('the command line’s settings file', () => {
  it('reads JSON with comments and trailing commas, as VS Code does', () => {
    const { settings, notes } = read(`{
      // The SubID of each article: its folder's name.
      "affiliateLinks.subId": " \${fileDirnameBasename} ",
      /* Stricter than the defaults in CI */
      "affiliateLinks.linkHealth.subIdMismatch": "error",
      "affiliateLinks.linkHealth.disclosureMissing": "warning",
      "affiliateLinks.linkHealth.include": ["docs/**/*.txt",],
      "affiliateLinks.linkHealth.ignoredLinks": ["https://example.com/**"],
      "affiliateLinks.deeplink.subIdParameter": "sub",
      "files.exclude": { "drafts/**": true, "**/.git": false, },
      "editor.tabSize": 2,
    }`);
    assert.deepEqual(notes, []);
    assert.equal(settings.subIdTemplate, '${fileDirnameBasename}');
    assert.equal(settings.severities['subid-mismatch'], 'error');
    assert.equal(settings.severities['disclosure-missing'], 'warning');
    assert.equal(settings.severities['inactive-merchant'], DEFAULT_SEVERITIES['inactive-merchant']);
    assert.deepEqual(settings.include, ['docs/**/*.txt']);
    assert.deepEqual(settings.options.ignoredLinks, ['https://example.com/**']);
    assert.deepEqual(settings.options.deeplink, { urlParameter: 'url', subIdParameter: 'sub' });
    // The workspace's excludes over VS Code's own: a default set to false is one no longer.
    assert.deepEqual(settings.exclude.files, { ...VSCODE_FILES_EXCLUDE, 'drafts/**': true, '**/.git': false });
    assert.deepEqual(settings.exclude.search, VSCODE_SEARCH_EXCLUDE);
  });

  it('reads a setting written as a nested object the same as its dotted name', () => {
    const nested = read(`{ "affiliateLinks": { "linkHealth": { "notMonetized": "warning" }, "subId": "x" } }`);
    const dotted = read(`{ "affiliateLinks.linkHealth.notMonetized": "warning", "affiliateLinks.subId": "x" }`);
    assert.deepEqual(nested.settings, dotted.settings);
    assert.equal(dotted.settings.severities['not-monetized'], 'warning');
  });

  it('names each bad value with what was used instead, and reads the rest', () => {
    const { settings, notes } = read(`{
      "affiliateLinks.linkHealth.inactiveMerchant": "fatal",
      "affiliateLinks.linkHealth.relSponsoredInMarkdown": "yes",
      "affiliateLinks.linkHealth.include": "docs/**",
      "affiliateLinks.linkHealth.disclosurePatterns": ["#ad", 3],
      "affiliateLinks.subId": 42,
      "search.exclude": true,
      "affiliateLinks.linkHealth.targetOffMerchant": "error",
    }`);
    assert.deepEqual(notes, [
      `.vscode/settings.json: ${LINK_HEALTH_RULE_SETTINGS['inactive-merchant']} is "fatal", not one of error, warning, info, hint, off: "warning" was used instead`,
      `.vscode/settings.json: ${SETTINGS.linkHealthInclude} is "docs/**", not a list of strings: [] was used instead`,
      `.vscode/settings.json: ${SETTINGS.linkHealthRelSponsoredInMarkdown} is "yes", not true or false: false was used instead`,
      `.vscode/settings.json: ${SETTINGS.linkHealthDisclosurePatterns} is ["#ad",3], not a list of strings: ["#ad"] was used instead`,
      `.vscode/settings.json: ${SETTINGS.subId} is 42, not a string: "" was used instead`,
      `.vscode/settings.json: search.exclude is true, not an object of globs: ${JSON.stringify(VSCODE_SEARCH_EXCLUDE)} was used instead`,
    ]);
    assert.equal(settings.severities['inactive-merchant'], 'warning');
    assert.equal(settings.severities['target-off-merchant'], 'error');
    assert.equal(settings.options.relSponsoredInMarkdown, false);
    assert.deepEqual(settings.options.disclosurePatterns, ['#ad']);
    assert.equal(settings.subIdTemplate, '');
  });

  it('refuses a file that is not JSON with comments, saying where', () => {
    const result = readSettingsText(
      '{\n  "affiliateLinks.subId": "a"\n  "affiliateLinks.linkHealth.enabled": true\n}',
      'x.json',
    );
    assert.deepEqual(result, {
      ok: false,
      problem:
        'x.json is not valid JSON with comments: CommaExpected at line 3, column 3. Fix the file, or name another with --config',
    });
    assert.equal(readSettingsText('[1, 2]', 'x.json').ok, false);
    assert.equal(readSettingsText('// nothing yet\n', 'x.json').ok, true);
    assert.equal(readSettingsText('', 'x.json').ok, true);
  });

  it('takes the extension’s defaults: each one package.json contributes', () => {
    const { settings } = read('{}');
    type Properties = Record<string, { default?: unknown }>;
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Properties } | Array<{ properties: Properties }> };
    };
    const contributed: Properties = Object.assign(
      {},
      ...[manifest.contributes.configuration].flat().map((c) => c.properties),
    );
    const defaultOf = (name: string) => contributed[name]?.default;
    const values = {
      [SETTINGS.linkHealthEnabled]: settings.enabled,
      [SETTINGS.linkHealthInclude]: settings.include,
      [SETTINGS.linkHealthIgnoredLinks]: settings.options.ignoredLinks,
      [SETTINGS.linkHealthRelSponsoredInMarkdown]: settings.options.relSponsoredInMarkdown,
      [SETTINGS.linkHealthDisclosurePatterns]: settings.options.disclosurePatterns,
      [SETTINGS.linkHealthDisclosureSnippet]: settings.disclosureSnippet,
      [SETTINGS.subId]: settings.subIdTemplate,
      [SETTINGS.deeplinkUrlParameter]: settings.options.deeplink.urlParameter,
      [SETTINGS.deeplinkSubIdParameter]: settings.options.deeplink.subIdParameter,
      ...Object.fromEntries(HEALTH_CODES.map((code) => [LINK_HEALTH_RULE_SETTINGS[code], settings.severities[code]])),
    };
    for (const [name, value] of Object.entries(values)) {
      assert.ok(name in contributed, `${name} is contributed`);
      assert.deepEqual(value, defaultOf(name), name);
    }
    assert.equal(settings.disclosureSnippet, DEFAULT_DISCLOSURE_SNIPPET);
  });

  describe('on disk', () => {
    let dir: string | undefined;
    afterEach(() => removeTemp(dir));

    it('reads ROOT/.vscode/settings.json, the defaults without one, and the file --config names instead', async () => {
      dir = tempFolder({
        'site/.vscode/settings.json': '{ "affiliateLinks.subId": "from-workspace" }',
        'ci.jsonc': '{ "affiliateLinks.subId": "from-ci", }',
      });
      const root = path.join(dir, 'site');
      const workspace = await readSettingsFile(root, undefined, dir);
      assert.ok(workspace.ok && workspace.settings.subIdTemplate === 'from-workspace');
      assert.equal(workspace.file, path.join('site', '.vscode', 'settings.json'));
      const given = await readSettingsFile(root, 'ci.jsonc', dir);
      assert.ok(given.ok && given.settings.subIdTemplate === 'from-ci');
      const none = await readSettingsFile(dir, undefined, dir);
      assert.ok(none.ok && none.file === undefined && none.settings.subIdTemplate === '');
    });

    it('refuses a --config file that is missing, and a settings path that is a folder', async () => {
      dir = tempFolder({ 'site/.vscode/settings.json/x': '' });
      const missing = await readSettingsFile(dir, 'nope.json', dir);
      assert.deepEqual(missing, {
        ok: false,
        problem: 'cannot read the settings file nope.json (ENOENT): check the path given to --config',
      });
      const folder = await readSettingsFile(path.join(dir, 'site'), undefined, dir);
      assert.equal(folder.ok, false);
      assert.match(
        (folder as { problem: string }).problem,
        /cannot read the settings file .*settings\.json \(EISDIR\)$/,
      );
    });
  });
});
