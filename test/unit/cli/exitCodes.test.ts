/**
 * The command line's exit codes, case by case: 0 nothing at or above `--fail-on`, 1 findings at or above it, 2 a
 * usage, configuration or catalog problem, each problem a line on stderr saying what to do; `--output` written
 * whole instead of the standard output.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { exitCodeOf, fails } from '../../../src/cli/exitCodes';
import { deeplink, removeTemp, runIn, snapshotText, tempFolder, writeFiles } from './cliFixture';

const SHOP_WRONG = deeplink('shop', 'https://shop.example.com/x', 'wrong');
const OLD = deeplink('old', 'https://old.example.org/p', 'a');

/** A site whose findings are of the severities the settings give. */
function site(files: Record<string, string>, settings: Record<string, unknown> = {}): string {
  return tempFolder({
    '.vscode/settings.json': JSON.stringify({ 'affiliateLinks.subId': '${fileBasenameNoExtension}', ...settings }),
    'snap.txt': snapshotText(),
    ...files,
  });
}

const CHECK = ['check', '--catalog', 'snap.txt', '--format', 'json'];

describe('the command line’s exit codes', () => {
  let dir: string | undefined;
  afterEach(() => removeTemp(dir));

  it('ranks severities against --fail-on', () => {
    assert.equal(fails('error', 'warning'), true);
    assert.equal(fails('warning', 'warning'), true);
    assert.equal(fails('info', 'warning'), false);
    assert.equal(fails('info', 'info'), true);
    assert.equal(fails('hint', 'info'), false);
    assert.equal(fails('error', 'never'), false);
    assert.equal(exitCodeOf([], 'info'), 0);
    assert.equal(exitCodeOf([{ severity: 'hint' }, { severity: 'warning' }], 'error'), 0);
    assert.equal(exitCodeOf([{ severity: 'hint' }, { severity: 'error' }], 'error'), 1);
  });

  it('exits 0 on a clean site, with the report on stdout and nothing on stderr', async () => {
    dir = site({ 'clean.md': `[Shop](${deeplink('shop', 'https://shop.example.com/x', 'clean')})\n` });
    const run = await runIn(dir, CHECK);
    assert.deepEqual([run.code, run.stderr], [0, '']);
    assert.equal((JSON.parse(run.stdout) as { filesChecked: number }).filesChecked, 1);
  });

  it('exits 1 on a warning by default, 0 with --fail-on error or never', async () => {
    dir = site({ 'a.md': `[Old](${OLD})\n` });
    assert.equal((await runIn(dir, CHECK)).code, 1);
    assert.equal((await runIn(dir, [...CHECK, '--fail-on', 'warning'])).code, 1);
    assert.equal((await runIn(dir, [...CHECK, '--fail-on', 'error'])).code, 0);
    assert.equal((await runIn(dir, [...CHECK, '--fail-on', 'never'])).code, 0);
  });

  it('exits 1 on an info only with --fail-on info, and on a rule the settings make an error with --fail-on error', async () => {
    dir = site({ 'b.md': `[Shop](${SHOP_WRONG})\n` });
    assert.equal((await runIn(dir, CHECK)).code, 0, 'a SubID mismatch is info by default');
    assert.equal((await runIn(dir, [...CHECK, '--fail-on', 'info'])).code, 1);
    writeFiles(dir, { '.vscode/settings.json': '{ "affiliateLinks.linkHealth.subIdMismatch": "error" }' });
    // Without the template there is no SubID to expect: nothing found.
    assert.equal((await runIn(dir, [...CHECK, '--fail-on', 'info'])).code, 0);
    writeFiles(dir, {
      '.vscode/settings.json':
        '{ "affiliateLinks.subId": "${fileBasenameNoExtension}", "affiliateLinks.linkHealth.subIdMismatch": "error" }',
    });
    assert.equal((await runIn(dir, [...CHECK, '--fail-on', 'error'])).code, 1);
  });

  it('never fails on a hint, and not on a rule set to off', async () => {
    dir = site({ 'c.md': 'Buy at https://shop.example.com/x now.\n' });
    assert.equal((await runIn(dir, [...CHECK, '--fail-on', 'info'])).code, 0);
    writeFiles(dir, { '.vscode/settings.json': '{ "affiliateLinks.linkHealth.notMonetized": "info" }' });
    assert.equal((await runIn(dir, [...CHECK, '--fail-on', 'info'])).code, 1);
    writeFiles(dir, { 'd.md': `[Old](${OLD})\n` });
    writeFiles(dir, {
      '.vscode/settings.json':
        '{ "affiliateLinks.linkHealth.notMonetized": "off", "affiliateLinks.linkHealth.inactiveMerchant": "off" }',
    });
    const run = await runIn(dir, [...CHECK, '--fail-on', 'info']);
    assert.deepEqual([run.code, (JSON.parse(run.stdout) as { findings: unknown[] }).findings], [0, []]);
  });

  it('exits 0 with the usage on --help, and 2 on a usage problem, saying what to do', async () => {
    dir = site({});
    const help = await runIn(dir, ['check', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: affiliate-links check \[PATH\.\.\.\]/);
    const cases: Array<[string[], string]> = [
      [['check', '--frobnicate'], "Unknown option '--frobnicate'"],
      [['check', '--format', 'xml'], '--format "xml" is not a format: use text, json, sarif, junit, github'],
      [['check', '--fail-on', 'hint'], '--fail-on "hint" is not a level: use error, warning, info, never'],
      [['check', '--max-catalog-age', 'a week'], '--max-catalog-age "a week" is not a number of days (such as 7)'],
      [['check', '--catalog'], "Option '--catalog <value>' argument missing"],
      [['check', '--color', '--no-color'], '--color and --no-color contradict each other: give one'],
    ];
    for (const [argv, problem] of cases) {
      const run = await runIn(dir, argv);
      assert.deepEqual(
        [run.code, run.stdout, run.stderr],
        [2, '', `affiliate-links: ${problem}. Run affiliate-links check --help for the options.\n`],
        argv.join(' '),
      );
    }
    assert.deepEqual((await runIn(dir, [])).code, 2);
    const unknown = await runIn(dir, ['chekc']);
    assert.deepEqual(
      [unknown.code, unknown.stderr],
      [2, 'affiliate-links: unknown command "chekc": run affiliate-links --help for the commands\n'],
    );
  });

  it('exits 2 without a catalog, saying how to get one, with or without a key', async () => {
    dir = site({ 'a.md': `[Old](${OLD})\n` });
    const none = await runIn(dir, ['check']);
    assert.deepEqual(
      [none.code, none.stderr],
      [
        2,
        'affiliate-links: no catalog: pass --catalog FILE with a catalog snapshot (run Export Catalog Snapshot in VS Code, or affiliate-links catalog pull --out FILE with the key in AFFILIATE_LINKS_KEY)\n',
      ],
    );
    const keyed = await runIn(dir, ['check'], { AFFILIATE_LINKS_KEY: 'k' });
    assert.equal(keyed.code, 2);
    assert.match(keyed.stderr, /AFFILIATE_LINKS_KEY is set, so affiliate-links catalog pull --out FILE can write one/);
  });

  it('exits 2 on a catalog snapshot missing, damaged or older than --max-catalog-age', async () => {
    dir = site({ 'a.md': `[Old](${OLD})\n` });
    const missing = await runIn(dir, ['check', '--catalog', 'nope.txt']);
    assert.deepEqual(
      [missing.code, missing.stderr],
      [2, 'affiliate-links: cannot read the catalog snapshot nope.txt (ENOENT): check the path\n'],
    );
    const text = snapshotText();
    writeFiles(dir, {
      'cut.txt': text.split('\n').slice(0, 3).join('\n') + '\n',
      'edited.txt': text.replace('Shop', 'Shoq'),
    });
    const cut = await runIn(dir, ['check', '--catalog', 'cut.txt']);
    assert.equal(cut.code, 2);
    assert.match(
      cut.stderr,
      /^affiliate-links: the catalog snapshot cut\.txt is refused: its header names 9 merchants but it holds 2: it is cut short after line 3\. Write it again/,
    );
    const edited = await runIn(dir, ['check', '--catalog', 'edited.txt']);
    assert.equal(edited.code, 2);
    assert.match(edited.stderr, /the catalog snapshot edited\.txt is refused: line \d+ does not match its check/);
    // Taken 1 day before the run.
    const old = await runIn(dir, [...CHECK, '--max-catalog-age', '0.5']);
    assert.deepEqual(
      [old.code, old.stderr.split(': take a new one')[0]],
      [
        2,
        'affiliate-links: the catalog snapshot snap.txt was taken 2026-11-20T12:00:00.000Z, 1 days ago, older than --max-catalog-age 0.5',
      ],
    );
    assert.equal((await runIn(dir, [...CHECK, '--max-catalog-age', '1'])).code, 1, 'a day old is not older than 1');
  });

  it('exits 2 on a settings file it cannot read, a root that is no folder and PATHs outside the site', async () => {
    dir = site({ 'a.md': `[Old](${OLD})\n` });
    writeFiles(dir, { 'broken.json': '{ "affiliateLinks.subId": }' });
    const broken = await runIn(dir, [...CHECK, '--config', 'broken.json']);
    assert.deepEqual(
      [broken.code, broken.stderr],
      [
        2,
        'affiliate-links: broken.json is not valid JSON with comments: ValueExpected at line 1, column 27. Fix the file, or name another with --config\n',
      ],
    );
    assert.equal((await runIn(dir, [...CHECK, '--config', 'none.json'])).code, 2);
    const root = await runIn(dir, [...CHECK, '--root', 'a.md']);
    assert.equal(root.code, 2);
    assert.match(root.stderr, /the site's folder .*a\.md is not a folder/);
    assert.equal((await runIn(dir, [...CHECK, '../elsewhere'])).code, 2);
    assert.equal((await runIn(dir, [...CHECK, 'gone.md'])).code, 2);
  });

  it('names a bad setting and what was used instead, and goes on', async () => {
    dir = site({ 'a.md': `[Old](${OLD})\n` }, { 'affiliateLinks.linkHealth.inactiveMerchant': 'loud' });
    const run = await runIn(dir, CHECK);
    assert.equal(run.code, 1);
    assert.equal(
      run.stderr,
      `affiliate-links: ${path.join('.vscode', 'settings.json')}: affiliateLinks.linkHealth.inactiveMerchant is "loud", not one of error, warning, info, hint, off: "warning" was used instead\n`,
    );
  });

  it('writes the report to --output whole, and exits 2 when it cannot', async () => {
    dir = site({ 'a.md': `[Old](${OLD})\n` });
    const toStdout = await runIn(dir, CHECK);
    const toFile = await runIn(dir, [...CHECK, '--output', 'report.json']);
    assert.deepEqual([toFile.code, toFile.stdout], [1, '']);
    const written = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')) as Record<string, unknown>;
    const printed = JSON.parse(toStdout.stdout) as Record<string, unknown>;
    assert.deepEqual({ ...written, durationMs: 0 }, { ...printed, durationMs: 0 });
    assert.deepEqual(
      fs.readdirSync(dir).filter((name) => name.endsWith('.tmp')),
      [],
      'no temporary file left',
    );
    const nowhere = await runIn(dir, [...CHECK, '--output', 'missing/folder/report.json']);
    assert.equal(nowhere.code, 2);
    assert.match(nowhere.stderr, /^affiliate-links: cannot write the report to missing\/folder\/report\.json: ENOENT/);
  });
});
