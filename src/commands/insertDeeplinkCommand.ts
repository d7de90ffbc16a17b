/**
 * `affiliateLinks.insertDeeplink`: turns each selection's URL into its deeplink, or inserts a deeplink to a merchant.
 */
import * as vscode from 'vscode';
import { deeplinkOf, deeplinkRefusal } from '../links/deeplink';
import type { MerchantDomainIndex } from '../links/domainIndex';
import { linkMarkup } from '../links/linkMarkup';
import { findUrls, urlAt, type FoundUrl } from '../links/urlFinder';
import { replacementFor, targetOf } from '../links/urlReplacement';
import { COMMANDS, STATUS_MESSAGE_MS } from '../ids';
import type { MerchantRef } from '../merchant/merchantFields';
import type { CatalogController } from '../controllers/catalogController';
import type { MerchantLinkIndex } from '../controllers/merchantLinkIndex';
import type { Command } from './command';
import { askTarget, chooseAmong } from './deeplinkPrompts';
import { applyLinkEdits, linkEditContext } from './editorLinks';
import { goneMessage, merchantArgument } from './merchantArgument';
import type { MerchantPicker } from './merchantPicker';

/** What a URL's merchant came to: found, refused with a message to show, or cancelled by the person (nothing to say). */
type MerchantForUrl =
  | { kind: 'found'; ref: MerchantRef }
  | { kind: 'refused'; message: string }
  | { kind: 'cancelled' };

/** A place the command writes: a URL to replace, or a span to put a new link in. */
type Site = { kind: 'url'; found: FoundUrl } | { kind: 'insert'; start: number; end: number; text: string };

export interface InsertDeeplinkResult {
  replaced: number;
  inserted: number;
}

/** Hover links pass the merchant, and the URL they were shown for with its offset. */
interface UrlArgument {
  merchantKey: string;
  offset: number;
  url: string;
}

/** The status-bar confirmation: what was written, one whole sentence per case. */
function doneMessage(replaced: number, inserted: number): string {
  if (replaced > 0 && inserted > 0) {
    if (replaced === 1) {
      return inserted === 1
        ? vscode.l10n.t({
            message: '$(check) Insert Deeplink: replaced {0} URL, inserted {1} deeplink',
            args: [replaced, inserted],
            comment: '{0} is how many URLs were replaced by their deeplinks; {1} how many deeplinks were inserted.',
          })
        : vscode.l10n.t({
            message: '$(check) Insert Deeplink: replaced {0} URL, inserted {1} deeplinks',
            args: [replaced, inserted],
            comment: '{0} is how many URLs were replaced by their deeplinks; {1} how many deeplinks were inserted.',
          });
    }
    return inserted === 1
      ? vscode.l10n.t({
          message: '$(check) Insert Deeplink: replaced {0} URLs, inserted {1} deeplink',
          args: [replaced, inserted],
          comment: '{0} is how many URLs were replaced by their deeplinks; {1} how many deeplinks were inserted.',
        })
      : vscode.l10n.t({
          message: '$(check) Insert Deeplink: replaced {0} URLs, inserted {1} deeplinks',
          args: [replaced, inserted],
          comment: '{0} is how many URLs were replaced by their deeplinks; {1} how many deeplinks were inserted.',
        });
  }
  if (replaced > 0) {
    return replaced === 1
      ? vscode.l10n.t('$(check) Insert Deeplink: replaced {0} URL', replaced)
      : vscode.l10n.t('$(check) Insert Deeplink: replaced {0} URLs', replaced);
  }
  return inserted === 1
    ? vscode.l10n.t('$(check) Insert Deeplink: inserted {0} deeplink', inserted)
    : vscode.l10n.t('$(check) Insert Deeplink: inserted {0} deeplinks', inserted);
}

function isUrlArgument(arg: unknown): arg is UrlArgument {
  const candidate = arg as Partial<UrlArgument> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.offset === 'number' &&
    typeof candidate.merchantKey === 'string' &&
    typeof candidate.url === 'string'
  );
}

/** The URL a selection is (give or take surrounding spaces), or the cursor stands in. */
function urlOfSelection(
  text: string,
  document: vscode.TextDocument,
  selection: vscode.Selection,
): FoundUrl | undefined {
  if (selection.isEmpty) {
    return urlAt(text, document.offsetAt(selection.active));
  }
  const start = document.offsetAt(selection.start);
  const end = document.offsetAt(selection.end);
  const selected = text.slice(start, end).trim();
  return findUrls(text, [{ start, end }]).find((found) => found.url === selected);
}

/**
 * For every selection of the active editor (multi-cursor included): a selected URL, or the URL the
 * cursor stands in, is replaced by its deeplink through the merchant its host matches; anywhere
 * else a deeplink to a merchant the user chooses (or the tree row the command came from) and a
 * page they give is inserted, as a link in the document's language around the selected text or the
 * merchant's name. Everything is checked before anything is written, and all changes are one edit,
 * so one undo restores the document; any refusal leaves it untouched.
 */
export class InsertDeeplinkCommand implements Command {
  readonly id = COMMANDS.insertDeeplink;

  constructor(
    private readonly deps: {
      controller: CatalogController;
      links: MerchantLinkIndex;
      picker: MerchantPicker;
      log: vscode.LogOutputChannel;
    },
  ) {}

  async execute(arg?: unknown): Promise<InsertDeeplinkResult | undefined> {
    const given = merchantArgument(this.deps.controller, arg);
    if (given.kind === 'gone') {
      return this.refuse(goneMessage());
    }
    const command = vscode.l10n.t('Insert Deeplink');
    const context = await linkEditContext(command, this.deps.controller, this.deps.links);
    if (!context) {
      return undefined;
    }
    const { document, index } = context;
    const text = document.getText();
    const sites = this.sitesOf(text, context.editor, arg);
    if (sites === undefined) {
      return this.refuse(
        vscode.l10n.t('The link this action was shown for has moved or changed. Hover over it again.'),
      );
    }
    const edits: Array<{ start: number; end: number; text: string }> = [];
    const chosenByDomain = new Map<string, MerchantRef>();
    for (const site of sites.filter((s): s is Extract<Site, { kind: 'url' }> => s.kind === 'url')) {
      const found = await this.merchantForUrl(
        site.found,
        index,
        given.kind === 'merchant' ? given.ref : undefined,
        chosenByDomain,
      );
      if (found.kind === 'cancelled') {
        return undefined;
      }
      if (found.kind === 'refused') {
        return this.refuse(found.message);
      }
      const link = deeplinkOf(found.ref.merchant, targetOf(site.found), context.options);
      if (!link.ok) {
        return this.refuse(link.message);
      }
      edits.push({ start: site.found.start, end: site.found.end, text: replacementFor(site.found, link.link) });
    }
    const inserts = sites.filter((s): s is Extract<Site, { kind: 'insert' }> => s.kind === 'insert');
    if (inserts.length > 0) {
      const ref =
        given.kind === 'merchant'
          ? given.ref
          : await this.deps.picker.pick({
              title: command,
              placeholder: vscode.l10n.t('Choose the merchant to link to'),
            });
      if (!ref) {
        return undefined;
      }
      const refusal = deeplinkRefusal(ref.merchant);
      if (refusal !== undefined) {
        return this.refuse(refusal);
      }
      const target = await askTarget(ref, index);
      if (!target) {
        return undefined;
      }
      const link = deeplinkOf(ref.merchant, target, context.options);
      if (!link.ok) {
        return this.refuse(link.message);
      }
      for (const site of inserts) {
        edits.push({
          start: site.start,
          end: site.end,
          text: linkMarkup(document.languageId, link.link, site.text || ref.merchant.name, { rel: context.rel }),
        });
      }
    }
    const problem = await applyLinkEdits(context, command, edits);
    if (problem) {
      return this.refuse(problem);
    }
    const replaced = edits.length - inserts.length;
    const done = [
      replaced > 0 ? `replaced ${replaced} URL${replaced === 1 ? '' : 's'}` : '',
      inserts.length > 0 ? `inserted ${inserts.length} deeplink${inserts.length === 1 ? '' : 's'}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    vscode.window.setStatusBarMessage(doneMessage(replaced, inserts.length), STATUS_MESSAGE_MS);
    this.deps.log.info(`Insert Deeplink: ${done} in ${document.uri.toString(true)}.`);
    return { replaced, inserted: inserts.length };
  }

  private sitesOf(text: string, editor: vscode.TextEditor, arg: unknown): Site[] | undefined {
    if (isUrlArgument(arg)) {
      const found = urlAt(text, arg.offset);
      return found && found.start === arg.offset && found.url === arg.url ? [{ kind: 'url', found }] : undefined;
    }
    const document = editor.document;
    return editor.selections.map((selection): Site => {
      const found = urlOfSelection(text, document, selection);
      if (found) {
        return { kind: 'url', found };
      }
      const start = document.offsetAt(selection.start);
      const end = document.offsetAt(selection.end);
      return { kind: 'insert', start, end, text: text.slice(start, end) };
    });
  }

  /** The merchant a URL's host matches (asking among equals), why there is none, or that the person cancelled the choice. */
  private async merchantForUrl(
    found: FoundUrl,
    index: MerchantDomainIndex,
    given: MerchantRef | undefined,
    chosen: Map<string, MerchantRef>,
  ): Promise<MerchantForUrl> {
    const target = targetOf(found);
    const match = index.match(target);
    switch (match.kind) {
      case 'tracking': {
        const name = match.merchants[0]?.merchant.name;
        const message =
          name === undefined
            ? vscode.l10n.t({
                message: '{0} is already a tracking link of "a merchant"; nothing was changed.',
                args: [found.url],
                comment: '{0} is a URL.',
              })
            : vscode.l10n.t({
                message: '{0} is already a tracking link of "{1}"; nothing was changed.',
                args: [found.url, name],
                comment: '{0} is a URL; {1} the name of a merchant.',
              });
        return { kind: 'refused', message };
      }
      case 'merchant':
        return { kind: 'found', ref: match.merchant };
      case 'ambiguous': {
        const known = chosen.get(match.domain) ?? (await chooseAmong(match.candidates, match.domain));
        if (known) {
          chosen.set(match.domain, known);
        }
        return known === undefined ? { kind: 'cancelled' } : { kind: 'found', ref: known };
      }
      case 'none':
        if (given !== undefined) {
          return { kind: 'found', ref: given };
        }
        return {
          kind: 'refused',
          message: vscode.l10n.t({
            message:
              'No merchant in the catalog has the domain of {0}; nothing was changed. Choose the merchant in the Merchants view and run Insert Deeplink from there.',
            args: [found.url],
            comment: '{0} is a URL. "Merchants" is the name of the view, "Insert Deeplink" the name of the command.',
          }),
        };
    }
  }

  private refuse(message: string): undefined {
    this.deps.log.warn(`Insert Deeplink: ${message}`);
    void vscode.window.showWarningMessage(message);
    return undefined;
  }
}
