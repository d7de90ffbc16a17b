/** The SubIDs of a document, for its figures: the SubID setting expanded for the file, and its deeplinks' SubIDs. */
import type * as vscode from 'vscode';
import { DocumentLinkScanner } from '../health/documentLinks';
import { DeeplinkSubIdMemo } from '../links/documentSubIds';
import { readLinkSettings, subIdFor } from '../settings/linkSettings';
import type { MerchantDomainIndex } from '../links/domainIndex';
import type { MerchantLinkIndex } from '../controllers/merchantLinkIndex';
import { articleSubIdsOf, type ArticleSubIds, type LensMerchant } from '../reports/figures/figuresLenses';

/** The merchant of a deeplink's target page (its `urlParameter`), when one merchant has its domain. */
function targetMerchant(index: MerchantDomainIndex, deeplink: string, urlParameter: string): LensMerchant | undefined {
  let target: string | null;
  try {
    target = new URL(deeplink).searchParams.get(urlParameter);
  } catch {
    return undefined;
  }
  const match = target === null ? undefined : index.match(target);
  return match?.kind === 'merchant'
    ? { merchantId: String(match.merchant.merchant.merchantId), name: match.merchant.merchant.name }
    : undefined;
}

const MAY_HOLD_URLS = /http/i;

type TargetMerchant = LensMerchant | undefined;

/**
 * What is kept of a document between edits: its links line by line (a line that did not change
 * is not read again), what each address gave, and the merchant of each deeplink for one index.
 */
class DocumentReading {
  readonly scanner: DocumentLinkScanner;
  readonly subIds = new DeeplinkSubIdMemo();
  private merchantsOf = new Map<string, TargetMerchant>();
  private merchantIndex: unknown;
  private merchantParameter = '';

  constructor(readonly languageId: string) {
    this.scanner = new DocumentLinkScanner(languageId);
  }

  merchant(index: MerchantDomainIndex, url: string, urlParameter: string): TargetMerchant {
    if (index !== this.merchantIndex || urlParameter !== this.merchantParameter || this.merchantsOf.size > 50_000) {
      this.merchantsOf = new Map();
      this.merchantIndex = index;
      this.merchantParameter = urlParameter;
    }
    if (!this.merchantsOf.has(url)) {
      this.merchantsOf.set(url, targetMerchant(index, url, urlParameter));
    }
    return this.merchantsOf.get(url);
  }
}

/**
 * The setting counts when its template uses a variable (`${fileBasenameNoExtension}` makes
 * `best-running-shoes.md` the SubID `best-running-shoes`). Cheap for a document with neither: when
 * the template has no variable and the text holds no "http", nothing else is read and the domain
 * index is not loaded. Kept per document version, so lenses and status bar read a document once per edit.
 */
export class ArticleSubIdReader {
  /** Per document: its links and addresses as last read (see DocumentReading). */
  private readonly readings = new WeakMap<vscode.TextDocument, DocumentReading>();
  /** Per document: the version read, the index it was read with, and what was found. */
  private readonly read = new WeakMap<
    vscode.TextDocument,
    { version: number; index: unknown; parameter: string; subIds: ArticleSubIds | undefined }
  >();

  constructor(private readonly links: MerchantLinkIndex) {}

  /** The document's SubIDs, or undefined when it has none. */
  async subIdsOf(document: vscode.TextDocument): Promise<ArticleSubIds | undefined> {
    const settings = readLinkSettings(document.uri);
    const template = settings.subIdTemplate;
    let fromSetting: string | undefined;
    if (template.includes('${')) {
      const expanded = subIdFor(document, template);
      fromSetting = expanded.ok ? expanded.subId : undefined;
    }
    const text = document.getText();
    const mayHoldUrls = MAY_HOLD_URLS.test(text);
    if (fromSetting === undefined && !mayHoldUrls) {
      return undefined;
    }
    const index = mayHoldUrls ? await this.links.current() : undefined;
    const known = this.read.get(document);
    if (
      known !== undefined &&
      known.version === document.version &&
      known.index === index &&
      known.parameter === settings.subIdParameter &&
      (known.subIds?.fromSetting ?? undefined) === fromSetting
    ) {
      return known.subIds;
    }
    let subIds: ArticleSubIds | undefined;
    if (index === undefined) {
      subIds = articleSubIdsOf([], fromSetting, () => undefined);
    } else {
      const reading = this.readingOf(document);
      const deeplinks = reading.subIds.readLines(reading.scanner.scanLines(text), {
        subIdParameter: settings.subIdParameter,
        isTrackingHost: (host) => index.isTrackingHost(host),
      });
      subIds = articleSubIdsOf(deeplinks, fromSetting, (url) => reading.merchant(index, url, settings.urlParameter));
    }
    this.read.set(document, { version: document.version, index, parameter: settings.subIdParameter, subIds });
    return subIds;
  }

  /** What is kept of the document between reads, started again when its language changed. */
  private readingOf(document: vscode.TextDocument): DocumentReading {
    let reading = this.readings.get(document);
    if (reading?.languageId !== document.languageId) {
      reading = new DocumentReading(document.languageId);
      this.readings.set(document, reading);
    }
    return reading;
  }
}
