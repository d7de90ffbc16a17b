/**
 * The browser's keyboard, lent to the integration suite in the server host: in code-server a paste's providers
 * run only on the browser's own paste event (a real Ctrl+V), which no command of the extension host can fire —
 * `editor.action.clipboardPasteAction` and `editor.action.pasteAs` fall back to a plain text paste there, since
 * the browser's clipboard service cannot trigger a paste. The suite asks this loopback server to press keys.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

export interface HostKeyboard {
  /**
   * `http://127.0.0.1:<port>`: GET `/press?keys=Control+V` presses the keys on the page, `/type?text=` types,
   * `/clipboard?text=&html=` puts text (and HTML) on the browser's clipboard; each answers 204.
   */
  readonly url: string;
  /** The page whose keyboard is lent, once it is open. */
  usePage(page: Page): void;
  close(): Promise<void>;
}

/**
 * Ctrl+V as Chromium's own shortcut handling makes it: the key with the editing command `paste`, which reads the
 * browser's clipboard and fires the paste event. A key event alone (`keyboard.press`) carries no command on Linux,
 * so it would paste nothing.
 */
async function pasteKeys(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const key = { key: 'v', code: 'KeyV', windowsVirtualKeyCode: 86, modifiers: 2 };
    await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key, commands: ['paste'] });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
  } finally {
    await cdp.detach();
  }
}

/**
 * `text` (and `html`, as `text/html`) on the browser's clipboard, which a real paste reads: the extension host's
 * `env.clipboard` is kept in memory by the workbench under test and never reaches it.
 */
async function putOnClipboard(page: Page, text: string, html: string | undefined): Promise<void> {
  // A string, not a function: this file is compiled for Node, without the DOM's types.
  await page.evaluate(
    `(async ([plain, rich]) => {
      const items = { 'text/plain': new Blob([plain], { type: 'text/plain' }) };
      if (rich !== null) items['text/html'] = new Blob([rich], { type: 'text/html' });
      await navigator.clipboard.write([new ClipboardItem(items)]);
    })(${JSON.stringify([text, html ?? null])})`,
  );
}

export async function startHostKeyboard(): Promise<HostKeyboard> {
  let page: Page | undefined;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const keys = url.searchParams.get('keys');
    const text = url.searchParams.get('text');
    if (page !== undefined && url.pathname === '/clipboard' && text !== null) {
      putOnClipboard(page, text, url.searchParams.get('html') ?? undefined).then(
        () => res.writeHead(204).end(),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
      return;
    }
    if (page === undefined || (url.pathname !== '/press' && url.pathname !== '/type')) {
      res.writeHead(404).end();
      return;
    }
    const done =
      url.pathname === '/press' && keys === 'Control+V'
        ? pasteKeys(page)
        : url.pathname === '/press' && keys !== null
          ? page.keyboard.press(keys)
          : url.pathname === '/type' && text !== null
            ? page.keyboard.type(text)
            : Promise.reject(new Error('give keys (/press) or text (/type)'));
    done.then(
      () => res.writeHead(204).end(),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    usePage: (lent) => (page = lent),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
