/**
 * Completion in a link's destination (Markdown's `](…)`, HTML's `href="…"`): the active merchants matching
 * what is typed, by Find Merchant's search; choosing one inserts its tracking link with the article's SubID.
 * From the catalog in memory: no request.
 */
import * as vscode from 'vscode';
import type { CatalogSearch } from '../controllers/merchantSearchIndex';
import { merchantDescription } from '../catalog/present/merchantFormat';
import { deeplinkOptionsFor, readEditingSettings } from '../settings/linkSettings';
import { destinationChoices } from '../writing/destinationCompletion';
import type { DocumentPlaces } from './documentPlaces';

/** The characters that open a destination: `(` of `](`, the quote of `href="`, and `<` of `](<`. */
export const COMPLETION_TRIGGERS = ['(', '"', "'", '<'];

export class MerchantCompletionProvider implements vscode.CompletionItemProvider {
  constructor(
    private readonly search: CatalogSearch,
    private readonly places: DocumentPlaces,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionList | undefined {
    const started = performance.now();
    // Only in a destination (a line's text tried first): the search index is not even asked for elsewhere.
    const typing = this.places.destinationAt(document, position);
    if (typing === undefined) {
      return undefined;
    }
    const editing = readEditingSettings(document);
    const search = editing.completionEnabled ? this.search.current() : undefined;
    if (search === undefined) {
      return undefined;
    }
    const settings = deeplinkOptionsFor(document);
    if (!settings.ok) {
      this.log.warn(`Completion: no merchant offered: ${settings.message}`);
      return undefined;
    }
    const { choices, refused } = destinationChoices(search, typing, {
      deeplink: settings.options,
      cpc: editing.completionCpc,
    });
    if (refused !== undefined) {
      this.log.debug(`Completion: a merchant was left out: ${refused}`);
    }
    const range = new vscode.Range(position.line, typing.start, position.line, position.character);
    const items = choices.map((choice, rank) => {
      const item = new vscode.CompletionItem(
        { label: choice.ref.merchant.name, description: merchantDescription(choice.ref.merchant) },
        vscode.CompletionItemKind.Reference,
      );
      item.insertText = choice.text;
      item.range = range;
      // What is typed matches every item: the order is the search's, not VS Code's own filter's.
      item.filterText = typing.typed;
      item.sortText = String(rank).padStart(4, '0');
      item.detail = choice.link;
      return item;
    });
    this.log.debug(
      `Completion: ${items.length} merchants for "${typing.typed}" in ${(performance.now() - started).toFixed(1)} ms.`,
    );
    // Asked again as the person types: the search ranks, VS Code only shows.
    return new vscode.CompletionList(items, true);
  }
}
