/**
 * `npx tsx test/host/renderIcon.ts`: renders the marketplace icon, media/icon.png (128×128),
 * from the activity-bar glyph in media/affiliate-links.svg, drawn white on a rounded square in
 * the extension's colour, with Debian's Chromium (test/host/chromium.ts). Run it again when the
 * glyph or the colour changes and commit the PNG; package.json's galleryBanner uses ICON_DARK.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from './chromium';
import { PROJECT_ROOT } from './hostPaths';

const SIZE = 128;
const GLYPH_FILE = path.join(PROJECT_ROOT, 'media/affiliate-links.svg');
const ICON_FILE = path.join(PROJECT_ROOT, 'media/icon.png');
/** The square's gradient, top left to bottom right; ICON_DARK is also the gallery banner's colour. */
const ICON_LIGHT = '#1AA384';
const ICON_DARK = '#0B5E4D';

/** The glyph's shapes: what is inside the <svg> element of the activity-bar icon (24×24 units). */
function glyphShapes(svg: string): string {
  const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg);
  if (!inner) {
    throw new Error(`${GLYPH_FILE} holds no <svg> element`);
  }
  return inner[1].trim();
}

function iconSvg(shapes: string): string {
  // The 24-unit glyph scaled to 84 px and centred; its stroke a little heavier than in the activity bar.
  const scale = 3.5;
  const offset = (SIZE - 24 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <linearGradient id="square" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${ICON_LIGHT}"/>
      <stop offset="1" stop-color="${ICON_DARK}"/>
    </linearGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" rx="26" fill="url(#square)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="#FFFFFF" stroke-width="2.3" stroke-linejoin="round">
    ${shapes}
  </g>
</svg>`;
}

async function main(): Promise<void> {
  const svg = iconSvg(glyphShapes(fs.readFileSync(GLYPH_FILE, 'utf8')));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
    fs.writeFileSync(ICON_FILE, png);
    console.log(
      `renderIcon: wrote ${path.relative(PROJECT_ROOT, ICON_FILE)} (${SIZE}×${SIZE}, ${png.length} bytes; banner colour ${ICON_DARK})`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
