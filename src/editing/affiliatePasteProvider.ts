/**
 * Paste and drop: a merchant's page pasted (or a link dragged in from the browser) may go in as its affiliate
 * link, and a paragraph with its merchant links monetized. Offered beside the plain paste in the paste widget,
 * or first with `affiliateLinks.paste.default`. Never a request: the catalog's domain index answers, and
 * without a catalog nothing is offered.
 */
import * as vscode from 'vscode';
import { PASTE_KINDS } from '../ids';
import type { MerchantLinkIndex } from '../controllers/merchantLinkIndex';
import { deeplinkOptionsFor, readEditingSettings } from '../settings/linkSettings';
import { planPaste, type PasteOffer } from '../writing/pasteEdits';
import type { DocumentPlaces } from './documentPlaces';

const DEEPLINK_KIND = vscode.DocumentDropOrPasteEditKind.Empty.append(...PASTE_KINDS.deeplink.split('.'));
const MONETIZE_KIND = vscode.DocumentDropOrPasteEditKind.Empty.append(...PASTE_KINDS.monetize.split('.'));
/** VS Code's plain paste (and drop) of text, which ours yield to unless `affiliateLinks.paste.default` is set. */
const PLAIN_TEXT_KIND = vscode.DocumentDropOrPasteEditKind.Text.append('plain');
/** A drop's `uri` edits (paths, Markdown links): ours yield to them too unless set as the default. */
const URI_KIND = vscode.DocumentDropOrPasteEditKind.Empty.append('uri');

/** What a paste or drop is offered, in VS Code's terms: the text at every range, or one edit per range. */
interface OfferedEdit {
  title: string;
  kind: vscode.DocumentDropOrPasteEditKind;
  insertText: string;
  additionalEdit?: vscode.WorkspaceEdit;
  yieldTo: vscode.DocumentDropOrPasteEditKind[];
}

/** The addresses of a `text/uri-list`: one per line, `#` lines are comments. */
function uriListAddresses(list: string): string[] {
  return list
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

export class AffiliatePasteProvider implements vscode.DocumentPasteEditProvider, vscode.DocumentDropEditProvider {
  static readonly pasteMimeTypes = ['text/plain'];
  static readonly dropMimeTypes = ['text/uri-list', 'text/plain'];
  static readonly kinds = [DEEPLINK_KIND, MONETIZE_KIND];

  constructor(
    private readonly links: MerchantLinkIndex,
    private readonly places: DocumentPlaces,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async provideDocumentPasteEdits(
    document: vscode.TextDocument,
    ranges: readonly vscode.Range[],
    dataTransfer: vscode.DataTransfer,
    context: vscode.DocumentPasteEditContext,
    token: vscode.CancellationToken,
  ): Promise<vscode.DocumentPasteEdit[] | undefined> {
    if (context.only !== undefined && !AffiliatePasteProvider.kinds.some((kind) => context.only!.intersects(kind))) {
      return undefined;
    }
    const pasted = await dataTransfer.get('text/plain')?.asString();
    if (pasted === undefined || token.isCancellationRequested) {
      return undefined;
    }
    const html = await dataTransfer.get('text/html')?.asString();
    const offered = await this.offers(document, ranges, pasted, html, token, 'Paste');
    return offered
      ?.filter((edit) => context.only === undefined || context.only.intersects(edit.kind))
      .map((edit) => {
        const paste = new vscode.DocumentPasteEdit(edit.insertText, edit.title, edit.kind);
        paste.additionalEdit = edit.additionalEdit;
        paste.yieldTo = edit.yieldTo;
        return paste;
      });
  }

  async provideDocumentDropEdits(
    document: vscode.TextDocument,
    position: vscode.Position,
    dataTransfer: vscode.DataTransfer,
    token: vscode.CancellationToken,
  ): Promise<vscode.DocumentDropEdit[] | undefined> {
    const list = await dataTransfer.get('text/uri-list')?.asString();
    const addresses = list === undefined ? [] : uriListAddresses(list);
    const dropped = addresses.length > 0 ? addresses.join('\n') : await dataTransfer.get('text/plain')?.asString();
    if (dropped === undefined || token.isCancellationRequested) {
      return undefined;
    }
    const html = await dataTransfer.get('text/html')?.asString();
    const offered = await this.offers(document, [new vscode.Range(position, position)], dropped, html, token, 'Drop');
    return offered?.map((edit) => {
      const drop = new vscode.DocumentDropEdit(edit.insertText, edit.title, edit.kind);
      drop.additionalEdit = edit.additionalEdit;
      drop.yieldTo = edit.yieldTo;
      return drop;
    });
  }

  /** The edits offered for `pasted` at `ranges`, or undefined (said in the log) when there are none. */
  private async offers(
    document: vscode.TextDocument,
    ranges: readonly vscode.Range[],
    pasted: string,
    html: string | undefined,
    token: vscode.CancellationToken,
    what: 'Paste' | 'Drop',
  ): Promise<OfferedEdit[] | undefined> {
    // Most pastes hold no address: they cost one test, and nothing is loaded for them.
    if (!/https?:\/\//i.test(pasted)) {
      return undefined;
    }
    const started = performance.now();
    const index = await this.links.current();
    if (index === undefined || token.isCancellationRequested) {
      if (index === undefined) {
        this.log.debug(`${what}: no affiliate link offered, the catalog is not loaded.`);
      }
      return undefined;
    }
    const settings = deeplinkOptionsFor(document);
    if (!settings.ok) {
      this.log.warn(`${what}: no affiliate link offered: ${settings.message}`);
      return undefined;
    }
    const pasteRanges = this.places.pasteRangesOf(document, ranges);
    const plan = planPaste({
      pasted,
      html,
      languageId: document.languageId,
      ranges: pasteRanges,
      index,
      deeplink: settings.options,
      rel: settings.rel,
    });
    const took = (performance.now() - started).toFixed(1);
    if (plan.offers.length === 0) {
      this.log.debug(`${what}: no affiliate link offered (${took} ms): ${plan.reason ?? 'nothing to offer'}.`);
      return undefined;
    }
    this.log.debug(`${what}: offered ${plan.offers.map((offer) => `"${offer.title}"`).join(', ')} in ${took} ms.`);
    const yieldTo = readEditingSettings(document).pasteDefault ? [] : [PLAIN_TEXT_KIND, URI_KIND];
    return plan.offers.map((offer) => this.offered(document, offer, yieldTo));
  }

  private offered(
    document: vscode.TextDocument,
    offer: PasteOffer,
    yieldTo: vscode.DocumentDropOrPasteEditKind[],
  ): OfferedEdit {
    const kind = offer.kind === 'deeplink' ? DEEPLINK_KIND : MONETIZE_KIND;
    const texts = new Set(offer.edits.map((edit) => edit.text));
    if (texts.size === 1) {
      return { title: offer.title, kind, insertText: offer.edits[0]!.text, yieldTo };
    }
    // Each range its own text (a selection of its own around each): one edit per range.
    const additionalEdit = new vscode.WorkspaceEdit();
    for (const edit of offer.edits) {
      additionalEdit.replace(
        document.uri,
        new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)),
        edit.text,
      );
    }
    return { title: offer.title, kind, insertText: '', additionalEdit, yieldTo };
  }
}
