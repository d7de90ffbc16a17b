/**
 * How the cache properties damage a file: cut short anywhere, bytes flipped or overwritten with a
 * printable character, or garbage appended (lines each cache might mistake for its own among it).
 * Shared by the catalog cache's and the report cache's properties.
 */
import fc from 'fast-check';

/** How a file is damaged: cut short, bytes flipped or overwritten with a printable character, garbage appended. */
export type Damage =
  | { kind: 'cut'; at: number }
  | { kind: 'flip'; changes: Array<[at: number, mask: number]> }
  | { kind: 'overwrite'; changes: Array<[at: number, char: string]> }
  | { kind: 'append'; garbage: Uint8Array | string };

export const damageArb: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('flip' as const),
    changes: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 3 }),
  }),
  // A printable character in place of another keeps the JSON valid far more often than a random byte.
  fc.record({
    kind: fc.constant('overwrite' as const),
    changes: fc.array(fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme-ascii' })), {
      minLength: 1,
      maxLength: 2,
    }),
  }),
  fc.record({
    kind: fc.constant('append' as const),
    garbage: fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 40 }),
      fc.constantFrom(
        '\n',
        '{}\n',
        '{"end":true,"pages":0,"merchants":0}\n',
        '{"syncedAt":"2026-11-21T12:00:00.000Z","merchants":[]}\n',
        '{"from":"2026-11-01","to":"2026-11-02","readStartedAt":"2026-11-21T12:00:00.000Z","total":0,"rows":[]}\n',
        'x',
      ),
    ),
  }),
);

export function damaged(bytes: Buffer, damage: Damage): Buffer {
  const copy = Buffer.from(bytes);
  switch (damage.kind) {
    case 'cut':
      return copy.subarray(0, damage.at % bytes.length);
    case 'flip':
      for (const [at, mask] of damage.changes) {
        copy[at % copy.length] ^= mask;
      }
      return copy;
    case 'overwrite':
      for (const [at, char] of damage.changes) {
        copy[at % copy.length] = char.charCodeAt(0);
      }
      return copy;
    case 'append':
      return Buffer.concat([copy, typeof damage.garbage === 'string' ? Buffer.from(damage.garbage) : damage.garbage]);
  }
}
