/**
 * The paths of the paste provider (`AffiliatePasteProvider`'s `offers`) and of the completion provider
 * (`MerchantCompletionProvider.provideCompletionItems`) step by step, with the product's own objects
 * (`MerchantLinkIndex`, `CatalogSearch`, `DocumentPlaces` with its `pasteRangesOf` and `destinationAt`) and
 * functions (`planPaste`, `destinationChoices`), without what needs VS Code: the settings are read by `deeplinkOptionsOf`
 * (pasteFixture.ts) and the edits and items are plain objects instead of VS Code's classes. Keep them in step
 * with src/editing/affiliatePasteProvider.ts and src/editing/merchantCompletionProvider.ts.
 */
import type * as vscode from 'vscode';
import { merchantDescription } from '../../src/catalog/present/merchantFormat';
import type { MerchantLinkIndex } from '../../src/controllers/merchantLinkIndex';
import type { CatalogSearch } from '../../src/controllers/merchantSearchIndex';
import type { DocumentPlaces } from '../../src/editing/documentPlaces';
import { destinationChoices } from '../../src/writing/destinationCompletion';
import { planPaste, type PastePlan } from '../../src/writing/pasteEdits';
import { deeplinkOptionsOf, type BenchDocument, type Position } from './pasteFixture';

export interface Range {
  start: Position;
  end: Position;
}

/** Where a paste's time went: `performance.now()` when the domain index was there, the places read, the plan made. */
export interface PasteMarks {
  index: number;
  places: number;
  plan: number;
}

/** The provider's objects, made once per window. */
export interface PasteShell {
  links: MerchantLinkIndex;
  places: DocumentPlaces;
}

const asVscode = (document: BenchDocument) => document as unknown as vscode.TextDocument;

/** The paste's offers (the plan), and how many edits the first offer hands VS Code; undefined where the provider offers none. */
export async function pasteOffers(
  shell: PasteShell,
  document: BenchDocument,
  ranges: readonly Range[],
  pasted: string,
  html: string | undefined,
  marks?: PasteMarks,
): Promise<{ plan: PastePlan; edits: number } | undefined> {
  if (!/https?:\/\//i.test(pasted)) {
    return undefined;
  }
  const index = await shell.links.current();
  if (index === undefined) {
    return undefined;
  }
  if (marks) {
    marks.index = performance.now();
  }
  const settings = deeplinkOptionsOf(document);
  if (!settings.ok) {
    return undefined;
  }
  const pasteRanges = shell.places.pasteRangesOf(asVscode(document), ranges as unknown as vscode.Range[]);
  if (marks) {
    marks.places = performance.now();
  }
  const plan = planPaste({
    pasted,
    html,
    languageId: document.languageId,
    ranges: pasteRanges,
    index,
    deeplink: settings.options,
    rel: settings.rel,
  });
  if (marks) {
    marks.plan = performance.now();
  }
  const first = plan.offers[0];
  if (first === undefined) {
    return undefined;
  }
  // One text for every range goes in as the insert text; else one edit per range.
  return { plan, edits: new Set(first.edits.map((edit) => edit.text)).size === 1 ? 1 : first.edits.length };
}

/** What a paste offers first, as text (its title and edits): the same in every round, or the code changed its answer when hot. */
export function offerText(result: { plan: PastePlan } | undefined): string {
  const offer = result?.plan.offers[0];
  return offer === undefined
    ? ''
    : [offer.title, ...offer.edits.map((edit) => `${edit.start} ${edit.end} ${edit.text}`)].join('\n');
}

/** The items' names and texts, likewise. */
export function itemsText(items: readonly CompletionItemFields[] | undefined): string {
  return (items ?? []).map((item) => `${item.label.label} ${item.insertText}`).join('\n');
}

/** Throws when a warm run answered otherwise than the first (Node 20.20's `URL.canParse` did, hot: issue 21). */
export function sameAnswer(what: string, expected: string, got: string): void {
  if (got !== expected) {
    throw new Error(
      `${what} answered otherwise when hot:\n${got.slice(0, 500)}\ninstead of\n${expected.slice(0, 500)}`,
    );
  }
}

/** What the completion provider hands VS Code for each choice (a `CompletionItem`'s fields). */
export interface CompletionItemFields {
  label: { label: string; description: string };
  insertText: string;
  range: Range;
  filterText: string;
  sortText: string;
  detail: string;
}

/** The completion items at `position`; undefined where the provider offers none. */
export function completionItems(
  search: CatalogSearch,
  places: DocumentPlaces,
  document: BenchDocument,
  position: Position,
): CompletionItemFields[] | undefined {
  const typing = places.destinationAt(asVscode(document), position as vscode.Position);
  if (typing === undefined) {
    return undefined;
  }
  const index = search.current();
  if (index === undefined) {
    return undefined;
  }
  const settings = deeplinkOptionsOf(document);
  if (!settings.ok) {
    return undefined;
  }
  const { choices } = destinationChoices(index, typing, { deeplink: settings.options, cpc: false });
  const range = { start: { line: position.line, character: typing.start }, end: position };
  return choices.map((choice, rank) => ({
    label: { label: choice.ref.merchant.name, description: merchantDescription(choice.ref.merchant) },
    insertText: choice.text,
    range,
    filterText: typing.typed,
    sortText: String(rank).padStart(4, '0'),
    detail: choice.link,
  }));
}
