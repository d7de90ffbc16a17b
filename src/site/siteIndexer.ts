/**
 * Keeps the site's link index: a first scan in time slices after start (cancellable), the watchers' files
 * read again, open documents from their text with per-line reuse; saved per workspace a while after changes.
 */
import * as vscode from 'vscode';
import { Delayer } from '../common/delayer';
import { Disposable, MutableDisposable, type IDisposable } from '../common/lifecycle';
import type { DocumentLinks } from '../health/documentLinks';
import { indexedTextOf, SiteIndex, type IndexedFile, type SiteTextReader } from '../health/siteIndex';
import { SiteFolderFiles } from './siteFiles';
import type { SiteIndexFile } from './siteIndexFile';
import { HOST_CLOCK } from '../common/timeSlices';
import { readIntoIndex } from './siteIndexReads';
import { SiteDocuments } from './siteDocuments';
import { SiteWatchers } from './siteWatchers';

/** What an index entry depends on besides the file (disclosure phrases, front matter keys), named by `readKey`. */
export interface SiteReader extends SiteTextReader {
  readKey: string;
}

export type SiteScanState =
  | { kind: 'waiting' }
  | { kind: 'scanning'; done: number; total: number }
  | { kind: 'ready'; files: number }
  | { kind: 'stopped'; files: number };

/** Changed entries by URI, or every entry. */
export type SiteChange = readonly string[] | 'all';

const HEALTH_LANGUAGES = new Set(['markdown', 'mdx', 'html']);

/** How long after a scan with new watchers the site is checked again (they miss what changes as they start). */
export const WATCHERS_SETTLE_MS = 2_000;

export class SiteIndexer extends Disposable {
  private index: SiteIndex | undefined;
  private reader: SiteReader | undefined;
  private folders: SiteFolderFiles[] = [];
  private readonly documents = this._register(new SiteDocuments());
  private readonly pendingDisk = new Map<string, vscode.Uri>();
  private readonly readLater = this._register(new Delayer(100));
  private readonly saveLater = this._register(new Delayer(2_000));
  private readonly recheckLater = this._register(new Delayer(WATCHERS_SETTLE_MS));
  /** False while the watchers are new and no scan has checked the site again since they started. */
  private settled = false;
  /** The scan under way: cancelled when another starts, when stopped and with the indexer. */
  private readonly scan = new MutableDisposable<IDisposable & { readonly token: vscode.CancellationToken }>();
  private readonly changed = this._register(new vscode.EventEmitter<SiteChange>());
  readonly onDidChange = this.changed.event;
  private readonly stateChanged = this._register(new vscode.EventEmitter<SiteScanState>());
  readonly onDidChangeState = this.stateChanged.event;
  private stateNow: SiteScanState = { kind: 'waiting' };
  private readonly watchers = this._register(
    new SiteWatchers({
      changed: (uri) => this.fileChanged(uri),
      deleted: (uri) => this.fileDeleted(uri),
      relist: () => this.reader && void this.start(this.reader, true),
    }),
  );
  /** While the site is listed: the files created or changed meanwhile, which the listing may miss. */
  private listing: Map<string, vscode.Uri> | undefined;

  constructor(
    private readonly file: SiteIndexFile,
    private readonly include: () => string[],
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(vscode.workspace.onDidOpenTextDocument((document) => this.documentChanged(document)));
    this._register(vscode.workspace.onDidChangeTextDocument((event) => this.documentChanged(event.document)));
    this._register(vscode.workspace.onDidCloseTextDocument((document) => this.documentClosed(document)));
    this._register(this.scan);
  }

  get state(): SiteScanState {
    return this.stateNow;
  }

  get(uri: string): IndexedFile | undefined {
    return this.index?.get(uri);
  }

  entries(): IndexedFile[] {
    return this.index?.entries() ?? [];
  }

  /** The document's links as its text is now (its scanner reuses the unchanged lines), for the fixes. */
  documentLinksOf(document: vscode.TextDocument): DocumentLinks | undefined {
    return this.isSiteDocument(document) ? this.documents.linksOf(document) : undefined;
  }

  /**
   * Scans the site with `reader`: all of it the first time or when its key changed (what was saved
   * under the same key is kept when size and mtime match), else just takes the reader.
   */
  async start(reader: SiteReader, rescan = false): Promise<void> {
    const first = this.index === undefined;
    const sameKey = this.reader?.readKey === reader.readKey;
    this.reader = reader;
    if (!first && sameKey && !rescan) {
      return;
    }
    const source = new vscode.CancellationTokenSource();
    const scan = {
      token: source.token,
      dispose: () => {
        source.cancel();
        source.dispose();
      },
    };
    this.scan.value = scan; // the scan before it stops
    this.setState({ kind: 'scanning', done: 0, total: 0 });
    const started = performance.now();
    // Files created or changed while the site is listed: the listing may have missed them.
    const touched = new Map<string, vscode.Uri>();
    this.listing = touched;
    if (first) {
      this.index = await this.file.load(reader.readKey);
    } else if (!sameKey) {
      this.index = new SiteIndex(reader.readKey);
    }
    const index = this.index!;
    const folders = await Promise.all(
      (vscode.workspace.workspaceFolders ?? []).map((folder) => SiteFolderFiles.read(folder, this.include())),
    );
    if (this.scan.value !== scan) {
      return; // a later start (a .gitignore's create and change events come in pairs) read the newer rules
    }
    this.folders = folders;
    if (this.watchers.watch(folders)) {
      this.settled = false;
    }
    const found = (await Promise.all(this.folders.map((folder) => folder.find(source.token)))).flat();
    if (this.listing === touched) {
      this.listing = undefined;
    }
    if (source.token.isCancellationRequested) {
      return;
    }
    const late = [...touched.values()].filter((uri) => this.folders.some((folder) => folder.contains(uri)));
    const uris = [...new Map([...found, ...late].map((uri) => [uri.toString(), uri])).values()];
    const open = vscode.workspace.textDocuments.filter((document) => this.isSiteDocument(document));
    const present = new Set([...uris, ...open.map((document) => document.uri)].map((uri) => uri.toString()));
    index.keepOnly(present);
    open.forEach((document) => this.indexDocument(document, false));
    const onDisk = uris.filter((uri) => !this.documents.isOpen(uri.toString()));
    const outcome = await this.readFromDisk(onDisk, source.token, (done, total) =>
      this.setState({ kind: 'scanning', done, total }),
    );
    const files = index.size;
    this.log.info(
      `Link health: ${outcome.cancelled ? 'stopped reading' : 'read'} the site (${files} files, ${outcome.read} read, ${outcome.failed} unreadable) in ${(performance.now() - started).toFixed(0)} ms.`,
    );
    this.setState(outcome.cancelled ? { kind: 'stopped', files } : { kind: 'ready', files });
    this.changed.fire('all');
    this.saveSoon();
    if (!outcome.cancelled && !this.settled) {
      this.recheckLater.trigger(() => void this.recheck(source.token));
    }
  }

  /**
   * Lists and stats the site again once the watchers run: they miss what changes while they start (after
   * a window's reload, a file saved just after the scan read it kept its old findings). Only what
   * changed is read, and only changed files fire.
   */
  private async recheck(token: vscode.CancellationToken): Promise<void> {
    const found = (await Promise.all(this.folders.map((folder) => folder.find(token)))).flat();
    if (token.isCancellationRequested || this.index === undefined) {
      return;
    }
    const listed = new Set(found.map((uri) => uri.toString()));
    this.forget(
      this.entries()
        .map((file) => file.path)
        .filter((path) => !listed.has(path)),
    );
    found.forEach((uri) => this.pendingDisk.set(uri.toString(), uri));
    const changed = await this.readPending();
    this.settled = !token.isCancellationRequested;
    this.log.info(
      `Link health: checked the site's ${found.length} files again once its watchers ran: ${changed} changed.`,
    );
  }

  /** Stops the scan under way, keeping what it read. */
  stopScan(): void {
    this.scan.clear();
  }

  private setState(state: SiteScanState): void {
    this.stateNow = state;
    this.stateChanged.fire(state);
  }

  private readFromDisk(uris: vscode.Uri[], token: vscode.CancellationToken, progress?: (d: number, t: number) => void) {
    return readIntoIndex(uris, {
      index: this.index!,
      reader: () => this.reader,
      isOpen: (key) => this.documents.isOpen(key),
      log: this.log,
      token,
      progress,
    });
  }

  private fileChanged(uri: vscode.Uri): void {
    this.listing?.set(uri.toString(), uri);
    if (this.index === undefined || !this.folders.some((folder) => folder.contains(uri))) {
      return;
    }
    this.pendingDisk.set(uri.toString(), uri);
    this.readLater.trigger(() => void this.readPending());
  }

  private fileDeleted(uri: vscode.Uri): void {
    const key = uri.toString();
    this.forget(
      this.entries()
        .map((file) => file.path)
        .filter((path) => path === key || path.startsWith(`${key}/`)),
    );
  }

  /** Drops the entries of files no longer on disk (an open document's stays: its text is the truth). */
  private forget(paths: readonly string[]): void {
    const gone = paths.filter((path) => !this.documents.isOpen(path));
    gone.forEach((path) => this.index?.delete(path));
    if (gone.length > 0) {
      this.changed.fire(gone);
      this.saveSoon();
    }
  }

  /** Reads the pending files that changed; returns how many entries changed. */
  private async readPending(): Promise<number> {
    const inSite = (uri: vscode.Uri) => this.folders.some((folder) => folder.contains(uri));
    const uris = [...this.pendingDisk.values()].filter((uri) => !this.documents.isOpen(uri.toString()) && inSite(uri));
    this.pendingDisk.clear();
    if (uris.length === 0 || this.reader === undefined) {
      return 0;
    }
    const outcome = await this.readFromDisk(uris, new vscode.CancellationTokenSource().token);
    // A .gitignore changed while they were read may leave some out now.
    const left = uris.filter((uri) => !inSite(uri)).map((uri) => uri.toString());
    left.forEach((key) => this.index?.delete(key));
    const changed = [...outcome.changed, ...left];
    if (changed.length > 0) {
      this.changed.fire(changed);
      this.saveSoon();
    }
    return changed.length;
  }

  private isSiteDocument(document: vscode.TextDocument): boolean {
    if (this.folders.some((folder) => folder.contains(document.uri))) {
      return true;
    }
    return HEALTH_LANGUAGES.has(document.languageId) && ['file', 'untitled'].includes(document.uri.scheme);
  }

  private documentChanged(document: vscode.TextDocument): void {
    if (this.index === undefined || this.reader === undefined || !this.isSiteDocument(document)) {
      return;
    }
    this.documents.changed(document, (documents) => {
      documents.forEach((pending) => this.indexDocument(pending, false));
      this.changed.fire(documents.map((pending) => pending.uri.toString()));
    });
  }

  private indexDocument(document: vscode.TextDocument, fire = true): void {
    if (this.index === undefined || this.reader === undefined) {
      return;
    }
    const key = document.uri.toString();
    const text = document.getText();
    const doc = this.documents.linksOf(document, text);
    // Size and mtime -1: never current, so the file is read again from disk once closed.
    this.index.set(indexedTextOf(key, { size: -1, mtime: -1 }, doc, text, this.reader));
    if (fire) {
      this.changed.fire([key]);
    }
  }

  private documentClosed(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    if (!this.documents.closed(document) || this.index === undefined) {
      return;
    }
    if (this.folders.some((folder) => folder.contains(document.uri))) {
      this.fileChanged(document.uri);
    } else if (this.index.delete(key)) {
      this.changed.fire([key]);
    }
  }

  private saveSoon(): void {
    this.saveLater.trigger(() => {
      if (this.index !== undefined) {
        void this.file.save(this.index, HOST_CLOCK.pause);
      }
    });
  }

  override dispose(): void {
    // The last changes are saved when the window closes (best effort: the host may not wait).
    if (this.saveLater.isPending && this.index !== undefined) {
      void this.file.save(this.index, HOST_CLOCK.pause);
    }
    super.dispose();
  }
}
