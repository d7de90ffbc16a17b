/** The text of a generated site's article (see site.ts): front matter, headings, paragraphs around its links. */
import type { Random } from './random';
import { escapeHtml, type SiteLink } from './siteLinks';

/** Where an article lives: a page bundle (`posts/my-post/index.md`) or a flat file (`blog/2026-03-01-my-post.md`). */
export type ArticleLayout = 'md-bundle' | 'md-flat' | 'mdx-bundle' | 'mdx-flat' | 'html-bundle';

const OPENINGS = [
  'We tried each of these for a month, and asked our readers what they ended up buying.',
  'Prices move every week, so we checked them again before publishing.',
  'This guide is updated whenever a reader tells us something changed.',
];
const SENTENCES = [
  (link: string) => `Our favourite overall comes from ${link}: the widest range, and returns that cost nothing.`,
  (link: string) => `For a second opinion, see what ${link} recommends.`,
  (link: string) => `${link} is worth a look when the sales are on.`,
  (link: string) => `Readers keep mentioning ${link}, and we see why.`,
  (link: string) => `If the budget is tight, try ${link} first.`,
];
const DISCLOSURE = 'This article contains affiliate links: we may earn a commission when you buy through them.';

function titleOf(slug: string): string {
  return slug.replace(/-/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());
}

/** The day an article was published, from its index: spread over 2025. */
function dateOf(index: number): string {
  return new Date(Date.UTC(2025, 0, 1) + ((index * 7) % 365) * 86_400_000).toISOString().slice(0, 10);
}

/** The article's path in the site and its text. */
export function renderArticle(
  layout: ArticleLayout,
  slug: string,
  index: number,
  links: readonly SiteLink[],
  disclosed: boolean,
  random: Random,
): { relative: string; text: string } {
  const date = dateOf(index);
  const title = titleOf(slug);
  if (layout === 'html-bundle') {
    return { relative: `static/guides/${slug}/index.html`, text: htmlArticle(title, links, disclosed, random) };
  }
  const format = layout.startsWith('mdx') ? 'mdx' : 'md';
  const flat = layout.endsWith('flat');
  // Flat files always state their slug; page bundles now and then, else their folder names them.
  const withSlug = flat || random.chance(0.5);
  const relative = flat
    ? format === 'md'
      ? `content/blog/${date}-${slug}.md`
      : `content/blog/${slug}.mdx`
    : `content/posts/${slug}/index.${format}`;
  const front = ['---', `title: "${title}"`, `date: ${date}`, ...(withSlug ? [`slug: ${slug}`] : []), '---', ''];
  const mdx = format === 'mdx' ? ["import Note from '../../components/Note.astro';", ''] : [];
  const body = links.map((link, at) =>
    link.markup.includes('\n') ? link.markup : SENTENCES[(index + at) % SENTENCES.length](link.markup),
  );
  const definitions = links.flatMap((link) => (link.definition === undefined ? [] : [link.definition]));
  return {
    relative,
    text: [
      ...front,
      ...mdx,
      `# ${title}`,
      '',
      ...(disclosed ? [`*${DISCLOSURE}*`, ''] : []),
      random.pick(OPENINGS),
      '',
      ...(format === 'mdx' ? ['<Note>Prices were checked this week; they change often.</Note>', ''] : []),
      ...body.flatMap((paragraph) => [paragraph, '']),
      '## Where else to look',
      '',
      random.pick(OPENINGS),
      '',
      ...(definitions.length > 0 ? [...definitions, ''] : []),
    ].join('\n'),
  };
}

function htmlArticle(title: string, links: readonly SiteLink[], disclosed: boolean, random: Random): string {
  const body = links.map((link, at) =>
    link.markup.includes('\n')
      ? `    ${link.markup}`
      : `    <p>${SENTENCES[(title.length + at) % SENTENCES.length](link.markup)}</p>`,
  );
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '  <meta charset="utf-8">',
    `  <title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body>',
    '  <article>',
    `    <h1>${escapeHtml(title)}</h1>`,
    ...(disclosed ? [`    <p class="disclosure">${DISCLOSURE}</p>`] : []),
    `    <p>${random.pick(OPENINGS)}</p>`,
    ...body,
    '  </article>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
