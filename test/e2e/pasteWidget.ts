/**
 * What a writer does with the editor's paste and completion in the workbench: Ctrl+V (a real key press, the
 * only way in code-server to the browser's paste event and so to the paste providers: `editor.action.pasteAs`
 * reads nothing from the browser's clipboard there), the post-paste widget's options, the suggest widget.
 * Selectors are VS Code's own class names.
 */
import type { Locator } from 'playwright-core';
import type { Workbench } from './workbench';

/** The post-paste widget's button ("Show paste options..."), shown at the end of what was pasted. */
export function pasteWidgetButton(workbench: Workbench): Locator {
  return workbench.page.locator('.monaco-editor .post-edit-widget').first();
}

/** The rows of the action list the post-paste widget opens, one per paste edit. */
export function pasteOptions(workbench: Workbench): Locator {
  return workbench.page.locator('.action-widget .monaco-list-row.action');
}

/** Puts `text` on the browser's clipboard (as text/plain) and presses Ctrl+V in the focused editor. */
export async function pasteText(workbench: Workbench, text: string): Promise<void> {
  await workbench.page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
  await workbench.page.keyboard.press('Control+V');
}

/**
 * Pastes `text` and opens the post-paste widget's options, until they list `option`. The extension reads its
 * catalog from the cache as the window loads, and a paste before that gets the plain text alone (and no
 * widget): that paste is undone and tried again. Returns the option's row.
 */
export async function pasteUntilOffered(
  workbench: Workbench,
  text: string,
  option: string,
  timeoutMs = 60_000,
): Promise<Locator> {
  const page = workbench.page;
  const row = pasteOptions(workbench).filter({ hasText: option }).first();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await pasteText(workbench, text);
    const button = pasteWidgetButton(workbench);
    const shown = await button.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (shown) {
      await button.click();
      if (
        await row.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      ) {
        return row;
      }
      await page.keyboard.press('Escape');
    }
    if (Date.now() > deadline) {
      throw new Error(`the paste widget never offered "${option}"`);
    }
    await page.keyboard.press('Control+Z');
    await page.waitForTimeout(1_000);
  }
}

/**
 * Moves the focus in the open options (or suggestions) down to `row`, by keyboard: the action list takes the
 * focus as it opens, on the edit in place, and a click would meet the pointer block VS Code lays over the
 * window until the mouse moves.
 */
export async function focusRow(workbench: Workbench, row: Locator, what: string): Promise<void> {
  for (let step = 0; step < 60; step++) {
    if (((await row.getAttribute('class')) ?? '').split(/\s+/).includes('focused')) {
      return;
    }
    await workbench.page.keyboard.press('ArrowDown');
  }
  throw new Error(`the focus never reached ${what}`);
}

/** The suggest widget's row labelled `label`. */
export function suggestion(workbench: Workbench, label: string): Locator {
  return workbench.page.locator('.editor-widget.suggest-widget .monaco-list-row', { hasText: label }).first();
}
