/**
 * The panel's words in VS Code's display language: the translations the host writes into the page, given to
 * `@vscode/l10n` before anything is drawn.
 */
import * as l10n from '@vscode/l10n';
import type { TranslationsElementId } from '../../../reports/panel/protocol';

/** The element host/panelHtml.ts writes the translations into. */
export const TRANSLATIONS_ELEMENT_ID: TranslationsElementId = 'l10n-bundle';

/** The part of the page read here (a `Document`, or a stand-in in the unit tests). */
export interface TranslationsSource {
  getElementById(id: string): { readonly textContent: string | null } | null;
}

/**
 * Reads the page's translations and configures `@vscode/l10n` with them, once, at start; does
 * nothing without them. A bundle that cannot be read is reported (`problem`) and the panel
 * stays in English.
 */
// `l10n.t` is called only when something is drawn, never when a module loads (test/unit/webviewTranslations.test.ts).
export function configureTranslations(page: TranslationsSource, problem: (message: string) => void): void {
  const text = page.getElementById(TRANSLATIONS_ELEMENT_ID)?.textContent;
  if (text === null || text === undefined) {
    return;
  }
  let contents: unknown;
  try {
    contents = JSON.parse(text);
  } catch (error) {
    problem(
      `The page's translations are not JSON (${error instanceof Error ? error.message : String(error)}); the panel shows English.`,
    );
    return;
  }
  if (typeof contents !== 'object' || contents === null || Array.isArray(contents)) {
    problem("The page's translations are not an object of messages; the panel shows English.");
    return;
  }
  l10n.config({ contents: contents as l10n.l10nJsonFormat });
}
