/** Debian's Chromium, headless, driven by playwright-core: no browser download. */
import { chromium, type Browser } from 'playwright-core';
import fs from 'node:fs';
import { CHROMIUM } from './hostPaths';

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM}: run test/host/install-code-server.sh (it installs Debian's chromium).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}
