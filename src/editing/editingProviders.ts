/** Paste, drop and completion in the writer's flow, registered for the languages links are written in. */
import * as vscode from 'vscode';
import type { CatalogSearch } from '../controllers/merchantSearchIndex';
import type { MerchantLinkIndex } from '../controllers/merchantLinkIndex';
import { LINK_LANGUAGES } from '../links/linkLanguages';
import { AffiliatePasteProvider } from './affiliatePasteProvider';
import { DocumentPlaces } from './documentPlaces';
import { COMPLETION_TRIGGERS, MerchantCompletionProvider } from './merchantCompletionProvider';

/** The providers; what they hold goes with the returned disposables. */
export function registerEditingProviders(deps: {
  links: MerchantLinkIndex;
  search: CatalogSearch;
  log: vscode.LogOutputChannel;
}): { paste: AffiliatePasteProvider; completion: MerchantCompletionProvider; disposables: vscode.Disposable[] } {
  const selector = LINK_LANGUAGES.map((language) => ({ language }));
  const places = new DocumentPlaces();
  const paste = new AffiliatePasteProvider(deps.links, places, deps.log);
  const completion = new MerchantCompletionProvider(deps.search, places, deps.log);
  const disposables = [
    vscode.languages.registerDocumentPasteEditProvider(selector, paste, {
      providedPasteEditKinds: AffiliatePasteProvider.kinds,
      pasteMimeTypes: AffiliatePasteProvider.pasteMimeTypes,
    }),
    vscode.languages.registerDocumentDropEditProvider(selector, paste, {
      providedDropEditKinds: AffiliatePasteProvider.kinds,
      dropMimeTypes: AffiliatePasteProvider.dropMimeTypes,
    }),
    vscode.languages.registerCompletionItemProvider(
      selector.filter(({ language }) => language !== 'plaintext'),
      completion,
      ...COMPLETION_TRIGGERS,
    ),
  ];
  return { paste, completion, disposables };
}
