/** The text inserted into a document for a link, in the document's own markup. */

/** Characters backslash-escaped in Markdown link text: they could end the text, start
 * emphasis, code, strikethrough, a table cell, an HTML tag or entity, or an MDX expression. */
const MARKDOWN_TEXT_SPECIAL = /[\\`*_{}[\]<>&~|]/g;
const CONTROL = /[\u0000-\u001f\u007f]/g;
const HTML_ENTITIES: Readonly<Record<string, string>> = Object.freeze({
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
});

function markdownText(text: string): string {
  return text
    .replace(CONTROL, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(MARKDOWN_TEXT_SPECIAL, (c) => `\\${c}`);
}

function balancedParentheses(link: string): boolean {
  let depth = 0;
  for (const c of link) {
    depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    if (depth < 0) {
      return false;
    }
  }
  return depth === 0;
}

/**
 * A Markdown link destination for `link`, meaning exactly `link`: control characters
 * percent-encoded, `\` doubled, `&` escaped where it would start an entity; wrapped in `<...>`
 * (with `<` and `>` escaped) when it holds white space or unbalanced parentheses.
 */
export function markdownDestination(link: string): string {
  const destination = link
    .replace(CONTROL, (c) => encodeURIComponent(c))
    .replace(/\\/g, '\\\\')
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&');
  if (/[\s<>]/.test(destination) || !balancedParentheses(destination)) {
    return `<${destination.replace(/[<>]/g, (c) => `\\${c}`)}>`;
  }
  return destination;
}

/** Escapes text for HTML content and quoted attribute values (`&`, `<`, `>`, `"`, `'`). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

/**
 * The text to insert for a link in a document of this language: Markdown and MDX
 * (`markdown`, `mdx`) `[text](link)` with `[`, `]`, `\` and other inline-breaking characters
 * in text escaped (and the link wrapped in `<...>` when it holds spaces or unbalanced
 * parentheses); HTML (`html`) `<a href="link" rel="rel">text</a>` with attribute and text
 * escaping (&, <, >, ", '); anything else the bare link. `rel` is the setting
 * affiliateLinks.html.rel; an empty rel omits the attribute. HTML is `html` only: in `php`, `vue`
 * and the like the cursor may be inside code. Link text that is empty or white space becomes the link.
 */
export function linkMarkup(languageId: string, link: string, text: string, options: { rel: string }): string {
  const shownText = text.trim() === '' ? link : text;
  switch (languageId) {
    case 'markdown':
    case 'mdx':
      return `[${markdownText(shownText)}](${markdownDestination(link)})`;
    case 'html': {
      const rel = options.rel.trim();
      const relAttribute = rel === '' ? '' : ` rel="${escapeHtml(rel)}"`;
      return `<a href="${escapeHtml(link)}"${relAttribute}>${escapeHtml(shownText)}</a>`;
    }
    default:
      return link;
  }
}
