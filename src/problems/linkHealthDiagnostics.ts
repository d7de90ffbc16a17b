/**
 * The Problems panel's link health: one diagnostic per finding of every indexed file, open or not, source
 * "Affiliate Links", the rule's code and the severity its setting gives; all again when rules or settings change.
 */
import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import type { HealthSeverity } from '../health/healthCodes';
import { documentOfIndexed, positionOfIndexed, type IndexedFile } from '../health/siteIndex';
import { runInSlices } from '../health/sliceLoop';
import type { SiteChange, SiteIndexer } from '../site/siteIndexer';
import { HOST_CLOCK } from '../site/siteReads';
import type { LinkHealthEngine } from './linkHealthEngine';

/** The diagnostics' source, the extension's name (a product name: not translated). */
export const DIAGNOSTIC_SOURCE = 'Affiliate Links';

const SEVERITY: Readonly<Record<Exclude<HealthSeverity, 'off'>, vscode.DiagnosticSeverity>> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

export class LinkHealthDiagnostics extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('affiliateLinks'));
  /** Each full recomputation stops the one before it. */
  private generation = 0;

  constructor(
    private readonly indexer: SiteIndexer,
    private readonly engine: LinkHealthEngine,
  ) {
    super();
    this._register(indexer.onDidChange((change) => void this.update(change)));
    this._register(engine.onDidChange(() => void this.update('all')));
  }

  private async update(change: SiteChange): Promise<void> {
    if (change !== 'all') {
      for (const key of change) {
        const file = this.indexer.get(key);
        const uri = vscode.Uri.parse(key);
        if (file === undefined) {
          this.collection.delete(uri);
        } else {
          this.collection.set(uri, this.diagnosticsOf(file));
        }
      }
      return;
    }
    const generation = ++this.generation;
    const files = this.indexer.entries();
    const kept = new Set(files.map((file) => file.path));
    const gone: vscode.Uri[] = [];
    this.collection.forEach((uri) => {
      if (!kept.has(uri.toString())) {
        gone.push(uri);
      }
    });
    gone.forEach((uri) => this.collection.delete(uri));
    await runInSlices(files, {
      clock: HOST_CLOCK,
      isCancelled: () => generation !== this.generation || this.isDisposed,
      read: async (file) => file,
      apply: (file) => {
        // A file changed or removed since the list was taken is looked up again.
        const now = this.indexer.get(file.path);
        if (now === undefined) {
          this.collection.delete(vscode.Uri.parse(file.path));
        } else {
          this.collection.set(vscode.Uri.parse(file.path), this.diagnosticsOf(now));
        }
      },
    });
  }

  private diagnosticsOf(file: IndexedFile): vscode.Diagnostic[] {
    const rules = this.engine.rules;
    const { enabled, severities } = this.engine.settings;
    if (rules === undefined || !enabled || file.links.length === 0) {
      return [];
    }
    const uri = vscode.Uri.parse(file.path);
    const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === file.path);
    const findings = rules.check(
      documentOfIndexed(file),
      this.engine.expectedSubId(uri, open, file.frontMatter),
      file.disclosureEnd,
    );
    const diagnostics: vscode.Diagnostic[] = [];
    for (const finding of findings) {
      const severity = severities[finding.code];
      if (severity === 'off') {
        continue;
      }
      const from = positionOfIndexed(file, finding.link, finding.start);
      const to = positionOfIndexed(file, finding.link, finding.end);
      const diagnostic = new vscode.Diagnostic(
        new vscode.Range(from.line, from.column, to.line, to.column),
        finding.message,
        SEVERITY[severity],
      );
      diagnostic.source = DIAGNOSTIC_SOURCE;
      diagnostic.code = finding.code;
      diagnostics.push(diagnostic);
    }
    return diagnostics;
  }
}
