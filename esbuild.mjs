// Builds the extension. `node esbuild.mjs [--production] [--watch]`.
//
// Targets:
// - extension: the extension host entry (node, cjs, `vscode` external).
// - api: the service client and undici, loaded lazily by the extension on first request
//   (an import of `src/api/index.ts`, from any file, resolves to this separate file).
// - links: the merchant domain index and the Public Suffix List it uses (tldts), loaded
//   lazily on the first hover or link command (an import of `src/links/domainIndex.ts`).
//   The reports (`src/reports/`) and the report panel's host (`src/webviews/reports/host/`) are
//   in the extension bundle: inlined, they cost activation about 2.6 ms (issue 24, section 5).
// - linkHealth: link health in the editor (the site's index, diagnostics, quick fixes) with its rules
//   and the domain index they judge links by, loaded a moment after activation (an import of
//   `src/problems/index.ts`).
// - webview: the report panel's app (browser, IIFE) → dist/webview/reports.js, and its
//   stylesheet → dist/webview/reports.css, with the files the page links beside them
//   (codicon.css and codicon.ttf for the icons, uPlot.min.css for the chart).
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs/promises';
import path from 'node:path';

const root = path.dirname(fileURLToPath(import.meta.url));
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const withTests = process.argv.includes('--tests');

/** Lazily loaded bundles: the module (its path without extension) and the file it becomes beside dist/extension.js. */
export const LAZY_BUNDLES = [
  { module: path.join(root, 'src/api/index'), outfile: './api.js' },
  { module: path.join(root, 'src/links/domainIndex'), outfile: './links.js' },
  { module: path.join(root, 'src/problems/index'), outfile: './linkHealth.js' },
];

/**
 * Keeps the lazily loaded bundles out of the extension bundle: an import of one of their
 * modules, from any file, stays a `require` of the bundle's file at run time. Only relative
 * imports are looked at; type-only imports never reach esbuild.
 */
const lazyBundlesPlugin = {
  name: 'lazy-bundles',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const imported = path.resolve(args.resolveDir, args.path).replace(/\.ts$/, '');
      const lazy = LAZY_BUNDLES.find((bundle) => bundle.module === imported);
      return lazy === undefined ? undefined : { path: lazy.outfile, external: true };
    });
  },
};

/**
 * In the extension host, `@vscode/l10n` (the core's localisation) is src/hostL10n.ts:
 * `vscode.l10n` itself, so the core and the shell read one bundle of translations.
 */
const hostL10nPlugin = {
  name: 'host-l10n',
  setup(build) {
    build.onResolve({ filter: /^@vscode\/l10n$/ }, () => ({ path: path.join(root, 'src/hostL10n.ts') }));
  },
};

const nodeTarget = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  minify: production,
  logLevel: 'warning',
  external: ['vscode'],
  // `import()` becomes `require()`: the extension host loads CommonJS bundles predictably.
  supported: { 'dynamic-import': false },
  plugins: [hostL10nPlugin],
};

/** Files the webview page links as they are, copied beside the app into dist/webview/. */
const WEBVIEW_ASSETS = [
  'node_modules/@vscode/codicons/dist/codicon.css',
  'node_modules/@vscode/codicons/dist/codicon.ttf',
  'node_modules/uplot/dist/uPlot.min.css',
];

/** Copies WEBVIEW_ASSETS into dist/webview/ after each build (watch included). */
const webviewAssetsPlugin = {
  name: 'webview-assets',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0) {
        return;
      }
      const outdir = path.join(root, 'dist/webview');
      await fs.mkdir(outdir, { recursive: true });
      await Promise.all(
        WEBVIEW_ASSETS.map((asset) => fs.copyFile(path.join(root, asset), path.join(outdir, path.basename(asset)))),
      );
    });
  },
};

const browserTarget = {
  bundle: true,
  platform: 'browser',
  // VS Code 1.100's Electron (Chromium 134) and code-server's browsers.
  target: ['chrome120', 'firefox120', 'safari17'],
  sourcemap: !production,
  sourcesContent: false,
  minify: production,
  logLevel: 'warning',
};

/** The report panel's webview app and its stylesheet (the host links both from dist/webview/). */
export const webviewTargets = [
  {
    ...browserTarget,
    format: 'iife',
    entryPoints: [path.join(root, 'src/webviews/reports/app/main.ts')],
    outfile: path.join(root, 'dist/webview/reports.js'),
  },
  {
    ...browserTarget,
    entryPoints: [path.join(root, 'src/webviews/reports/app/reports.css')],
    outfile: path.join(root, 'dist/webview/reports.css'),
    plugins: [webviewAssetsPlugin],
  },
];

export const targets = [
  {
    ...nodeTarget,
    entryPoints: [path.join(root, 'src/extension.ts')],
    outfile: path.join(root, 'dist/extension.js'),
    plugins: [...nodeTarget.plugins, lazyBundlesPlugin],
  },
  { ...nodeTarget, entryPoints: [path.join(root, 'src/api/index.ts')], outfile: path.join(root, 'dist/api.js') },
  {
    ...nodeTarget,
    entryPoints: [path.join(root, 'src/links/domainIndex.ts')],
    outfile: path.join(root, 'dist/links.js'),
  },
  {
    ...nodeTarget,
    entryPoints: [path.join(root, 'src/problems/index.ts')],
    outfile: path.join(root, 'dist/linkHealth.js'),
    plugins: [...nodeTarget.plugins, lazyBundlesPlugin],
  },
  ...webviewTargets,
];

/** The integration suite, run inside the extension host (`vscode` and mocha come from there and node_modules). */
export const testTargets = [
  {
    ...nodeTarget,
    entryPoints: ['test/integration/index.ts', 'test/integration/*.test.ts'].map((entry) => path.join(root, entry)),
    outdir: path.join(root, 'out/test/integration'),
    external: ['vscode', 'mocha'],
    minify: false,
  },
  /** The first-start bench's windows, run inside their extension hosts (test/bench/firstStartBench.ts). */
  {
    ...nodeTarget,
    entryPoints: ['test/bench/firstStart/firstWindow.ts', 'test/bench/firstStart/secondWindow.ts'].map((entry) =>
      path.join(root, entry),
    ),
    outdir: path.join(root, 'out/test/bench'),
    external: ['vscode'],
    minify: false,
  },
];

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (watch) {
    const contexts = await Promise.all(
      [...targets, ...(withTests ? testTargets : [])].map((target) => esbuild.context(target)),
    );
    await Promise.all(contexts.map((context) => context.watch()));
    console.log('esbuild: watching for changes');
  } else {
    const started = Date.now();
    // A test file deleted from test/ must not run on from an earlier build's output.
    for (const target of withTests ? testTargets : []) {
      await fs.rm(target.outdir, { recursive: true, force: true });
    }
    const all = [...targets, ...(withTests ? testTargets : [])];
    await Promise.all(all.map((target) => esbuild.build(target)));
    console.log(
      `esbuild: built ${all.length} targets in ${Date.now() - started} ms${production ? ' (production)' : ''}`,
    );
  }
}
