/** What the integration tests over the sandbox's generated site compare with: the generator's own counts. */
import type { SiteArticle } from '../../src/sandbox/site';

/** Each article's findings as `path: code×count, …` (codes without a finding left out), sorted by path. */
export function expectedLines(articles: readonly SiteArticle[]): string[] {
  return articles
    .map((article) => {
      const codes = Object.entries(article.findings)
        .filter(([, count]) => count > 0)
        .map(([code, count]) => `${code}×${count}`)
        .sort();
      return `${article.path}: ${codes.join(', ')}`;
    })
    .sort();
}
