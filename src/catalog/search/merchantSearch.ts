/** Fuzzy search over the whole catalog by merchant name and domain, fast enough for a QuickPick as the user types. */
import type { MerchantRef, MerchantSummary } from '../../merchant/merchantFields';
import type { MerchantKey } from '../../merchant/merchantKey';
import { runInSlices, type Clock } from '../../common/timeSlices';
import { foldText } from '../present/textFold';

/**
 * Ranking, higher first: the name equals the query; a domain equals it (a leading `www.`
 * ignored); the name starts with it; a domain starts with it; it starts a word of the name; every
 * word of a multi-word query starts a word of the name; it starts a label of a domain (after `.`
 * or `-`); it is inside the name; it is inside a domain; its letters appear in order in the name
 * (fuzzy: the closer together, the higher). At equal score active merchants come first, then the
 * name order (folded name, then key). An empty query lists merchants in that order.
 */
export const SEARCH_SCORES = {
  exactName: 1000,
  exactDomain: 950,
  namePrefix: 900,
  domainPrefix: 850,
  nameWordStart: 700,
  allWordStarts: 650,
  domainLabelStart: 600,
  nameSubstring: 500,
  domainSubstring: 450,
  /** Fuzzy matches score from this up to `fuzzy + 99`. */
  fuzzy: 100,
} as const;

export interface SearchHit extends MerchantRef {
  score: number;
}

interface Indexed {
  key: MerchantKey;
  merchant: MerchantSummary;
  /** Folded name. */
  name: string;
  /** Folded domains without a leading `www.`, the default domain included, no duplicates. */
  domains: string[];
  /** The domains joined by blanks, to rule a merchant out with one look. */
  domainText: string;
  active: boolean;
}

const WWW = 'www.';
/**
 * Hits are ranked by one number each: `(SCORE_SLOTS - (2 × score + active)) × n + index`, so a
 * plain numeric sort puts higher scores first, active before inactive at equal score, then
 * name order (the index into the name-ordered entries), and the number can be decoded again.
 */
const SCORE_SLOTS = (SEARCH_SCORES.exactName + 1) * 2;
/** What every merchant scores for an empty query (reported as 0). */
const EMPTY_QUERY_SCORE = 1;

function isWordChar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code > 0x7f;
}

/** Whether `query` occurs in `text` at the start of a word (after a non-letter, non-digit). */
function startsWord(text: string, query: string, isBoundary: (code: number) => boolean): boolean {
  for (let at = text.indexOf(query, 1); at !== -1; at = text.indexOf(query, at + 1)) {
    if (isBoundary(text.charCodeAt(at - 1))) {
      return true;
    }
  }
  return false;
}

const nameBoundary = (code: number): boolean => !isWordChar(code);
const domainBoundary = (code: number): boolean => code === 0x2e || code === 0x2d;

/**
 * 100–199 when the characters of `query` appear in `text` in order, else 0. The match found
 * going forwards is tightened going backwards from its end, and scored by how much of the
 * span it covers.
 */
function fuzzyScore(text: string, query: string): number {
  let end = -1;
  for (let q = 0, t = 0; q < query.length; q++, t++) {
    t = text.indexOf(query[q]!, t);
    if (t === -1) {
      return 0;
    }
    end = t;
  }
  let start = end;
  for (let q = query.length - 1, t = end; q >= 0; q--, t--) {
    t = text.lastIndexOf(query[q]!, t);
    start = t;
  }
  return SEARCH_SCORES.fuzzy + Math.floor((99 * query.length) / (end - start + 1));
}

function domainScore(entry: Indexed, query: string): number {
  // One look at all the domains at once rules out most merchants.
  if (query === '' || !entry.domainText.includes(query)) {
    return 0;
  }
  let best = 0;
  for (const domain of entry.domains) {
    if (domain === query) {
      return SEARCH_SCORES.exactDomain;
    }
    if (domain.startsWith(query)) {
      best = Math.max(best, SEARCH_SCORES.domainPrefix);
    } else if (best < SEARCH_SCORES.domainLabelStart && startsWord(domain, query, domainBoundary)) {
      best = SEARCH_SCORES.domainLabelStart;
    } else if (best < SEARCH_SCORES.domainSubstring && domain.includes(query)) {
      best = SEARCH_SCORES.domainSubstring;
    }
  }
  return best;
}

interface Query {
  /** Folded, blanks collapsed. */
  text: string;
  /** Its words, when there is more than one. */
  words: string[];
  /** Without blanks, for fuzzy matching. */
  compact: string;
  /** Without a leading `www.`, for domains. */
  domain: string;
}

function nameScore(name: string, query: Query): number {
  const at = name.indexOf(query.text);
  if (at === 0) {
    return name.length === query.text.length ? SEARCH_SCORES.exactName : SEARCH_SCORES.namePrefix;
  }
  if (at > 0) {
    return startsWord(name, query.text, nameBoundary) ? SEARCH_SCORES.nameWordStart : SEARCH_SCORES.nameSubstring;
  }
  if (
    query.words.length > 1 &&
    query.words.every((word) => name.startsWith(word) || startsWord(name, word, nameBoundary))
  ) {
    return SEARCH_SCORES.allWordStarts;
  }
  return query.compact.length > 1 ? fuzzyScore(name, query.compact) : 0;
}

/** A merchant as the index reads it: its name and domains folded once. */
function indexedOf(key: MerchantKey, merchant: MerchantSummary): Indexed {
  const domains = new Set<string>();
  for (const domain of [merchant.defaultDomain, ...merchant.domains]) {
    const folded = foldText(domain.trim());
    if (folded !== '') {
      domains.add(folded.startsWith(WWW) ? folded.slice(WWW.length) : folded);
    }
  }
  return {
    key,
    merchant,
    name: foldText(merchant.name.trim()),
    domains: [...domains],
    domainText: [...domains].join(' '),
    active: merchant.isActive,
  };
}

/** The entries in name order (folded name, then key). */
function sortedByName(entries: Indexed[]): Indexed[] {
  return entries.sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
}

/**
 * Names and domains are folded (lower case, accents removed; textFold.ts) once, when the index is
 * built; a search is one pass over plain strings and one sort of numbers.
 */
export class MerchantSearchIndex {
  /** Every merchant, in name order (folded name, then key). */
  private readonly entries: Indexed[];

  /** `entries`: the merchants already read, by `inSlices` only. */
  constructor(merchants: Iterable<[MerchantKey, MerchantSummary]>, entries?: Indexed[]) {
    this.entries = sortedByName(entries ?? [...merchants].map(([key, merchant]) => indexedOf(key, merchant)));
  }

  /**
   * The same index, its entries made in slices of `sliceMs` on `clock` (folding 20,000 names and their domains
   * takes tens of milliseconds), then sorted at once: built ahead of its first use, nothing is held up long.
   */
  static async inSlices(
    merchants: ReadonlyMap<MerchantKey, MerchantSummary>,
    clock: Clock,
    sliceMs = 10,
  ): Promise<MerchantSearchIndex> {
    const entries: Indexed[] = [];
    await runInSlices([...merchants], {
      clock,
      sliceMs,
      apply: ([key, merchant]) => entries.push(indexedOf(key, merchant)),
    });
    return new MerchantSearchIndex([], entries);
  }

  /** The best `limit` merchants for `query`, best first. */
  search(query: string, limit = 200): SearchHit[] {
    const folded = foldText(query).trim().replace(/\s+/g, ' ');
    const words = folded.split(' ').filter((word) => word !== '');
    const parsed: Query = {
      text: folded,
      words,
      compact: words.join(''),
      domain: folded.startsWith(WWW) ? folded.slice(WWW.length) : folded,
    };
    const n = this.entries.length;
    const order: number[] = [];
    for (let i = 0; i < n; i++) {
      const entry = this.entries[i]!;
      const score =
        folded === '' ? EMPTY_QUERY_SCORE : Math.max(nameScore(entry.name, parsed), domainScore(entry, parsed.domain));
      if (score > 0) {
        order.push((SCORE_SLOTS - (score * 2 + (entry.active ? 1 : 0))) * n + i);
      }
    }
    const ranked = Float64Array.from(order).sort();
    const hits: SearchHit[] = [];
    for (let r = 0; r < ranked.length && hits.length < limit; r++) {
      const value = ranked[r]!;
      const entry = this.entries[value % n]!;
      const score = Math.floor((SCORE_SLOTS - Math.floor(value / n)) / 2);
      hits.push({ key: entry.key, merchant: entry.merchant, score: folded === '' ? 0 : score });
    }
    return hits;
  }
}
