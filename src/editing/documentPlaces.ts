/**
 * What each place of an open document is to a link written there (code, a tag, a destination, text), read
 * with link health's line scanner kept per document: a paste or a completion after an edit reads only the
 * lines that changed.
 */
import type * as vscode from 'vscode';
import { DocumentLinkScanner } from '../health/documentLinks';
import { InlineReader } from '../health/inlineRegions';
import { destinationTyping, type DestinationTyping } from '../writing/destinationCompletion';
import { markupOf, placeAt, type PlaceKind } from '../writing/pasteContext';
import type { PasteRange } from '../writing/pasteEdits';

export class DocumentPlaces {
  private readonly scanners = new WeakMap<vscode.TextDocument, DocumentLinkScanner>();
  private readonly reader = new InlineReader();

  /** What each position is, in the document as it is now. */
  placesOf(document: vscode.TextDocument, positions: ReadonlyArray<{ line: number; character: number }>): PlaceKind[] {
    if (markupOf(document.languageId) === undefined) {
      return positions.map(() => ({ kind: 'text' }));
    }
    const scans = this.scannerOf(document).scanLines(document.getText());
    return positions.map((position) =>
      placeAt(scans, document.languageId, position.line, position.character, this.reader),
    );
  }

  /** The ranges a paste goes into, as `planPaste` reads them: offsets, the place of each start, the text selected. */
  pasteRangesOf(document: vscode.TextDocument, ranges: readonly vscode.Range[]): PasteRange[] {
    const places = this.placesOf(
      document,
      ranges.map((range) => range.start),
    );
    return ranges.map((range, i) => ({
      start: document.offsetAt(range.start),
      end: document.offsetAt(range.end),
      place: places[i]!,
      selected: document.getText(range),
    }));
  }

  /** The link destination the cursor at `position` is typing in (outside code), or undefined. */
  destinationAt(document: vscode.TextDocument, position: vscode.Position): DestinationTyping | undefined {
    const language = markupOf(document.languageId);
    if (language === undefined) {
      return undefined;
    }
    const typing = destinationTyping(document.lineAt(position.line).text.slice(0, position.character), language);
    if (typing === undefined) {
      return undefined;
    }
    const [place] = this.placesOf(document, [{ line: position.line, character: typing.start }]);
    return place?.kind === 'destination' ? typing : undefined;
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
