/**
 * `npm pack`: the tarball (its `prepack` builds dist/cli.js for production) holds the command line and nothing of
 * the extension's sources, installs offline into an empty folder (it needs no package: everything is bundled), and
 * `npx affiliate-links check` runs there on a small site with a catalog snapshot, offline.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deeplink, removeTemp, snapshotText, tempFolder } from './cliFixture';

const ROOT = path.resolve(__dirname, '../../..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
/**
 * Never the network: the install and the run must work without it. Without the settings of an npm that started the
 * tests (`npm test` hands its own, its prefix among them, as `npm_config_*`) or of the user's ~/.npmrc: the package
 * goes into the empty folder and nowhere else.
 */
const OFFLINE: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name))),
  npm_config_userconfig: os.devNull,
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

/** Every file under a folder, relative, sorted. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

describe('the npm package of the command line', function () {
  this.timeout(180_000);
  let dir: string | undefined;
  after(() => removeTemp(dir));

  it('installs offline into an empty folder and runs npx affiliate-links check on a site there', () => {
    dir = tempFolder({}, 'affiliate-links-pack-');
    execFileSync(NPM, ['pack', '--pack-destination', dir], { cwd: ROOT, env: OFFLINE, stdio: 'pipe' });
    const [tarball] = fs.readdirSync(dir).filter((name) => name.endsWith('.tgz'));
    assert.ok(tarball, 'npm pack made a tarball');
    const folder = path.join(dir, 'empty');
    fs.mkdirSync(folder);
    // Its own manifest, so npm installs here and not into a folder above that has one.
    fs.writeFileSync(path.join(folder, 'package.json'), '{ "private": true }\n');
    execFileSync(NPM, ['install', '--offline', path.join(dir, tarball)], { cwd: folder, env: OFFLINE, stdio: 'pipe' });
    const installed = path.join(folder, 'node_modules', 'affiliate-links');
    assert.deepEqual(filesUnder(installed), ['LICENSE', 'README.md', 'dist/cli.js', 'package.json']);
    assert.deepEqual(
      fs.readdirSync(path.join(folder, 'node_modules')).filter((name) => !name.startsWith('.')),
      ['affiliate-links'],
      'no dependency installed: the command line bundles what it uses',
    );
    const cli = fs.readFileSync(path.join(installed, 'dist', 'cli.js'), 'utf8');
    assert.ok(cli.startsWith('#!/usr/bin/env node\n'));
    assert.deepEqual(
      cli.match(/require\(["'](vscode|\.\.?\/[^"']*)["']\)/g),
      null,
      'requires neither vscode nor a file beside it',
    );

    const dead = deeplink('old', 'https://old.example.org/p', 'a');
    fs.writeFileSync(path.join(folder, 'snap.txt'), snapshotText());
    fs.mkdirSync(path.join(folder, 'site'));
    fs.writeFileSync(path.join(folder, 'site', 'a.md'), `# A\n\n[Old](${dead})\n`);
    fs.writeFileSync(path.join(folder, 'site', 'b.md'), '# B\n\nNothing to see.\n');
    const run = spawnSync(
      NPX,
      ['--offline', 'affiliate-links', 'check', '--catalog', 'snap.txt', 'site/', '--format', 'json'],
      {
        cwd: folder,
        env: OFFLINE,
        encoding: 'utf8',
      },
    );
    assert.equal(run.status, 1, `exit code 1 for a warning: ${run.stderr}`);
    const report = JSON.parse(run.stdout) as {
      filesChecked: number;
      findings: Array<{ file: string; line: number; column: number; code: string }>;
    };
    assert.equal(report.filesChecked, 2);
    assert.deepEqual(
      report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.code}`),
      ['site/a.md:3:7 inactive-merchant'],
    );
    const clean = spawnSync(NPX, ['--offline', 'affiliate-links', 'check', '--catalog', 'snap.txt', 'site/b.md'], {
      cwd: folder,
      env: OFFLINE,
      encoding: 'utf8',
    });
    assert.equal(clean.status, 0, clean.stderr);
  });
});
