/** The editor languages whose text the extension reads links in for the hover and the active article's figures. */
export const LINK_LANGUAGES = ['markdown', 'mdx', 'html', 'plaintext'] as const;
