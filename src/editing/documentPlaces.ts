/**
 * What each place of an open document is to a link written there (code, a tag, a destination, text), read
 * with link health's line scanner kept per document: a paste or a completion after an edit reads only the
 * lines that changed.
 */
import type * as vscode from 'vscode';
import { DocumentLinkScanner } from '../health/documentLinks';
import { InlineReader } from '../health/inlineRegions';
import { markupOf, placeAt, type PlaceKind } from '../writing/pasteContext';

export class DocumentPlaces {
  private readonly scanners = new WeakMap<vscode.TextDocument, DocumentLinkScanner>();
  private readonly reader = new InlineReader();

  /** What each position is, in the document as it is now. */
  placesOf(document: vscode.TextDocument, positions: readonly vscode.Position[]): PlaceKind[] {
    if (markupOf(document.languageId) === undefined) {
      return positions.map(() => ({ kind: 'text' }));
    }
    const scans = this.scannerOf(document).scanLines(document.getText());
    return positions.map((position) =>
      placeAt(scans, document.languageId, position.line, position.character, this.reader),
    );
  }

  private scannerOf(document: vscode.TextDocument): DocumentLinkScanner {
    let scanner = this.scanners.get(document);
    if (scanner === undefined || scanner.language !== markupOf(document.languageId)) {
      scanner = new DocumentLinkScanner(document.languageId);
      this.scanners.set(document, scanner);
    }
    return scanner;
  }
}
