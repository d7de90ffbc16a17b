// `vscode` for the shipped bundles loaded in plain Node (the benchmarks; `NODE_PATH=test/standIn`).
// The extension-host bundles localise through `vscode.l10n` (esbuild.mjs resolves @vscode/l10n to
// src/hostL10n.ts); here `vscode.l10n` is @vscode/l10n itself, which answers in English.
module.exports = { l10n: require('@vscode/l10n') };
