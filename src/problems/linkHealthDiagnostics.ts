/**
 * The Problems panel's link health: one diagnostic per finding of every indexed file, open or not, source
 * "Affiliate Links", the rule's code and the severity its setting gives; all again when rules or settings change.
 */
import * as vscode from 'vscode';
import { LatestWins } from '../common/latestWins';
import { Disposable } from '../common/lifecycle';
import type { HealthSeverity } from '../health/healthCodes';
import { moneyLinkOf } from '../health/moneyLinks';
import { COMMANDS } from '../ids';
import type { MoneyLinksHub } from '../revenue/moneyLinksHub';
import { pairMoney } from '../revenue/moneyAmounts';
import type { PlacedMoneyLink } from '../revenue/revenueReport';
import { diagnosticMoneyText } from '../revenue/revenueWords';
import type { MoneySource } from '../revenue/moneySource';
import { documentOfIndexed, positionOfIndexed, type IndexedFile } from '../health/siteIndex';
import { HOST_CLOCK, runInSlices } from '../common/timeSlices';
import type { SiteChange, SiteIndexer } from '../site/siteIndexer';
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
  /** Each full recomputation stops the one before it; none goes on after disposal. */
  private readonly recomputations = this._register(new LatestWins());

  /** What a finding with money links to: the Revenue at Risk view. */
  private readonly moneyTarget = vscode.Uri.parse(`command:${COMMANDS.showRevenueAtRisk}`);

  constructor(
    private readonly indexer: SiteIndexer,
    private readonly engine: LinkHealthEngine,
    private readonly hub: MoneyLinksHub,
    private readonly money: MoneySource,
  ) {
    super();
    this._register(indexer.onDidChange((change) => void this.update(change)));
    this._register(engine.onDidChange(() => void this.update('all')));
    this._register(money.onDidChangeMoney(() => this.updateMoney()));
    this._register({ dispose: () => hub.endCount(false) });
  }

  /** The figures changed: only the files with money findings say something else. */
  private updateMoney(): void {
    for (const [path] of [...this.hub.files()]) {
      const file = this.indexer.get(path);
      if (file !== undefined) {
        this.collection.set(vscode.Uri.parse(path), this.diagnosticsOf(file, false));
      }
    }
  }

  private async update(change: SiteChange): Promise<void> {
    if (change !== 'all') {
      for (const key of change) {
        const file = this.indexer.get(key);
        const uri = vscode.Uri.parse(key);
        if (file === undefined) {
          this.collection.delete(uri);
          this.hub.set(key, []);
        } else {
          this.collection.set(uri, this.diagnosticsOf(file));
        }
      }
      return;
    }
    const turn = this.recomputations.next();
    this.hub.startCount();
    const files = this.indexer.entries();
    const kept = new Set(files.map((file) => file.path));
    const gone: vscode.Uri[] = [];
    this.collection.forEach((uri) => {
      if (!kept.has(uri.toString())) {
        gone.push(uri);
      }
    });
    gone.forEach((uri) => this.collection.delete(uri));
    const outcome = await runInSlices(files, {
      clock: HOST_CLOCK,
      isCancelled: () => !turn.isCurrent,
      read: async (file) => file,
      apply: (file) => {
        // A file changed or removed since the list was taken is looked up again.
        const now = this.indexer.get(file.path);
        if (now === undefined) {
          this.collection.delete(vscode.Uri.parse(file.path));
        } else {
          this.collection.set(vscode.Uri.parse(file.path), this.diagnosticsOf(now, false));
        }
      },
    });
    if (turn.isCurrent) {
      this.hub.endCount(!outcome.cancelled && this.engine.rules !== undefined && this.engine.settings.enabled);
    }
  }

  /** The file's diagnostics; its money links go to the hub (`fire` false while a full count is under way). */
  private diagnosticsOf(file: IndexedFile, fire = true): vscode.Diagnostic[] {
    const rules = this.engine.rules;
    const { enabled, severities } = this.engine.settings;
    if (rules === undefined || !enabled || file.links.length === 0) {
      this.hub.set(file.path, [], fire);
      return [];
    }
    const uri = vscode.Uri.parse(file.path);
    const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === file.path);
    const articleSubId = this.engine.expectedSubId(uri, open, file.frontMatter);
    const findings = rules.check(documentOfIndexed(file), articleSubId, file.disclosureEnd);
    const diagnostics: vscode.Diagnostic[] = [];
    const kept = findings.filter((finding) => severities[finding.code] !== 'off');
    const moneyLinks = kept.map((finding) =>
      moneyLinkOf(finding, rules.verdicts.of(file.links[finding.link]!.target), articleSubId),
    );
    // Several links of an article to a merchant share one pair's figures: the message says so.
    const sharing = new Map<string, number>();
    for (const link of moneyLinks) {
      if (link !== undefined && link.code !== 'not-monetized' && link.subId !== undefined) {
        const pair = `${link.subId}\n${link.merchantId}`;
        sharing.set(pair, (sharing.get(pair) ?? 0) + 1);
      }
    }
    const placedLinks: PlacedMoneyLink[] = [];
    const pairs = this.money.pairs;
    kept.forEach((finding, index) => {
      const from = positionOfIndexed(file, finding.link, finding.start);
      const to = positionOfIndexed(file, finding.link, finding.end);
      const moneyLink = moneyLinks[index];
      let message = finding.message;
      if (moneyLink !== undefined) {
        placedLinks.push({
          ...moneyLink,
          line: from.line,
          column: from.column,
          endLine: to.line,
          endColumn: to.column,
        });
        const { code, subId, merchantId } = moneyLink;
        if (code !== 'not-monetized' && subId !== undefined && merchantId !== undefined && pairs !== undefined) {
          const money = pairMoney(pairs, (id) => this.money.epc(id), subId, merchantId);
          message += diagnosticMoneyText(money, pairs.days, sharing.get(`${subId}\n${merchantId}`) ?? 1);
        }
      }
      const diagnostic = new vscode.Diagnostic(
        new vscode.Range(from.line, from.column, to.line, to.column),
        message,
        SEVERITY[severities[finding.code] as Exclude<HealthSeverity, 'off'>],
      );
      diagnostic.source = DIAGNOSTIC_SOURCE;
      // A finding with money links to the Revenue at Risk view from its code (in the hover and the Problems panel).
      diagnostic.code = message === finding.message ? finding.code : { value: finding.code, target: this.moneyTarget };
      diagnostics.push(diagnostic);
    });
    this.hub.set(file.path, placedLinks, fire);
    return diagnostics;
  }
}
