/**
 * The oracle the link finder (src/health/documentLinks.ts) is held to: the http(s) links a reference
 * parser finds in a Markdown document. markdown-it with linkify (bare URLs as GFM links them; www. and
 * fuzzy links off, since the finder looks for written http(s) URLs) reads the Markdown; parse5 reads
 * its raw HTML (blocks and inline tags) for `<a>` and `<area>` anchors. Used by tests and the corpus
 * probe only, never by the product.
 *
 * Each link carries the lines it may stand on: a definition's and an HTML anchor's exact line, an
 * inline link's block (markdown-it places inline content by block). Reference-style uses
 * (`[text][label]`) are not counted: the finder reports the link once, at its definition, and every
 * definition markdown-it reads is counted there (used or not, first or repeated).
 */
import MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import { parseFragment } from 'parse5';

/** How the reference parser found the link; the finder's kind for each is in `FINDER_KIND`. */
export type ReferenceSource = 'inline' | 'image' | 'autolink' | 'linkify' | 'definition' | 'html';

export const FINDER_KIND: Readonly<Record<ReferenceSource, string>> = {
  inline: 'inline',
  image: 'image',
  autolink: 'autolink',
  linkify: 'bare',
  definition: 'definition',
  html: 'anchor',
};

export interface ReferenceLink {
  /** The address as markdown-it writes it (`normalizeLink`): compare with `normalized()` of the finder's target. */
  href: string;
  source: ReferenceSource;
  /** 0-based lines [first, last] it may stand on. */
  first: number;
  last: number;
  /** An HTML anchor inside `<pre>` or `<code>`. */
  inPreOrCode: boolean;
}

export interface ReferenceReading {
  links: ReferenceLink[];
  /** 0-based [first, last] lines of each HTML block. */
  htmlBlocks: [number, number][];
}

type InlineRule = (state: StateInline, silent: boolean) => boolean;
type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

interface RuleEntry<T> {
  name: string;
  fn: T;
}

function ruleOf<T>(ruler: { __rules__?: RuleEntry<T>[] }, name: string): T {
  const rule = ruler.__rules__?.find((entry) => entry.name === name);
  if (rule === undefined) {
    throw new Error(`markdown-it has no rule "${name}"`);
  }
  return rule.fn;
}

/** markdown-it as the oracle reads: HTML on, linkify for written http(s) URLs only, reference uses marked. */
function referenceParser(): MarkdownIt {
  const md = new MarkdownIt('default', { html: true, linkify: true });
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  // A link or image written `[text][label]`, `[text][]` or `[text]` ends with `]`; an inline one with `)`.
  for (const name of ['link', 'image']) {
    const original = ruleOf<InlineRule>(md.inline.ruler as never, name);
    md.inline.ruler.at(name, (state, silent) => {
      const before = state.tokens.length;
      const ok = original(state, silent);
      if (ok && !silent && state.src.charCodeAt(state.pos - 1) === 0x5d) {
        const token = state.tokens.slice(before).find((t) => t.type === 'link_open' || t.type === 'image');
        if (token !== undefined) {
          token.meta = { ...(token.meta as object), reference: true };
        }
      }
      return ok;
    });
  }
  // Every definition with its lines, the repeated ones (which markdown-it reads but does not keep) too.
  const reference = ruleOf<BlockRule>(md.block.ruler as never, 'reference');
  md.block.ruler.at('reference', (state, startLine, endLine, silent) => {
    const env = state.env as { references?: Record<string, { href: string }>; definitions?: ReferenceLink[] };
    const kept = env.references;
    env.references = {};
    const ok = reference(state, startLine, endLine, silent);
    const read = env.references;
    env.references = { ...read, ...kept };
    if (ok && !silent) {
      for (const { href } of Object.values(read)) {
        const first = startLine;
        (env.definitions ??= []).push({ href, source: 'definition', first, last: state.line - 1, inPreOrCode: false });
      }
    }
    return ok;
  });
  return md;
}

const parser = referenceParser();

/** An address as markdown-it writes a link's: what the finder's targets are compared in. */
export function normalized(address: string): string {
  return parser.normalizeLink(address);
}

const HTTP = /^https?:\/\//i;

interface Parse5Node {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Parse5Node[];
  content?: Parse5Node;
  sourceCodeLocation?: { attrs?: Record<string, { startLine: number }>; startLine: number } | null;
}

/** The http(s) `href` of every `<a>` and `<area>` in a piece of HTML, with its 0-based line in the piece. */
function htmlAnchors(html: string): { href: string; line: number; inPreOrCode: boolean }[] {
  const found: { href: string; line: number; inPreOrCode: boolean }[] = [];
  const walk = (node: Parse5Node, inPreOrCode: boolean) => {
    if (node.nodeName === 'a' || node.nodeName === 'area') {
      const href = node.attrs?.find((attr) => attr.name === 'href');
      const location = node.sourceCodeLocation;
      if (href !== undefined && HTTP.test(href.value.trim())) {
        const line = (location?.attrs?.href?.startLine ?? location?.startLine ?? 1) - 1;
        found.push({ href: href.value.trim(), line, inPreOrCode });
      }
    }
    const inside = inPreOrCode || node.nodeName === 'pre' || node.nodeName === 'code';
    for (const child of node.childNodes ?? []) {
      walk(child, inside);
    }
    if (node.content !== undefined) {
      walk(node.content, inside); // a <template>'s content
    }
  };
  walk(parseFragment(html, { sourceCodeLocationInfo: true }) as unknown as Parse5Node, false);
  return found;
}

/** The http(s) links the reference parser finds in a Markdown text, and its HTML blocks. */
export function referenceLinks(text: string): ReferenceReading {
  const env: { definitions?: ReferenceLink[] } = {};
  const tokens = parser.parse(text, env);
  const links: ReferenceLink[] = [];
  const htmlBlocks: [number, number][] = [];
  const add = (href: string | null, source: ReferenceSource, map: [number, number], inPreOrCode = false) => {
    if (href !== null && HTTP.test(href)) {
      links.push({ href, source, first: map[0], last: map[1], inPreOrCode });
    }
  };
  const open: ([number, number] | null)[] = []; // the maps of the blocks open around a token (a table cell's inline has none)
  for (const token of tokens) {
    if (token.nesting === 1) {
      open.push(token.map ?? open.at(-1) ?? null);
    } else if (token.nesting === -1) {
      open.pop();
    }
    if (token.type === 'html_block' && token.map) {
      const [first, end] = token.map;
      htmlBlocks.push([first, end - 1]);
      for (const anchor of htmlAnchors(token.content)) {
        const line = first + anchor.line;
        add(normalized(anchor.href), 'html', [line, line], anchor.inPreOrCode);
      }
    }
    const map = token.map ?? open.at(-1);
    if (token.type === 'inline' && map && token.children) {
      inlineLinks(token.children, [map[0], map[1] - 1], add);
    }
  }
  for (const definition of env.definitions ?? []) {
    add(definition.href, 'definition', [definition.first, definition.last]);
  }
  return { links, htmlBlocks };
}

function inlineLinks(
  children: Token[],
  lines: [number, number],
  add: (href: string | null, source: ReferenceSource, map: [number, number], inPreOrCode?: boolean) => void,
): void {
  let preOrCode = 0; // inline <pre> and <code> tags open around the child
  for (const child of children) {
    const meta = child.meta as { reference?: boolean } | null;
    if (child.type === 'link_open' && meta?.reference !== true) {
      const source = child.markup === 'linkify' ? 'linkify' : child.markup === 'autolink' ? 'autolink' : 'inline';
      add(child.attrGet('href'), source, lines);
    } else if (child.type === 'image' && meta?.reference !== true) {
      add(child.attrGet('src'), 'image', lines);
    } else if (child.type === 'html_inline') {
      const tag = /^<(\/?)(?:pre|code)(?=[\s/>])/i.exec(child.content);
      preOrCode = Math.max(0, preOrCode + (tag === null ? 0 : tag[1] === '/' ? -1 : 1));
      for (const anchor of htmlAnchors(child.content)) {
        add(normalized(anchor.href), 'html', lines, anchor.inPreOrCode || preOrCode > 0);
      }
    }
  }
}

/** A finder's link as the comparison reads it. */
export interface FinderLink {
  kind: string;
  line: number;
  target: string;
  url: string;
}

/** The finder's kinds that are links (the others are URLs it reports as no link: HTML text, other attributes, front matter). */
export const LINK_KINDS: ReadonlySet<string> = new Set(['inline', 'definition', 'image', 'autolink', 'bare', 'anchor']);

export interface Comparison {
  /** The reference's links, and the finder's, outside front matter. */
  reference: ReferenceLink[];
  found: FinderLink[];
  /** Pairs of the two, and the kind the finder gave each. */
  matched: { reference: ReferenceLink; found: FinderLink }[];
  /** Reference links the finder missed; the finder's links the reference does not have. */
  missed: ReferenceLink[];
  extra: FinderLink[];
}

/**
 * The finder's links of a document against the reference's: a link matches one of the reference's
 * with the same address (as markdown-it writes it) that may stand on its line. `frontMatter` is the
 * count of the document's first lines that are front matter (markdown-it reads them as text).
 */
export function compareWithReference(text: string, finder: readonly FinderLink[], frontMatter = 0): Comparison {
  const reference = referenceLinks(text).links.filter((link) => link.first >= frontMatter);
  const found = finder.filter((link) => LINK_KINDS.has(link.kind) && link.line >= frontMatter);
  const taken = new Array<boolean>(reference.length).fill(false);
  const matched: Comparison['matched'] = [];
  const extra: FinderLink[] = [];
  for (const link of found) {
    const href = normalized(link.target);
    let best = -1;
    for (let i = 0; i < reference.length; i++) {
      const r = reference[i];
      if (!taken[i] && r.href === href && r.first <= link.line && link.line <= r.last) {
        if (best < 0 || (FINDER_KIND[r.source] === link.kind && FINDER_KIND[reference[best].source] !== link.kind)) {
          best = i;
        }
      }
    }
    if (best < 0) {
      extra.push(link);
    } else {
      taken[best] = true;
      matched.push({ reference: reference[best], found: link });
    }
  }
  return { reference, found, matched, missed: reference.filter((_, i) => !taken[i]), extra };
}
