/**
 * The README's screenshots (taken by test/e2e/screenshots.e2e.ts, linkHealth.e2e.ts, revenueAtRisk.e2e.ts and paste.e2e.ts with UPDATE_README_SCREENSHOTS=1)
 * are committed, small, all shown: the README shows each feature in light and dark, the
 * marketplace README in dark, and no file in media/screenshots/ is left unshown.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { README_FEATURES, README_SCREENSHOT_DIR, README_THEMES } from '../e2e/readmeScreenshots';

const ROOT = path.resolve(__dirname, '../..');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_BYTES = 200 * 1024;

const expected = README_FEATURES.flatMap((feature) => README_THEMES.map((theme) => `${feature}-${theme.name}.png`));

/** The images a Markdown file shows: `![…](src)`, `<img src>` and `<source srcset>`. */
function imagesOf(markdown: string): string[] {
  const found = [...markdown.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
  found.push(...[...markdown.matchAll(/<(?:img|source)\b[^>]*\b(?:src|srcset)="([^"]+)"/g)].map((match) => match[1]!));
  return found;
}

describe('the README screenshots', () => {
  it('are in media/screenshots/ for every feature in light and dark, each a PNG under 200 KB', () => {
    for (const name of expected) {
      const file = path.join(README_SCREENSHOT_DIR, name);
      assert.ok(
        fs.existsSync(file),
        `${name} is missing: run UPDATE_README_SCREENSHOTS=1 npm run test:e2e -- --grep "README screenshots"`,
      );
      const bytes = fs.readFileSync(file);
      assert.deepEqual(bytes.subarray(0, 8), PNG_SIGNATURE, `${name} is a PNG`);
      assert.ok(bytes.length < MAX_BYTES, `${name} is ${Math.round(bytes.length / 1024)} KB: crop it smaller`);
    }
    assert.deepEqual(
      fs.readdirSync(README_SCREENSHOT_DIR).sort(),
      [...expected].sort(),
      'no other file in media/screenshots/',
    );
  });

  it('are all shown by the README, each feature in light and dark, and every image it shows exists', () => {
    const images = imagesOf(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
    for (const name of expected) {
      assert.ok(images.includes(`media/screenshots/${name}`), `README.md shows ${name}`);
    }
    for (const image of images.filter((src) => !/^\w+:/.test(src))) {
      assert.ok(fs.existsSync(path.join(ROOT, image)), `README.md shows ${image}, which exists`);
    }
  });

  it('are shown by the marketplace README in dark, from the repository root (vsce makes them absolute)', () => {
    const images = imagesOf(fs.readFileSync(path.join(ROOT, 'docs/marketplace-readme.md'), 'utf8'));
    for (const feature of README_FEATURES) {
      assert.ok(
        images.includes(`/media/screenshots/${feature}-dark.png`),
        `docs/marketplace-readme.md shows ${feature}-dark.png`,
      );
    }
    for (const image of images.filter((src) => !/^\w+:/.test(src))) {
      assert.ok(
        image.startsWith('/') && fs.existsSync(path.join(ROOT, image)),
        `docs/marketplace-readme.md shows ${image} from the root, and it exists`,
      );
    }
  });
});
