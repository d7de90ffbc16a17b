/**
 * The report panel as an e2e scenario sees it: the webview app's frame inside the workbench,
 * and what a person does there (choose in a select, click a header, read a figure). The app
 * marks its parts with `data-testid` attributes (src/webviews/reports/app/).
 */
import type { Frame, Locator } from 'playwright-core';
import type { Workbench } from './workbench';

export const REPORTS_TITLE = 'Reports';

export class ReportPanel {
  private constructor(readonly frame: Frame) {}

  /** The panel's frame, once its app shows something: figures, an error, progress or the empty state. */
  static async find(workbench: Workbench, timeoutMs = 60_000): Promise<ReportPanel> {
    const frame = await workbench.webviewFrame(REPORTS_TITLE, timeoutMs);
    const panel = new ReportPanel(frame);
    const shown = ['summary', 'error', 'progress', 'empty'].map((id) => `[data-testid="${id}"]:visible`).join(', ');
    await frame.locator(shown).first().waitFor({ timeout: timeoutMs });
    return panel;
  }

  byId(testId: string): Locator {
    return this.frame.locator(`[data-testid="${testId}"]`);
  }

  /** Waits for the chart to be drawn (the app sets `data-drawn` after its first draw). */
  async chartDrawn(timeoutMs = 60_000): Promise<void> {
    await this.frame.locator('[data-testid="chart"][data-drawn]').waitFor({ timeout: timeoutMs });
  }

  /** The raw number of a summary figure (`data-value`), once it shows. */
  async figure(id: string, timeoutMs = 60_000): Promise<number> {
    const figure = this.byId(`figure-${id}`);
    await figure.waitFor({ timeout: timeoutMs });
    return Number(await figure.getAttribute('data-value'));
  }

  /**
   * Chooses `value` in a vscode-single-select (a custom element with its own shadow DOM): sets
   * its value and dispatches `change`, as its own list does when a person picks an option.
   */
  async choose(testId: string, value: string): Promise<void> {
    const select = this.byId(testId);
    await select.waitFor();
    // The choices come with the first snapshot: a value the select does not offer yet would be lost.
    if (value !== '') {
      await select.locator(`option[value="${value}"]`).waitFor({ state: 'attached', timeout: 30_000 });
    }
    await select.evaluate((element, chosen) => {
      (element as unknown as { value: string }).value = chosen;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    }, value);
  }

  async selected(testId: string): Promise<string> {
    return this.byId(testId).evaluate((element) => (element as unknown as { value: string }).value);
  }

  /**
   * Shows every period change on screen as going `direction` (the class the app gives it) while `look`
   * runs, then gives each its own class back: the sandbox's periods may all go up, and each direction
   * has its own colour to be read on the figure's card.
   */
  async withChangesShownAs<T>(direction: 'up' | 'down' | 'same' | 'new', look: () => Promise<T>): Promise<T> {
    // Strings, evaluated in the frame: this file is compiled without the DOM library.
    await this.frame.evaluate(`document.querySelectorAll('.figure-change').forEach((change) => {
      change.dataset.shownClass ??= change.className;
      change.className = 'figure-change change-' + ${JSON.stringify(direction)};
    })`);
    try {
      return await look();
    } finally {
      await this.frame.evaluate(`document.querySelectorAll('.figure-change').forEach((change) => {
        change.className = change.dataset.shownClass ?? change.className;
        delete change.dataset.shownClass;
      })`);
    }
  }

  /** The body rows in the DOM now (the grid is virtualized: a window of the rows). */
  rows(): Locator {
    return this.byId('row');
  }

  /** The cells' texts of the `index`th body row in the DOM. */
  async rowCells(index: number): Promise<string[]> {
    return (await this.rows().nth(index).locator('[role="gridcell"]').allTextContents()).map((text) => text.trim());
  }
}
