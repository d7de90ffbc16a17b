/** The site's open documents: each read from its text by a scanner of its own, which reuses its unchanged lines. */
import type * as vscode from 'vscode';
import { Delayer } from '../common/delayer';
import { Disposable } from '../common/lifecycle';
import { DocumentLinkScanner, type DocumentLinks } from '../health/documentLinks';
import { healthLanguageOf } from '../health/healthCodes';

/** How long after an edit its document is read: a burst of keystrokes is read once. */
const EDIT_DELAY_MS = 30;

export class SiteDocuments extends Disposable {
  private readonly scanners = new Map<string, DocumentLinkScanner>();
  private readonly edited = new Set<vscode.TextDocument>();
  private readonly editLater = this._register(new Delayer(EDIT_DELAY_MS));

  /** Whether the file is open: its document, not the disk, is then the truth. */
  isOpen(key: string): boolean {
    return this.scanners.has(key);
  }

  /** The document's links as its text is now. */
  linksOf(document: vscode.TextDocument, text = document.getText()): DocumentLinks {
    const key = document.uri.toString();
    let scanner = this.scanners.get(key);
    if (scanner === undefined || scanner.language !== healthLanguageOf(document.languageId)) {
      scanner = new DocumentLinkScanner(document.languageId);
      this.scanners.set(key, scanner);
    }
    return scanner.scan(text);
  }

  /** Hands the documents edited meanwhile (and still open) to `read`, a moment after the last edit. */
  changed(document: vscode.TextDocument, read: (documents: vscode.TextDocument[]) => void): void {
    this.edited.add(document);
    this.editLater.trigger(() => {
      const documents = [...this.edited].filter((pending) => !pending.isClosed);
      this.edited.clear();
      read(documents);
    });
  }

  /** Forgets a closed document; true when it was the site's. */
  closed(document: vscode.TextDocument): boolean {
    this.edited.delete(document);
    return this.scanners.delete(document.uri.toString());
  }
}
