/** Builds a benchmark entry like the extension ships (bundled, minified) and loads it. */
import path from 'node:path';
import * as esbuild from 'esbuild';

export async function loadShipped<T>(root: string, entry: string, name: string): Promise<T> {
  const outfile = path.join(root, `out/bench/${name}.js`);
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    // As in the extension: `vscode` is the host's (src/ids.ts loads it only when setting a context key).
    external: ['vscode'],
    outfile,
    logLevel: 'warning',
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(outfile) as T;
}
