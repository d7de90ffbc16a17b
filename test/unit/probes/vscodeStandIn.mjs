// The host bundles localise through `vscode.l10n` (esbuild.mjs resolves @vscode/l10n to
// src/hostL10n.ts), so a bundle loaded in plain Node asks for `vscode`. The probes give it this
// stand-in beside the bundles: `vscode.l10n` is @vscode/l10n itself, which answers in English.
import fs from 'node:fs';
import path from 'node:path';

/** Writes `node_modules/vscode` into `dir`, where the probe's bundles are written. */
export function writeVscodeStandIn(dir, root) {
  fs.mkdirSync(path.join(dir, 'node_modules/vscode'), { recursive: true });
  const l10n = JSON.stringify(path.join(root, 'node_modules/@vscode/l10n'));
  fs.writeFileSync(path.join(dir, 'node_modules/vscode/index.js'), `module.exports = { l10n: require(${l10n}) };\n`);
}
