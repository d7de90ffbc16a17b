/**
 * The types of Replace Links to Merchant (issue 33 §3) that its pieces share: what can be offered for a merchant's
 * links, the edit, its outcome, and the replacer the activation bundle reaches through the hub. Types only, so the
 * hub, the flow, the picker and the replacer import this file and not each other.
 */
import type * as vscode from 'vscode';
import type { MerchantRef } from '../merchant/merchantFields';
import type { MerchantKey } from '../merchant/merchantKey';
import type { EpcHistory, ReplacementChoice, ReplacementChoices } from '../revenue/replacementChoices';

/** Internal, for the integration tests: the choice made without the picker, and no refactor preview. */
export interface ReplaceLinksTestOptions {
  /** The choice: unwrap, or the same-page or alternative merchant with this key. */
  choice?: { kind: 'unwrap' } | { kind: 'same-page' | 'alternative'; key: string };
  /** False: apply without the refactor preview (`needsConfirmation` false). */
  preview?: boolean;
}

export interface ReplaceLinksOutcome {
  applied: boolean;
  files: Array<{ uri: vscode.Uri; replaced: number; kept: number }>;
  failed: Array<{ uri: vscode.Uri; message: string }>;
}

/** What can be offered for a merchant's links, or why nothing can. */
export type ReplacementOffer =
  | {
      kind: 'offer';
      owner: MerchantRef;
      /** The site's links to the merchant, and the files holding them. */
      links: number;
      files: number;
      choices: ReplacementChoices;
    }
  | { kind: 'no-catalog' }
  | { kind: 'gone' }
  | { kind: 'no-links'; owner: MerchantRef };

/** One change of the edit, as it was put in the workspace edit. */
export interface ReplacementEntry {
  uri: vscode.Uri;
  range: vscode.Range;
  newText: string;
  metadata: vscode.WorkspaceEditEntryMetadata;
}

export interface ReplacementEdit {
  edit: vscode.WorkspaceEdit;
  entries: ReplacementEntry[];
  /** Per file with a link to the merchant: how many links the edit rewrites, and how many it leaves. */
  files: Array<{ uri: vscode.Uri; replaced: number; kept: number; before: string }>;
  /** Files that could not be read, with what went wrong; the others are in the edit. */
  failed: Array<{ uri: vscode.Uri; message: string }>;
}

export interface ReplacementEditOptions {
  /** Each change needs the person's confirmation (VS Code's refactor preview). False only for tests. */
  confirm: boolean;
  /** The label of every change in the refactor preview. */
  label: string;
}

/** What the activation bundle's command reaches through the hub (all of it in link health's bundle). */
export interface MerchantLinksReplacer {
  /** From the palette: one of the merchants the site links to (undefined: cancelled or none). */
  pickMerchant(): Promise<MerchantRef | undefined>;
  offer(key: MerchantKey, epcOf: EpcHistory): ReplacementOffer;
  /** What can be offered, the picker, the edit applied and logged (see replaceLinksFlow.ts). */
  run(
    owner: MerchantRef,
    epcOf: EpcHistory,
    log: vscode.LogOutputChannel,
    options?: ReplaceLinksTestOptions,
  ): Promise<ReplaceLinksOutcome | undefined>;
  edit(key: MerchantKey, choice: ReplacementChoice, options: ReplacementEditOptions): Promise<ReplacementEdit>;
}
