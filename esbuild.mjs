// Builds the extension. `node esbuild.mjs [--production] [--watch] [--tests]`.
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs/promises';
import path from 'node:path';

const root = path.dirname(fileURLToPath(import.meta.url));
const production = process.argv.includes('--production');

/**
 * Every bundle, one row each: its entry, its output and platform (esbuild's options), and why it is a bundle of its
 * own. A `lazy` one loads on demand: an import of its entry, from any other bundle, stays a `require` of its file.
 */
export const BUNDLES = [
  // The extension host's entry. The reports and the report panel's host are in it: inlined, they
  // cost activation about 2.6 ms (issue 24, section 5).
  { entry: 'src/extension.ts', outfile: 'dist/extension.js', platform: 'node' },
  // The service client and undici, loaded on the first request.
  { entry: 'src/api/index.ts', outfile: 'dist/api.js', platform: 'node', lazy: true },
  // The domain index and the Public Suffix List it uses (tldts), loaded on the first hover or link command.
  { entry: 'src/links/domainIndex.ts', outfile: 'dist/links.js', platform: 'node', lazy: true },
  // Link health in the editor, loaded a moment after activation: its rules build domain indexes, so
  // inlined it would load dist/links.js (tldts) at activation.
  { entry: 'src/problems/index.ts', outfile: 'dist/linkHealth.js', platform: 'node', lazy: true },
  // The command line, `affiliate-links` (the package's `bin`), in plain Node outside VS Code: everything bundled
  // (the lazy bundles' modules, jsonc-parser, the real @vscode/l10n in English), no `vscode`. Not in the .vsix.
  {
    entry: 'src/cli/main.ts',
    outfile: 'dist/cli.js',
    platform: 'node',
    standalone: true,
    banner: { js: '#!/usr/bin/env node' },
    // jsonc-parser's UMD build (its `main`) requires its modules at run time, out of esbuild's sight: its ES build.
    mainFields: ['module', 'main'],
  },
  // The report panel's app, run in its webview.
  {
    entry: 'src/webviews/reports/app/main.ts',
    outfile: 'dist/webview/reports.js',
    platform: 'browser',
    format: 'iife',
  },
  // The panel's stylesheet, and the files the page links as they are, copied beside it (the icons, the chart's).
  {
    entry: 'src/webviews/reports/app/reports.css',
    outfile: 'dist/webview/reports.css',
    platform: 'browser',
    copy: ['@vscode/codicons/dist/codicon.css', '@vscode/codicons/dist/codicon.ttf', 'uplot/dist/uPlot.min.css'],
  },
  // The integration suite, run inside the extension host (`vscode` and mocha come from there and node_modules).
  {
    entry: ['test/integration/index.ts', 'test/integration/*.test.ts'],
    outdir: 'out/test/integration',
    platform: 'node',
    external: ['vscode', 'mocha'],
  },
  // The first-start bench's windows, run inside their extension hosts (test/bench/firstStartBench.ts).
  {
    entry: ['test/bench/firstStart/firstWindow.ts', 'test/bench/firstStart/secondWindow.ts'],
    outdir: 'out/test/bench',
    platform: 'node',
  },
];

const shared = { absWorkingDir: root, bundle: true, sourcemap: true, sourcesContent: false, logLevel: 'warning' };
const PLATFORMS = {
  // `import()` becomes `require()`: the extension host loads CommonJS bundles predictably.
  node: { ...shared, format: 'cjs', target: 'node20', external: ['vscode'], supported: { 'dynamic-import': false } },
  // VS Code 1.100's Electron (Chromium 134) and code-server's browsers.
  browser: { ...shared, target: ['chrome120', 'firefox120', 'safari17'], sourcemap: !production },
};

/** Keeps the lazy bundles out of the bundle of `self` (an entry); only relative imports are looked at. */
const lazyBundles = (self) => ({
  name: 'lazy-bundles',
  setup: (build) =>
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const imported = `${path.resolve(args.resolveDir, args.path).replace(/\.ts$/, '')}.ts`;
      const lazy = BUNDLES.find((row) => row.lazy && row.entry !== self && path.join(root, row.entry) === imported);
      return lazy && { path: `./${path.basename(lazy.outfile)}`, external: true };
    }),
});

/** In the extension host, `@vscode/l10n` is src/hostL10n.ts (`vscode.l10n`): the core and the shell read one bundle. */
const hostL10n = {
  name: 'host-l10n',
  setup: (build) =>
    build.onResolve({ filter: /^@vscode\/l10n$/ }, () => ({ path: path.join(root, 'src/hostL10n.ts') })),
};

/** Copies `files` of node_modules beside `outfile` after each build (watch included). */
const copyBeside = (files, outfile) => ({
  name: 'copy-beside',
  setup: (build) =>
    build.onEnd(async ({ errors }) => {
      const outdir = path.join(root, path.dirname(outfile));
      const copy = (file) => fs.copyFile(path.join(root, 'node_modules', file), path.join(outdir, path.basename(file)));
      if (errors.length === 0) {
        await fs.mkdir(outdir, { recursive: true });
        await Promise.all(files.map(copy));
      }
    }),
});

/**
 * A row's esbuild options: its platform's; a test bundle is never minified and holds the lazy bundles' modules; a
 * standalone one (the command line) runs outside the extension host: everything bundled, its `@vscode/l10n` the real
 * package; `vscode` stays external only because src/ids.ts names it in `setContext`, which the command line never
 * calls, so it is shaken out (unit test "the command line's bundle").
 */
function optionsOf({ entry, lazy: _lazy, copy, standalone, ...row }) {
  const node = standalone
    ? { external: ['vscode'], plugins: [] }
    : row.outdir
      ? { minify: false, plugins: [hostL10n] }
      : { plugins: [hostL10n, lazyBundles(entry)] };
  const own = row.platform === 'node' ? node : { plugins: copy ? [copyBeside(copy, row.outfile)] : [] };
  return { ...PLATFORMS[row.platform], minify: production, entryPoints: [entry].flat(), ...own, ...row };
}

export const targets = BUNDLES.filter((row) => row.outfile).map(optionsOf);
export const testTargets = BUNDLES.filter((row) => row.outdir).map(optionsOf);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const all = [...targets, ...(process.argv.includes('--tests') ? testTargets : [])];
  if (process.argv.includes('--watch')) {
    await Promise.all(all.map(async (target) => (await esbuild.context(target)).watch()));
    console.log('esbuild: watching for changes');
  } else {
    const started = Date.now();
    // A test file deleted from test/ must not run on from an earlier build's output.
    const stale = all.filter((target) => target.outdir).map((target) => path.join(root, target.outdir));
    await Promise.all(stale.map((outdir) => fs.rm(outdir, { recursive: true, force: true })));
    await Promise.all(all.map((target) => esbuild.build(target)));
    console.log(
      `esbuild: built ${all.length} targets in ${Date.now() - started} ms${production ? ' (production)' : ''}`,
    );
  }
}
