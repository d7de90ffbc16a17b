/**
 * Replace Links to Merchant's side in link health's bundle (lent to the activation bundle through the hub):
 * what it can offer for a merchant's links, from the site's index; and the one workspace edit over every file
 * that links to it, open or closed, each file's text read as it is now (an open document's text, else the
 * file), its links found again and rewritten by the pure core (`src/revenue/linkReplacement.ts`).
 */
import * as vscode from 'vscode';
import { messageOf } from '../common/errorMessage';
import type { CatalogController } from '../controllers/catalogController';
import { LineReader } from '../health/lineScan';
import type { MerchantLinkTotals } from '../health/merchantLinkTally';
import { languageOfPath } from '../health/siteIndex';
import type { MerchantRef } from '../merchant/merchantFields';
import type { MerchantKey } from '../merchant/merchantKey';
import { replaceInText, targetsOfLinks, type PlacedEdit } from '../revenue/linkReplacement';
import {
  replacementChoices,
  type CatalogRef,
  type EpcHistory,
  type ReplacementChoice,
} from '../revenue/replacementChoices';
import type { SiteIndexer } from '../site/siteIndexer';
import type { LinkHealthEngine } from './linkHealthEngine';
import type { SiteMerchantLinks } from './siteMerchantLinks';
import { pickLinkedMerchant } from './replaceLinksPicker';
import { replaceMerchantLinks } from './replaceLinksFlow';
import type {
  MerchantLinksReplacer,
  ReplaceLinksOutcome,
  ReplaceLinksTestOptions,
  ReplacementEdit,
  ReplacementEditOptions,
  ReplacementOffer,
} from './merchantLinksReplacing';

export class MerchantLinkReplacer implements MerchantLinksReplacer {
  constructor(
    private readonly indexer: SiteIndexer,
    private readonly engine: LinkHealthEngine,
    private readonly siteLinks: SiteMerchantLinks,
    private readonly controller: CatalogController,
    /** The site's links per merchant as the hub holds them. */
    private readonly linked: () => ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined,
  ) {}

  pickMerchant(): Promise<MerchantRef | undefined> {
    return pickLinkedMerchant(this.controller.store?.snapshot.merchants, this.linked());
  }

  run(
    owner: MerchantRef,
    epcOf: EpcHistory,
    log: vscode.LogOutputChannel,
    options?: ReplaceLinksTestOptions,
  ): Promise<ReplaceLinksOutcome | undefined> {
    return replaceMerchantLinks(this, owner, epcOf, log, options);
  }

  offer(key: MerchantKey, epcOf: EpcHistory): ReplacementOffer {
    const rules = this.engine.rules;
    const merchants = this.controller.store?.snapshot.merchants;
    if (rules === undefined || merchants === undefined) {
      return { kind: 'no-catalog' };
    }
    const merchant = merchants.get(key);
    if (merchant === undefined) {
      return { kind: 'gone' };
    }
    const owner: CatalogRef = { key, merchant };
    const files = this.filesOf(key);
    const targets = targetsOfLinks(
      rules,
      files.flatMap((uri) => (this.indexer.get(uri.toString())?.links ?? []).map((link) => link.target)),
      key,
    );
    if (targets.length === 0) {
      return { kind: 'no-links', owner };
    }
    const catalog = (function* (): Iterable<CatalogRef> {
      for (const [k, m] of merchants) {
        yield { key: k, merchant: m };
      }
    })();
    const choices = replacementChoices({ owner, targets, catalog, rules, epcOf });
    return { kind: 'offer', owner, links: targets.length, files: files.length, choices };
  }

  async edit(key: MerchantKey, choice: ReplacementChoice, options: ReplacementEditOptions): Promise<ReplacementEdit> {
    const rules = this.engine.rules;
    const result: ReplacementEdit = { edit: new vscode.WorkspaceEdit(), entries: [], files: [], failed: [] };
    if (rules === undefined) {
      return result;
    }
    const relSponsored = this.engine.settings.severities['rel-sponsored-missing'] !== 'off';
    const reader = new LineReader();
    const metadata: vscode.WorkspaceEditEntryMetadata = { needsConfirmation: options.confirm, label: options.label };
    for (const uri of this.filesOf(key)) {
      let text: string;
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      try {
        text =
          document !== undefined
            ? document.getText()
            : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      } catch (error) {
        result.failed.push({ uri, message: messageOf(error) });
        continue;
      }
      const language = this.indexer.get(uri.toString())?.language ?? languageOfPath(uri.path);
      const frontMatter = document === undefined ? this.engine.reader?.frontMatter?.(text) : undefined;
      const expectedSubId = this.engine.expectedSubId(uri, document, frontMatter);
      const replacement = replaceInText(text, language, {
        rules,
        owner: key,
        choice,
        expectedSubId,
        relSponsored,
        reader,
      });
      if (replacement.replaced + replacement.kept === 0) {
        continue;
      }
      result.files.push({ uri, replaced: replacement.replaced, kept: replacement.kept, before: text });
      for (const edit of replacement.edits) {
        const entry = { uri, range: rangeOf(edit), newText: edit.newText, metadata };
        result.entries.push(entry);
        result.edit.replace(entry.uri, entry.range, entry.newText, entry.metadata);
      }
    }
    return result;
  }

  /** The files the index holds a link to the merchant in, by path. */
  private filesOf(key: MerchantKey): vscode.Uri[] {
    const seen = new Map<string, vscode.Uri>();
    for (const location of this.siteLinks.locations(key)) {
      seen.set(location.uri.toString(), location.uri);
    }
    return [...seen.values()];
  }
}

const rangeOf = (edit: PlacedEdit) =>
  new vscode.Range(edit.startLine, edit.startCharacter, edit.endLine, edit.endCharacter);
