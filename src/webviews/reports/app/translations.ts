/**
 * The panel's words in VS Code's display language. Every word the app shows goes through
 * `l10n.t` from `@vscode/l10n`; the translations come with the page: the host writes
 * `vscode.l10n.bundle` into a `<script type="application/json">` element (host/panelHtml.ts),
 * and `configureTranslations` gives it to `@vscode/l10n` before anything is drawn. In English
 * there is no such element and `l10n.t` gives back the text as written.
 *
 * So that a word is never read before that, `l10n.t` is called only when something is drawn,
 * never when a module loads (test/unit/webviewTranslations.test.ts checks it).
 */
import * as l10n from '@vscode/l10n';
import type { TranslationsElementId } from '../protocol';

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
