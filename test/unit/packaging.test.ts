/**
 * The marketplace package: the icon, the manifest's marketplace fields, and the real
 * `npm run package` (production build through vscode:prepublish, then `vsce package`) giving no
 * warning and a .vsix under 1 MB that holds only what ships.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { packageExtensionWithOutput, type PackagedExtension } from '../host/packageExtension';
import { PROJECT_ROOT } from '../host/hostPaths';
import { zipEntries, type ZipEntry } from './helpers/zipEntries';

interface Manifest {
  icon?: string;
  galleryBanner?: { color?: string; theme?: string };
  categories?: string[];
  keywords?: string[];
  repository?: { type?: string; url?: string } | string;
  bugs?: { url?: string };
  homepage?: string;
  main: string;
  l10n?: string;
  scripts: Record<string, string>;
}

const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as Manifest;

/** The marketplace's categories, as VS Code 1.100 lists them (EXTENSION_CATEGORIES in platform/extensions/common/extensions.ts). */
const MARKETPLACE_CATEGORIES = [
  'AI',
  'Azure',
  'Chat',
  'Data Science',
  'Debuggers',
  'Extension Packs',
  'Education',
  'Formatters',
  'Keymaps',
  'Language Packs',
  'Linters',
  'Machine Learning',
  'Notebooks',
  'Programming Languages',
  'SCM Providers',
  'Snippets',
  'Testing',
  'Themes',
  'Visualization',
  'Other',
];
const MAX_KEYWORDS = 30;
const MAX_VSIX_BYTES = 1_048_576;
/** What never ships: the README's screenshots, sources, tests, docs, dependencies, the test host's cache, source maps. */
const NEVER_SHIPPED = /^extension\/(media\/screenshots\/|src\/|test\/|docs\/|node_modules\/|\.cache\/|out\/)|\.map$/;

/** Width and height from a PNG's IHDR chunk, which must come first after the 8-byte signature. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.ok(bytes.subarray(0, 8).equals(signature), `${file} does not start with the PNG signature`);
  assert.equal(bytes.readUInt32BE(8), 13, 'IHDR is 13 bytes long');
  assert.equal(bytes.toString('latin1', 12, 16), 'IHDR', 'the first chunk is IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function repositoryUrl(): string {
  const repository = manifest.repository;
  return (typeof repository === 'string' ? repository : repository?.url) ?? '';
}

describe('the marketplace package', () => {
  it('has a 128×128 PNG icon, media/icon.png', () => {
    assert.equal(manifest.icon, 'media/icon.png');
    assert.deepEqual(pngSize(path.join(PROJECT_ROOT, manifest.icon)), { width: 128, height: 128 });
  });

  it('declares a gallery banner, marketplace categories, at most 30 keywords, and its repository, bugs and homepage', () => {
    assert.match(manifest.galleryBanner?.color ?? '', /^#[0-9A-Fa-f]{6}$/, 'galleryBanner.color is a #RRGGBB colour');
    assert.ok(['dark', 'light'].includes(manifest.galleryBanner?.theme ?? ''), 'galleryBanner.theme is dark or light');
    const categories = manifest.categories ?? [];
    assert.ok(categories.length > 0, 'at least one category');
    assert.deepEqual(
      categories.filter((category) => !MARKETPLACE_CATEGORIES.includes(category)),
      [],
      'categories the marketplace does not know',
    );
    const keywords = manifest.keywords ?? [];
    assert.ok(
      keywords.length > 0 && keywords.length <= MAX_KEYWORDS,
      `1 to ${MAX_KEYWORDS} keywords, not ${keywords.length}`,
    );
    assert.equal(new Set(keywords.map((keyword) => keyword.toLowerCase())).size, keywords.length, 'no keyword twice');
    assert.match(repositoryUrl(), /^https:\/\/github\.com\/[^/]+\/[^/]+?(\.git)?$/);
    assert.match(manifest.bugs?.url ?? '', /^https:\/\//);
    assert.match(manifest.homepage ?? '', /^https:\/\//);
    assert.doesNotMatch(
      manifest.scripts.package,
      /--allow-missing-repository/,
      'the repository field makes the bypass needless',
    );
  });

  describe('npm run package', function () {
    this.timeout(180_000);
    let packaged: PackagedExtension;
    let entries: ZipEntry[];

    before(() => {
      packaged = packageExtensionWithOutput();
      entries = zipEntries(packaged.vsix);
      const kb = (packaged.bytes / 1024).toFixed(0);
      console.log(`      vsix: ${kb} KB (${packaged.bytes} bytes, ${entries.length} entries)`);
    });

    it('gives no warning', () => {
      const warnings = packaged.output.split(/\r?\n/).filter((line) => /warn/i.test(line));
      assert.deepEqual(
        warnings,
        [],
        `npm run package warned:\n${warnings.join('\n')}\n\nIts whole output:\n${packaged.output}`,
      );
    });

    it('makes a .vsix under 1 MB', () => {
      assert.ok(packaged.bytes < MAX_VSIX_BYTES, `the .vsix is ${packaged.bytes} bytes, at or over ${MAX_VSIX_BYTES}`);
    });

    it('ships neither screenshots, sources, tests, docs, node_modules, the host cache nor source maps', () => {
      const shipped = entries.map((entry) => entry.name).filter((name) => NEVER_SHIPPED.test(name));
      assert.deepEqual(shipped, [], `files that must not ship:\n${shipped.join('\n')}`);
    });

    it('ships the icon, the entry point, the localised contributions and the marketplace README', () => {
      const names = new Set(entries.map((entry) => entry.name));
      const wanted = [
        'extension/package.json',
        `extension/${manifest.icon}`,
        `extension/${path.posix.normalize(manifest.main)}`,
        'extension/package.nls.json',
        'extension/readme.md',
      ];
      if (manifest.l10n !== undefined) {
        wanted.push(`extension/${path.posix.join(manifest.l10n, 'bundle.l10n.json')}`);
      }
      assert.deepEqual(
        wanted.filter((name) => !names.has(name)),
        [],
        'missing from the .vsix',
      );
    });

    it('gives the marketplace a README whose links are absolute, those into the repository naming files it has', () => {
      const readme = entries.find((entry) => entry.name === 'extension/readme.md');
      assert.ok(readme, 'the .vsix has a readme.md');
      const text = readme.read().toString('utf8');
      const targets = [...text.matchAll(/\]\(\s*<?([^)\s>]+)/g), ...text.matchAll(/\bsrc="([^"]+)"/g)].map(
        (match) => match[1],
      );
      // vsce rewrites a relative link to <repository>/blob/HEAD/<path> and an image to <repository>/raw/HEAD/<path>:
      // the screenshots stay out of the .vsix and are read from the repository.
      const inRepository = new RegExp(
        `^${repositoryUrl()
          .replace(/\.git$/, '')
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:raw|blob)/HEAD/(.+)$`,
      );
      const broken = targets.filter((target) => {
        const file = inRepository.exec(target)?.[1];
        return file === undefined
          ? !/^(https:\/\/|mailto:|#)/.test(target)
          : !fs.existsSync(path.join(PROJECT_ROOT, decodeURIComponent(file)));
      });
      assert.deepEqual(broken, [], 'links of the packaged README that are relative or name no file of the repository');
    });
  });
});
