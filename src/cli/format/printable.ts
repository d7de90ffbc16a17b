/**
 * Text of the site or the catalog (a merchant's name, a file name) as a terminal or a CI log may show it: every
 * character that could move the cursor, colour the log, or reorder what is read is written as `\uXXXX` instead.
 */

/** C0 and C1 controls, lone surrogates, line and paragraph separators, bidirectional overrides and isolates. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** The same but CR and LF, for a format that escapes line breaks itself. */
const UNPRINTABLE_BUT_LINE_BREAKS = /(?![\r\n])[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

function escape(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** The text with every unprintable character written as `\uXXXX`; line breaks too unless `keepLineBreaks`. */
export function printable(text: string, keepLineBreaks = false): string {
  return text.replace(keepLineBreaks ? UNPRINTABLE_BUT_LINE_BREAKS : UNPRINTABLE, escape);
}
