/** Folding of names and domains for matching and for the tree's alphabetical buckets; pure string functions. */

const COMBINING_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
const UNDECOMPOSED = /[øæœłđðßþħı]/g;
const UNDECOMPOSED_FOLDS: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ß: 'ss',
  þ: 'th',
  ħ: 'h',
  ı: 'i',
};
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/**
 * Lower-cased, accent-free form of `text` for case- and accent-insensitive matching: NFD, then the
 * combining marks dropped (`É` → `e`), and the few Latin letters NFD does not decompose mapped by hand.
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (ASCII_ONLY.test(lower)) {
    return lower;
  }
  return lower
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(UNDECOMPOSED, (c) => UNDECOMPOSED_FOLDS[c] ?? c);
}

/** The bucket letters in tree order: `A` to `Z`, then `#` for everything else. */
export const BUCKET_LETTERS: readonly string[] = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'];

/** Index into BUCKET_LETTERS of the letter a name is filed under. */
export function initialIndex(name: string): number {
  const first = name.codePointAt(0);
  if (first === undefined) {
    return BUCKET_LETTERS.length - 1;
  }
  let code = first;
  // Anything but plain ASCII is folded first (É → e, Ø → o); non-Latin stays what it is.
  if (code > 0x7f) {
    code = foldText(String.fromCodePoint(first)).charCodeAt(0);
  }
  if (code >= 0x61 && code <= 0x7a) {
    return code - 0x61;
  }
  if (code >= 0x41 && code <= 0x5a) {
    return code - 0x41;
  }
  return BUCKET_LETTERS.length - 1;
}
