/**
 * What the paste and completion figures (issue 35) work on: the sandbox generator's catalog (through JSON, as
 * the extension receives it), an article of a few hundred lines as a blog writes one, a paragraph of 200 links
 * to paste, the typing of a link's destination, and a document standing in for VS Code's (its text, language,
 * offsets and lines: what the providers read of it).
 */
import type { JsonObject } from '../../src/api/normalize/fields';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import type { CatalogMap } from '../../src/catalog/model/catalogTypes';
import { articleSubIdVariables, usesFrontMatter } from '../../src/links/articleSubId';
import type { DeeplinkOptions } from '../../src/links/deeplink';
import { expandSubId } from '../../src/links/subId';
import { toCatalogMerchant, type CatalogMerchant } from '../../src/merchant/merchantFields';
import { merchantKey, type MerchantKey } from '../../src/merchant/merchantKey';
import { generateDataset } from '../../src/sandbox/dataset';
import { linkInForm } from './linkForms';

export const PASTE_CATALOG_SIZE = 20_000;
/** Lines of the article pasted into; the cursor is on the first blank line from `PASTE_LINE` (`pasteLineOf`). */
export const ARTICLE_LINES = 400;
const PASTE_LINE = 250;
/** Links of the pasted paragraph. */
export const PARAGRAPH_URLS = 200;
/** A SubID template that reads the front matter, falling back to the file's name (the README's example). */
const SUB_ID_TEMPLATE = '${frontMatter:slug:fileBasenameNoExtension}';
/** `subIdFor` reads this many lines of a document for its front matter. */
const FRONT_MATTER_LINES = 400;

export interface Position {
  line: number;
  character: number;
}

/** The generator's catalog of `size` merchants, through JSON and normalised, as the catalog store holds it. */
export function pasteCatalog(size = PASTE_CATALOG_SIZE): CatalogMap {
  const dataset = generateDataset({ seed: 5, merchants: size, clicks: 0, actions: 0, now: new Date('2026-11-01') });
  const catalog = new Map<MerchantKey, CatalogMerchant>();
  for (const wire of JSON.parse(JSON.stringify(dataset.merchants)) as JsonObject[]) {
    const result = normalizeMerchant(wire);
    if (result.ok) {
      catalog.set(merchantKey(result.value), toCatalogMerchant(result.value));
    }
  }
  return catalog;
}

/** What the controllers read of the catalog controller: the store's snapshot. */
export function controllerOf(merchants: CatalogMap) {
  // No catalog change comes: the search index is built when first asked for (its warming, 2 s after a change, never fires).
  return { store: { snapshot: { merchants } }, onDidChangeCatalog: () => ({ dispose: () => undefined }) };
}

/** The merchant a paste is of: active, taking deeplinks, and alone on its default domain. */
export function pastedMerchant(catalog: CatalogMap, match: (url: string) => { kind: string }): CatalogMerchant {
  for (const merchant of catalog.values()) {
    if (
      merchant.isActive &&
      merchant.deeplinkAllowed &&
      match(`https://${merchant.defaultDomain}/`).kind === 'merchant'
    ) {
      return merchant;
    }
  }
  throw new Error('no active merchant with deeplinks alone on its domain');
}

/** A product page of the merchant, and the clipboard's HTML a browser writes when a link to it is copied. */
export function pastedPage(merchant: CatalogMerchant): { url: string; html: string } {
  const url = `https://${merchant.defaultDomain}/products/trail-runner-42?colour=blue&size=10`;
  return { url, html: `<meta charset="utf-8"><a href="${url}">Trail Runner 42, blue</a>` };
}

/** Every `every`th merchant with a domain, from `first`: the article's and the paragraph's link targets. */
function targets(catalog: CatalogMap, count: number): CatalogMerchant[] {
  const all = [...catalog.values()].filter((m) => m.defaultDomain !== '');
  return Array.from({ length: count }, (_, i) => all[(i * 7919) % all.length]!);
}

/** A blog article of `ARTICLE_LINES` lines: front matter, headings, prose, lists, a table, code, HTML, links in the four forms, definitions. */
export function pasteArticle(catalog: CatalogMap): string {
  const merchants = targets(catalog, 60);
  const lines = ['---', 'title: "The best trail running shoes of 2026"', 'date: 2026-03-01', 'slug: best-trail-shoes'];
  lines.push('tags: [running, shoes, outdoors]', '---', '', '# The best trail running shoes of 2026', '');
  lines.push('*This article contains affiliate links: we may earn a commission when you buy through them.*', '');
  let link = 0;
  const linkLine = () => {
    const m = merchants[link % merchants.length]!;
    const target =
      link % 3 === 0 ? `https://blog${link}.example.org/review/${link}` : `https://${m.defaultDomain}/p/${link}`;
    return linkInForm(link++, target, m.name);
  };
  for (let section = 0; lines.length < ARTICLE_LINES - 12; section++) {
    lines.push(`## ${section + 1}. What to look for, part ${section + 1}`, '');
    lines.push(
      `Grip, weight and drop matter more than the brand: we ran ${section + 3} routes in each pair, in mud and on rock, and`,
      `weighed every pair after a wet run. ${linkLine()} The rest of this section says why it won on the descents.`,
      '',
    );
    if (section % 4 === 1) {
      lines.push('```js', `const pairs = await fetch('https://api.example.com/shoes?page=${section}');`, '```', '');
    }
    if (section % 4 === 2) {
      lines.push('| Shoe | Weight | Drop |', '|---|---|---|', `| Model ${section} | 280 g | 6 mm |`, '');
    }
    if (section % 4 === 3) {
      lines.push('<div class="note">', `  <p>Checked again this week. ${linkLine()}</p>`, '</div>', '');
    }
    lines.push(
      `- Cushioning: ${linkLine()}`,
      `- Grip: firm on rock, fair in mud`,
      `- Price: about ${40 + section} EUR`,
      '',
    );
    lines.push(`Readers asked about sizes; see [our size guide][guide${section % 3}] before ordering.`, '');
  }
  lines.push('## Where else to look', '');
  for (let d = 0; d < 3; d++) {
    lines.push(`[guide${d}]: https://${merchants[d]!.defaultDomain}/help/sizes "Sizes"`);
  }
  while (lines.length < ARTICLE_LINES) {
    lines.push(lines.length % 2 === 0 ? '' : 'Prices were checked this week; they change often.');
  }
  return lines.join('\n');
}

/** One paragraph holding `PARAGRAPH_URLS` links (soft line breaks), half on merchant domains, in the four forms. */
export function pasteParagraph(catalog: CatalogMap): string {
  const merchants = targets(catalog, PARAGRAPH_URLS);
  const lines: string[] = [];
  for (let i = 0; i < PARAGRAPH_URLS; i++) {
    const m = merchants[i]!;
    const host =
      i % 2 === 0 ? (m.domains[i % Math.max(1, m.domains.length)] ?? m.defaultDomain) : `blog${i}.example.org`;
    lines.push(`Pick ${i + 1}: ${linkInForm(i, `https://${host}/p/${i}?ref=news`, m.name)}`);
  }
  return lines.join('\n');
}

/** The blank line between two paragraphs, from the article's middle on, where the cursor is. */
export function pasteLineOf(article: string): number {
  const lines = article.split('\n');
  const line = lines.findIndex((text, at) => at >= PASTE_LINE && text === '' && /^[A-Z]/.test(lines[at + 1] ?? ''));
  if (line === -1) {
    throw new Error('the article has no blank line before a paragraph after its middle');
  }
  return line;
}

/** The document as the providers read it: a stand-in for VS Code's (the same object across edits, as VS Code keeps it). */
export class BenchDocument {
  private starts: number[] = [];

  constructor(
    private text: string,
    readonly languageId: string,
    readonly path: string,
  ) {
    this.index();
  }

  get lineCount(): number {
    return this.starts.length;
  }

  getText(range?: { start: Position; end: Position }): string {
    return range === undefined ? this.text : this.text.slice(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  offsetAt(position: Position): number {
    const start = this.starts[Math.min(position.line, this.starts.length - 1)]!;
    return Math.min(start + position.character, this.text.length);
  }

  lineAt(line: number): { text: string } {
    const end = line + 1 < this.starts.length ? this.starts[line + 1]! - 1 : this.text.length;
    return { text: this.text.slice(this.starts[line], end) };
  }

  /** An edit: line `line` becomes `text` (VS Code's model keeps its lines itself: not timed). */
  setLine(line: number, text: string): void {
    const end = line + 1 < this.starts.length ? this.starts[line + 1]! - 1 : this.text.length;
    this.text = this.text.slice(0, this.starts[line]) + text + this.text.slice(end);
    this.index();
  }

  private index(): void {
    this.starts = [0];
    for (let at = this.text.indexOf('\n'); at !== -1; at = this.text.indexOf('\n', at + 1)) {
      this.starts.push(at + 1);
    }
  }
}

/** The article as opened: a flat blog file, so the SubID falls back to its name when it has no `slug`. */
export function articleDocument(text: string): BenchDocument {
  return new BenchDocument(text, 'markdown', '/home/writer/site/content/blog/2026-03-01-best-trail-shoes.md');
}

/**
 * `deeplinkOptionsFor(document)` without `vscode.workspace`: the settings' values given, the SubID expanded
 * for the document as `subIdFor` does (its front matter read from its first lines).
 */
export function deeplinkOptionsOf(
  document: BenchDocument,
): { ok: true; options: DeeplinkOptions; rel: string } | { ok: false; message: string } {
  const text = usesFrontMatter(SUB_ID_TEMPLATE)
    ? document.getText({
        start: { line: 0, character: 0 },
        end: { line: Math.min(document.lineCount, FRONT_MATTER_LINES), character: 0 },
      })
    : undefined;
  const variables = articleSubIdVariables(
    SUB_ID_TEMPLATE,
    { path: document.path, text },
    { workspaceFolderBasename: 'site', date: new Date() },
  );
  const subId = expandSubId(SUB_ID_TEMPLATE, variables);
  if (!subId.ok) {
    return subId;
  }
  return { ok: true, options: { urlParameter: 'url', subIdParameter: 's', subId: subId.subId }, rel: 'sponsored' };
}

/**
 * What a person types in a destination, keystroke by keystroke (completion is asked again at each, the list
 * being incomplete): a name after `](`, another after `href="`, and a whole address after `](`.
 */
export function typings(catalog: CatalogMap): Array<{ prefix: string; typed: string }> {
  const [a, b, c] = targets(catalog, 3);
  const word = (m: CatalogMerchant) =>
    m.name
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 6);
  const keystrokes = (prefix: string, word: string) =>
    Array.from({ length: word.length + 1 }, (_, n) => ({ prefix, typed: word.slice(0, n) }));
  return [
    ...keystrokes('Our pick for grip is [the shop](', word(a!)),
    ...keystrokes('<p>Also good: <a href="', word(b!)),
    ...keystrokes('See [their sale](', `https://${c!.defaultDomain}`),
  ];
}
