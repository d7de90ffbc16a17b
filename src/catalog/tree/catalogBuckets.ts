/** How a large group of the catalog tree is cut into buckets so that no level lists more than `threshold` rows. */
import { BUCKET_LETTERS } from '../present/textFold';

/** One alphabetical bucket: whole letters (indices into BUCKET_LETTERS), or one part of one letter. */
export interface LetterBucketPlan {
  label: string;
  count: number;
  letters: number[];
  /** Set when the bucket is part `index` (0-based) of one letter cut into `of` parts. */
  part?: { index: number; of: number; start: number; end: number };
}

export interface RankPagePlan {
  label: string;
  /** Rank range in the sorted group, `start` inclusive, `end` exclusive (0-based). */
  start: number;
  end: number;
}

const HASH = BUCKET_LETTERS.length - 1;

function rangeLabel(letters: number[]): string {
  const first = BUCKET_LETTERS[letters[0]!]!;
  const last = BUCKET_LETTERS[letters[letters.length - 1]!]!;
  return first === last ? first : `${first}–${last}`;
}

/** Cuts one letter with `count` merchants into equal parts of at most `threshold`. */
function letterParts(letter: number, count: number, threshold: number): LetterBucketPlan[] {
  const of = Math.ceil(count / threshold);
  const plans: LetterBucketPlan[] = [];
  for (let index = 0; index < of; index++) {
    const start = Math.floor((index * count) / of);
    const end = Math.floor(((index + 1) * count) / of);
    plans.push({
      label: `${BUCKET_LETTERS[letter]} (${index + 1})`,
      count: end - start,
      letters: [letter],
      part: { index, of, start, end },
    });
  }
  return plans;
}

/**
 * Packs runs of letters into buckets. A bucket is closed before a letter when adding it would
 * pass the threshold, or would take the bucket further past the target size than it is short
 * of it now; the target is the group's size spread evenly over the fewest buckets possible.
 */
function packLetters(
  letters: number[],
  counts: readonly number[],
  threshold: number,
  target: number,
): LetterBucketPlan[] {
  const plans: LetterBucketPlan[] = [];
  let current: number[] = [];
  let size = 0;
  const close = () => {
    if (current.length > 0) {
      plans.push({ label: rangeLabel(current), count: size, letters: current });
    }
    current = [];
    size = 0;
  };
  for (const letter of letters) {
    const count = counts[letter]!;
    const grown = size + count;
    if (current.length > 0 && (grown > threshold || Math.abs(grown - target) > Math.abs(size - target))) {
      close();
    }
    current.push(letter);
    size += count;
  }
  close();
  return plans;
}

/**
 * The alphabetical buckets of a group, from its merchant count per letter (indexed like
 * BUCKET_LETTERS). Only letters with merchants appear; labels name the first and last of them.
 *
 * Used when sorted by name: buckets by the folded first letter (`A`–`Z`, then `#` for everything
 * else), consecutive letters packed into buckets of about equal size, none over the threshold. A
 * letter that alone holds more than the threshold is cut into equal parts in name order, labelled
 * `S (1)`, `S (2)`, ...; `#` is always a bucket (or parts) of its own, last.
 */
export function planLetterBuckets(counts: readonly number[], threshold: number): LetterBucketPlan[] {
  const plans: LetterBucketPlan[] = [];
  let packable = 0;
  for (let letter = 0; letter < HASH; letter++) {
    const count = counts[letter]!;
    if (count <= threshold) {
      packable += count;
    }
  }
  const target = packable / Math.max(1, Math.ceil(packable / threshold));
  let run: number[] = [];
  for (let letter = 0; letter < HASH; letter++) {
    const count = counts[letter]!;
    if (count === 0) {
      continue;
    }
    if (count > threshold) {
      plans.push(...packLetters(run, counts, threshold, target), ...letterParts(letter, count, threshold));
      run = [];
    } else {
      run.push(letter);
    }
  }
  plans.push(...packLetters(run, counts, threshold, target));
  const hashCount = counts[HASH]!;
  if (hashCount > threshold) {
    plans.push(...letterParts(HASH, hashCount, threshold));
  } else if (hashCount > 0) {
    plans.push({ label: '#', count: hashCount, letters: [HASH] });
  }
  return plans;
}

/**
 * Pages of `threshold` rows by rank: `1–1000`, `1001–2000`, ..., the last one shorter.
 *
 * Used when sorted by commission or clicks, where alphabetical buckets would scatter the ranking.
 */
export function planRankPages(count: number, threshold: number): RankPagePlan[] {
  const pages: RankPagePlan[] = [];
  for (let start = 0; start < count; start += threshold) {
    const end = Math.min(count, start + threshold);
    pages.push({ label: end - start === 1 ? `${start + 1}` : `${start + 1}–${end}`, start, end });
  }
  return pages;
}
