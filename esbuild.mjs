// Builds the extension. `node esbuild.mjs [--production] [--watch]`.
//
// Targets:
// - extension: the extension host entry (node, cjs, `vscode` external).
// - api: the service client and undici, loaded lazily by the extension on first request
//   (`./api/index` imports in the extension resolve to this separate file).
// - links: the merchant domain index and the Public Suffix List it uses (tldts), loaded
//   lazily on the first hover or link command (`./links/domainIndex` imports resolve to it).
// A browser target for the webview app is added to `targets` when the webview arrives.
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(fileURLToPath(import.meta.url));
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const withTests = process.argv.includes('--tests');

/** Lazily loaded bundles: the import a loader in src/ makes, and the file it becomes. */
const LAZY_BUNDLES = [
  { specifier: './api/index', outfile: './api.js' },
  { specifier: './links/domainIndex', outfile: './links.js' },
];

/** Keeps the lazily loaded bundles out of the extension bundle: their loaders require them at run time. */
const lazyBundlesPlugin = {
  name: 'lazy-bundles',
  setup(build) {
    const loaders = path.join(root, 'src') + path.sep;
    for (const { specifier, outfile } of LAZY_BUNDLES) {
      const filter = new RegExp(`^${specifier.replace(/[./]/g, (c) => `\\${c}`)}$`);
      build.onResolve({ filter }, (args) => (path.dirname(args.importer) + path.sep === loaders ? { path: outfile, external: true } : undefined));
    }
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
};

export const targets = [
  { ...nodeTarget, entryPoints: [path.join(root, 'src/extension.ts')], outfile: path.join(root, 'dist/extension.js'), plugins: [lazyBundlesPlugin] },
  { ...nodeTarget, entryPoints: [path.join(root, 'src/api/index.ts')], outfile: path.join(root, 'dist/api.js') },
  { ...nodeTarget, entryPoints: [path.join(root, 'src/links/domainIndex.ts')], outfile: path.join(root, 'dist/links.js') },
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
];

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (watch) {
    const contexts = await Promise.all([...targets, ...(withTests ? testTargets : [])].map((target) => esbuild.context(target)));
    await Promise.all(contexts.map((context) => context.watch()));
    console.log('esbuild: watching for changes');
  } else {
    const started = Date.now();
    const all = [...targets, ...(withTests ? testTargets : [])];
    await Promise.all(all.map((target) => esbuild.build(target)));
    console.log(`esbuild: built ${all.length} targets in ${Date.now() - started} ms${production ? ' (production)' : ''}`);
  }
}
