/**
 * The link health rules' codes, their default severities, and the inline comment that ignores
 * the next link: every id of the room, written once.
 */

/** Every rule, in the order the Problems panel should list a link's findings. */
export const HEALTH_CODES = [
  'inactive-merchant',
  'deeplinks-not-allowed',
  'unknown-tracking-link',
  'target-off-merchant',
  'subid-mismatch',
  'not-monetized',
  'rel-sponsored-missing',
  'disclosure-missing',
] as const;

export type HealthCode = (typeof HEALTH_CODES)[number];

/** A rule's setting, in the style of `markdown.validate.*`. */
export type HealthSeverity = 'error' | 'warning' | 'info' | 'hint' | 'off';

/**
 * The defaults: links that earn nothing are warnings; a SubID credited to another article and a
 * missing `rel` are shown in the Problems panel (info); a merchant URL that could earn is a hint
 * only (a site that links freely is not flooded); the disclosure rule is off until asked for.
 */
export const DEFAULT_SEVERITIES: Readonly<Record<HealthCode, HealthSeverity>> = Object.freeze({
  'inactive-merchant': 'warning',
  'deeplinks-not-allowed': 'warning',
  'unknown-tracking-link': 'warning',
  'target-off-merchant': 'warning',
  'subid-mismatch': 'info',
  'not-monetized': 'hint',
  'rel-sponsored-missing': 'info',
  'disclosure-missing': 'off',
});

/** The rules that find a link earning nothing: one of them at most per link. */
export const DEAD_LINK_CODES: readonly HealthCode[] = [
  'unknown-tracking-link',
  'inactive-merchant',
  'deeplinks-not-allowed',
  'target-off-merchant',
];

/**
 * The words of the comment that ignores the next link: `<!-- affiliate-links-ignore-next -->`
 * in Markdown and HTML, `{/* affiliate-links-ignore-next *\/}` in MDX (both are read in MDX), and
 * `# affiliate-links-ignore-next` on a line of its own in front matter.
 */
export const IGNORE_NEXT = 'affiliate-links-ignore-next';

/** The comment that ignores the next link, as written into a document of this language. */
export function ignoreComment(languageId: string): string {
  return languageId === 'mdx' ? `{/* ${IGNORE_NEXT} */}` : `<!-- ${IGNORE_NEXT} -->`;
}

/** The same in front matter (YAML and TOML), on a line of its own. */
export const FRONT_MATTER_IGNORE_NEXT = `# ${IGNORE_NEXT}`;

/** The languages the link health reads; anything else is read as Markdown would be. */
export type HealthLanguage = 'markdown' | 'mdx' | 'html';

export function healthLanguageOf(languageId: string): HealthLanguage {
  return languageId === 'html' || languageId === 'mdx' ? languageId : 'markdown';
}
