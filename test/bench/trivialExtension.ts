/**
 * The activation bench's baseline: a trivial extension with one tree view of three rows in the
 * Affiliate Links view container, activated by that view like the Merchants view's extension,
 * packaged as a .vsix to install beside it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../host/hostPaths';

export const TRIVIAL_ID = 'affiliate-links-bench.trivial-tree';
/** Its name in Developer: Show Running Extensions. */
export const TRIVIAL_NAME = 'Trivial Tree (bench)';
/** The text of the trivial tree's rows. */
export const TRIVIAL_ROW = 'Trivial bench row';

const SOURCE = `const vscode = require('vscode');
exports.activate = (context) => {
  const rows = [1, 2, 3].map((n) => '${TRIVIAL_ROW} ' + n);
  context.subscriptions.push(
    vscode.window.registerTreeDataProvider('affiliateLinksBench.trivial', {
      getChildren: (row) => (row === undefined ? rows : []),
      getTreeItem: (row) => new vscode.TreeItem(row),
    }),
  );
};
`;

export function trivialExtensionVsix(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-trivial-'));
  const [publisher, name] = TRIVIAL_ID.split('.');
  const manifest = {
    name,
    displayName: TRIVIAL_NAME,
    publisher,
    version: '0.0.1',
    license: 'MIT',
    main: './extension.js',
    engines: { vscode: '^1.100.0' },
    contributes: { views: { affiliateLinks: [{ id: 'affiliateLinksBench.trivial', name: 'Trivial' }] } },
  };
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(path.join(folder, 'extension.js'), SOURCE);
  fs.writeFileSync(path.join(folder, 'README.md'), '# A trivial tree view for the activation bench\n');
  const vsix = path.join(folder, 'trivial-tree.vsix');
  const result = spawnSync(
    path.join(PROJECT_ROOT, 'node_modules/.bin/vsce'),
    ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix],
    { cwd: folder, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`packaging the trivial extension failed:\n${result.stdout}${result.stderr}`);
  }
  return vsix;
}
