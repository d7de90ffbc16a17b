/**
 * The link health's quick fixes (the core's fixes, one workspace edit each, so one undo step; "ignore" as a
 * comment or in the setting) and `source.fixAll.affiliateLinks`: every safe fix of a file, also on save.
 */
import * as vscode from 'vscode';
import { codeOf } from './diagnosticCode';
import type { DocumentLinks } from '../health/documentLinks';
import { fixesFor, type HealthFix } from '../health/healthFixes';
import type { HealthFinding, LinkHealthRules } from '../health/healthRules';
import { fixAllFixes, fixInputsOf } from '../health/safeFixes';
import { COMMANDS } from '../ids';
import type { MerchantKey } from '../merchant/merchantKey';
import type { SiteIndexer } from '../site/siteIndexer';
import { DIAGNOSTIC_SOURCE } from './linkHealthDiagnostics';
import type { LinkHealthEngine } from './linkHealthEngine';

export const FIX_ALL_KIND = vscode.CodeActionKind.SourceFixAll.append('affiliateLinks');

/** The findings of a merchant's link that Replace Links to Merchant (the whole site's links at once) is offered on. */
const SITE_REPLACEABLE: ReadonlySet<string> = new Set([
  'inactive-merchant',
  'deeplinks-not-allowed',
  'target-off-merchant',
  'subid-mismatch',
]);

export class LinkHealthActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = {
    providedCodeActionKinds: [vscode.CodeActionKind.QuickFix, FIX_ALL_KIND],
  };

  constructor(
    private readonly indexer: SiteIndexer,
    private readonly engine: LinkHealthEngine,
    /** How many links of the site go to a merchant, undefined while not counted (Replace Links' title). */
    private readonly siteLinksTo: (key: MerchantKey) => number | undefined = () => undefined,
  ) {}

  provideCodeActions(
    document: vscode.TextDocument,
    range: vscode.Range | vscode.Selection,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const checked = this.check(document);
    if (checked === undefined) {
      return [];
    }
    const only = context.only;
    if (only !== undefined && (only.contains(FIX_ALL_KIND) || FIX_ALL_KIND.contains(only))) {
      const fixAll = this.fixAll(document, checked);
      return fixAll === undefined ? [] : [fixAll];
    }
    if (only !== undefined && !only.contains(vscode.CodeActionKind.QuickFix)) {
      return [];
    }
    const actions: vscode.CodeAction[] = [];
    for (const finding of checked.findings) {
      const findingRange = new vscode.Range(document.positionAt(finding.start), document.positionAt(finding.end));
      if (!findingRange.intersection(range)) {
        continue;
      }
      const diagnostics = context.diagnostics.filter(
        (d) => d.source === DIAGNOSTIC_SOURCE && codeOf(d) === finding.code && d.range.isEqual(findingRange),
      );
      for (const fix of this.fixesOf(checked, finding)) {
        const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
        action.edit = this.editOf(document, [fix]);
        action.isPreferred = fix.preferred;
        action.diagnostics = diagnostics;
        actions.push(action);
      }
      const replaceAll = this.replaceAllAction(checked, finding);
      if (replaceAll !== undefined) {
        replaceAll.diagnostics = diagnostics;
        actions.push(replaceAll);
      }
      if (finding.code !== 'disclosure-missing') {
        const target = checked.doc.links[finding.link].target;
        const action = new vscode.CodeAction(
          vscode.l10n.t('Add {0} to the ignored links of link health', ignoredLinkGlob(target)),
          vscode.CodeActionKind.QuickFix,
        );
        action.command = {
          command: COMMANDS.ignoreLinkInSettings,
          title: action.title,
          arguments: [ignoredLinkGlob(target), document.uri],
        };
        action.diagnostics = diagnostics;
        actions.push(action);
      }
    }
    return actions;
  }

  /** "Replace all N links to Shop X…": Replace Links to Merchant over the whole site, for a merchant's dead link. */
  private replaceAllAction(checked: Checked, finding: HealthFinding): vscode.CodeAction | undefined {
    const key = finding.merchantKey;
    const verdict = checked.rules.verdicts.of(checked.doc.links[finding.link].target);
    const count = key === undefined ? undefined : this.siteLinksTo(key);
    if (!SITE_REPLACEABLE.has(finding.code) || key === undefined || count === undefined || count === 0) {
      return undefined;
    }
    const name = verdict.kind === 'tracking' && verdict.owner?.key === key ? verdict.owner.merchant.name : undefined;
    if (name === undefined) {
      return undefined;
    }
    const title =
      count === 1
        ? vscode.l10n.t({
            message: 'Replace the 1 link to {0}…',
            args: [name],
            comment: ['{0}: a merchant name. Opens Replace Links to Merchant for the whole site.'],
          })
        : vscode.l10n.t({
            message: 'Replace all {0} links to {1}…',
            args: [count.toLocaleString('en-US'), name],
            comment: ['{0}: how many links the site has to the merchant; {1}: a merchant name.'],
          });
    const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
    action.command = { command: COMMANDS.replaceMerchantLinks, title, arguments: [key] };
    return action;
  }

  /** The document's findings whose rule is on, read from its text as it is now. */
  private check(document: vscode.TextDocument) {
    const rules = this.engine.rules;
    const { enabled, severities, disclosureSnippet } = this.engine.settings;
    const doc = this.indexer.documentLinksOf(document);
    if (rules === undefined || !enabled || doc === undefined) {
      return undefined;
    }
    const expectedSubId = this.engine.expectedSubId(document.uri, document);
    const findings = rules.check(doc, expectedSubId).filter((finding) => severities[finding.code] !== 'off');
    return { rules, doc, findings, inputs: fixInputsOf(expectedSubId, disclosureSnippet, severities) };
  }

  private fixesOf(checked: Checked, finding: HealthFinding): HealthFix[] {
    return fixesFor(checked.rules, checked.doc, finding, checked.inputs);
  }

  /** One action with the first safe fix of every finding, the edits that overlap an earlier one left out. */
  private fixAll(document: vscode.TextDocument, checked: Checked): vscode.CodeAction | undefined {
    const chosen = fixAllFixes(checked.rules, checked.doc, checked.findings, checked.inputs);
    if (chosen.length === 0) {
      return undefined;
    }
    const action = new vscode.CodeAction(vscode.l10n.t('Fix all safe link health problems'), FIX_ALL_KIND);
    action.edit = this.editOf(document, chosen);
    return action;
  }

  private editOf(document: vscode.TextDocument, fixes: HealthFix[]): vscode.WorkspaceEdit {
    const edit = new vscode.WorkspaceEdit();
    const edits = fixes.flatMap((fix) => fix.edits);
    edit.set(
      document.uri,
      edits.map(
        (e) =>
          new vscode.TextEdit(new vscode.Range(document.positionAt(e.start), document.positionAt(e.end)), e.newText),
      ),
    );
    return edit;
  }
}

type Checked = {
  rules: LinkHealthRules;
  doc: DocumentLinks;
  findings: HealthFinding[];
  inputs: { expectedSubId: string | undefined; disclosureSnippet: string; relSponsored: boolean };
};

/** A glob of the ignored-links setting that matches this link: its glob characters stand as `?`. */
export function ignoredLinkGlob(target: string): string {
  return target.replace(/[*?{}[\]]/g, '?');
}
