/**
 * The activation bench's subjects: the production extension bundles as esbuild.mjs builds them,
 * and variants of them with some lazy bundles (`LAZY_BUNDLES`) inlined into dist/extension.js.
 * Each variant is built into a folder of its own; the bench copies it over the installed
 * extension's dist/ before a window reload, so every variant runs in the same workbench.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export interface BundleVariant {
  /** e.g. `lazy` (as shipped), `inline reports.js`. */
  name: string;
  /** The folder holding the variant's extension.js, reportsPanel.js and reports.js. */
  dir: string;
  /** The minified size of its dist/extension.js. */
  extensionBytes: number;
}

interface BuildScript {
  targets: esbuild.BuildOptions[];
  LAZY_BUNDLES: Array<{ module: string; outfile: string }>;
}

/** The bundles a variant changes: the activation bundle and the two lazy bundles it may inline. */
const VARIANT_FILES = ['extension.js', 'reports.js', 'reportsPanel.js'];

/** The variants `--variants` names: which lazy bundles each one inlines. */
export const VARIANT_SETS: Record<string, string[][]> = {
  shipped: [[]],
  all: [[], ['reports.js'], ['reportsPanel.js'], ['reports.js', 'reportsPanel.js']],
};

/** Builds, minified as `--production` does, one variant per entry of `inlined` (the lazy bundles it inlines). */
export async function buildVariants(root: string, inlined: string[][]): Promise<BundleVariant[]> {
  // esbuild.mjs is the one description of the bundles: its targets and its plugin's list of lazy bundles.
  const script = (await import(pathToFileURL(path.join(root, 'esbuild.mjs')).href)) as BuildScript;
  const lazy = [...script.LAZY_BUNDLES];
  const variants: BundleVariant[] = [];
  try {
    for (const files of inlined) {
      const name = files.length === 0 ? 'lazy (as shipped)' : `inline ${files.join(' + ')}`;
      const dir = path.join(root, 'out/bench/variants', files.length === 0 ? 'lazy' : files.join('+'));
      fs.rmSync(dir, { recursive: true, force: true });
      // The plugin reads the list when it resolves an import: what is not in it is bundled.
      script.LAZY_BUNDLES.splice(
        0,
        script.LAZY_BUNDLES.length,
        ...lazy.filter((b) => !files.includes(b.outfile.slice(2))),
      );
      for (const target of script.targets) {
        const file = path.basename(target.outfile ?? '');
        if (target.platform === 'node' && VARIANT_FILES.includes(file)) {
          await esbuild.build({ ...target, minify: true, outfile: path.join(dir, file) });
        }
      }
      variants.push({ name, dir, extensionBytes: fs.statSync(path.join(dir, 'extension.js')).size });
    }
  } finally {
    script.LAZY_BUNDLES.splice(0, script.LAZY_BUNDLES.length, ...lazy);
  }
  return variants;
}

/** Puts `variant`'s bundles in place of the installed extension's (the next extension host loads them). */
export function installVariant(variant: BundleVariant, extensionDir: string): void {
  for (const file of fs.readdirSync(variant.dir)) {
    fs.copyFileSync(path.join(variant.dir, file), path.join(extensionDir, 'dist', file));
  }
}
