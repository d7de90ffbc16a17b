/**
 * A property of the catalog snapshot (src/catalog/snapshot/catalogSnapshot.ts): a snapshot with any one byte changed,
 * or cut anywhere, is refused with a reason or reads back the very catalog written, never another. Its oracle is
 * broken once on purpose: with a reader that checks nothing, the property fails.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  readCatalogSnapshot,
  writeCatalogSnapshot,
  type CatalogSnapshot,
  type SnapshotRead,
} from '../../../src/catalog/snapshot/catalogSnapshot';
import { checkedLine } from '../../../src/common/checkedLines';
import type { CatalogMerchant } from '../../../src/merchant/merchantFields';
import type { MerchantKey } from '../../../src/merchant/merchantKey';
import { BASE_URL, TAKEN_AT, sameCatalog, sandboxCatalog, unusualCatalog } from '../helpers/snapshotSamples';
import { checkProperty, floorOf } from './propertyRun';

/** How a property damages a snapshot's bytes: cut anywhere, or one byte changed to another. */
type Damage =
  | { kind: 'cut'; at: number }
  | { kind: 'byte'; at: number; mask: number }
  | { kind: 'char'; at: number; char: string };

const damageArb: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('byte' as const), at: fc.nat(), mask: fc.integer({ min: 1, max: 255 }) }),
  // A printable character in place of another keeps the JSON valid far more often than a random byte.
  fc.record({
    kind: fc.constant('char' as const),
    at: fc.nat(),
    char: fc.constantFrom(...'0123456789 ,:{}[]"\\-.eExXnNtf\r\n'.split('')),
  }),
);

/** The bytes damaged; undefined when the change leaves them as they were (a character put over itself). */
function damagedBytes(bytes: Buffer, damage: Damage): Buffer | undefined {
  const at = damage.at % bytes.length;
  if (damage.kind === 'cut') {
    return bytes.subarray(0, at);
  }
  const copy = Buffer.from(bytes);
  copy[at] = damage.kind === 'byte' ? copy[at]! ^ damage.mask : damage.char.charCodeAt(0);
  return copy[at] === bytes[at] ? undefined : copy;
}

interface Sample {
  what: string;
  snapshot: CatalogSnapshot;
  bytes: Buffer;
}

function sample(what: string, merchants: ReadonlyMap<MerchantKey, CatalogMerchant>, baseUrl?: string): Sample {
  const snapshot: CatalogSnapshot = { takenAt: TAKEN_AT, ...(baseUrl === undefined ? {} : { baseUrl }), merchants };
  return { what, snapshot, bytes: Buffer.from(writeCatalogSnapshot(snapshot)) };
}

/**
 * The property: the damaged file is refused with a reason, or reads back exactly the catalog written. `read` is the
 * reader under test (the product's, or one broken on purpose).
 */
function damageProperty(
  samples: readonly Sample[],
  read: (text: string) => SnapshotRead,
  counts: { refused: number; identical: number },
): fc.IProperty<[number, Damage]> {
  return fc.property(fc.nat(), damageArb, (which, damage) => {
    const { what, snapshot, bytes } = samples[which % samples.length]!;
    const damaged = damagedBytes(bytes, damage);
    fc.pre(damaged !== undefined);
    const result = read(damaged.toString('utf8'));
    if (!result.ok) {
      assert.ok(result.problem.length > 0, `${what}: a refusal says why`);
      counts.refused += 1;
      return;
    }
    assert.ok(sameCatalog(result.snapshot, snapshot), `${what}: read back a catalog other than the one written`);
    counts.identical += 1;
  });
}

/**
 * A reader broken on purpose: it trusts every line that is JSON, checking nothing (each line's check made anew from
 * what it holds, before the product's reader reads it).
 */
function readWithoutChecks(text: string): SnapshotRead {
  const lines = text.split('\n').map((line) => {
    try {
      const { crc32: _check, ...fields } = JSON.parse(line) as Record<string, unknown>;
      void _check;
      return checkedLine(fields).slice(0, -1);
    } catch {
      return line;
    }
  });
  return readCatalogSnapshot(lines.join('\n'));
}

describe('catalog snapshot properties', () => {
  const samples = [
    sample('sandbox', sandboxCatalog(8, 5), BASE_URL),
    sample('unusual', unusualCatalog()),
    sample('empty', new Map(), BASE_URL),
  ];

  it('a snapshot with any one byte changed, or cut anywhere, is refused or reads back the very catalog written', async () => {
    const counts = { refused: 0, identical: 0 };
    const { bytes } = samples[0]!;
    await checkProperty(damageProperty(samples, readCatalogSnapshot, counts), {
      examples: [
        // The last newline cut, or turned into a CR: the same catalog.
        [0, { kind: 'cut', at: bytes.length - 1 }],
        [0, { kind: 'char', at: bytes.length - 1, char: '\r' }],
        // A space over the last digit of a merchantId, which JSON reads as another id.
        [0, { kind: 'char', at: bytes.indexOf('"name"') - 2, char: ' ' }],
        // The digit of the header's count.
        [0, { kind: 'char', at: bytes.indexOf('"merchants":') + 12, char: '7' }],
      ],
    });
    assert.ok(counts.refused >= floorOf(800), `only ${counts.refused} damaged snapshots were refused`);
    assert.ok(counts.identical >= 2, `only ${counts.identical} harmless changes read back`);
  });

  it('fails with a reader that checks nothing: the property can tell a wrong catalog (its oracle broken on purpose)', () => {
    const details = fc.check(damageProperty(samples, readWithoutChecks, { refused: 0, identical: 0 }), {
      numRuns: 2_000,
      seed: 36,
    });
    assert.equal(details.failed, true, 'a reader without checks reads damaged snapshots as other catalogs');
    assert.match(String(details.errorInstance), /read back a catalog other than the one written/);
  });
});
