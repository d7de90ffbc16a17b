/**
 * Properties of the normaliser (src/api/normalize/): any JSON value in any field of a merchant,
 * a click or an action never makes it throw, and what it gives back has exactly the fields and
 * types of `Merchant`, `ClickItem` and `ActionItem`; whole pages either read (every item kept
 * or counted as skipped) or are refused as an invalid response, never anything else.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { serviceErrorKind } from '../../../src/api/errors';
import { normalizeMerchant } from '../../../src/api/normalize/merchant';
import { readActionPage, readClickPage, readMerchantPage } from '../../../src/api/normalize/pages';
import { normalizeActionItem, normalizeClickItem } from '../../../src/api/normalize/reportItems';
import { checkProperty, floorOf } from './propertyRun';

/** What a value must be: a kind, an object of fields, or a list of one shape. */
type Shape = Kind | { fields: Record<string, Shape> } | { list: Shape };
type Kind = 'text' | 'text?' | 'name' | 'number' | 'number?' | 'int' | 'int?' | 'bool' | 'bool?' | 'upper?';

const KINDS: Record<Kind, (value: unknown) => boolean> = {
  text: (value) => typeof value === 'string',
  /** Text as the readers give it: not blank, no white space at either end. */
  name: (value) => typeof value === 'string' && value !== '' && value === value.trim(),
  'text?': (value) => value === null || KINDS.name(value),
  'upper?': (value) => value === null || (KINDS.name(value) && value === (value as string).toUpperCase()),
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  'number?': (value) => value === null || KINDS.number(value),
  int: (value) => Number.isSafeInteger(value),
  'int?': (value) => value === null || KINDS.int(value),
  bool: (value) => typeof value === 'boolean',
  'bool?': (value) => value === null || typeof value === 'boolean',
};

const texts: Shape = { list: 'name' };
const MERCHANT: Shape = {
  fields: {
    merchantId: 'int?',
    name: 'name',
    imageUri: 'text?',
    defaultDomain: 'text',
    description: 'text?',
    categoryIds: { list: 'int' },
    domains: texts,
    currencyCode: 'text?',
    isActive: 'bool',
    deeplinkAllowed: 'bool',
    countryCodes: texts,
    averageBasketValue: 'number?',
    averageCommission: 'number?',
    averageConfirmationTime: 'number?',
    averageCancellationRate: 'number?',
    minimumCommission: 'number?',
    maximumCommission: 'number?',
    commissionRates: { list: { fields: { fixedCommission: 'number?', percentageCommission: 'number?' } } },
    adCampaigns: {
      list: {
        fields: {
          name: 'name',
          activeFrom: 'text?',
          activeTo: 'text?',
          allowDeeplink: 'bool',
          rates: { list: { fields: { countryCodes: texts, clickRate: 'number?' } } },
        },
      },
    },
    trackingLink: 'text?',
    paymentModels: { list: 'name' },
    createdAt: 'text?',
    updatedAt: 'text?',
  },
};
const CLICK: Shape = {
  fields: {
    id: 'text?',
    adspaceId: 'text?',
    adspaceName: 'text?',
    programId: 'text?',
    programName: 'text?',
    subId: 'text?',
    date: 'text?',
    count: 'number',
    productId: 'text?',
    merchantId: 'int?',
    couponId: 'text?',
    updatedAt: 'text?',
  },
};
const ACTION: Shape = {
  fields: {
    id: 'text?',
    actionId: 'text?',
    status: 'upper?',
    orderType: 'upper?',
    adspaceId: 'text?',
    adspaceName: 'text?',
    programId: 'text?',
    programName: 'text?',
    subId: 'text?',
    currencyCode: 'text?',
    commission: 'number?',
    revenue: 'number?',
    productId: 'text?',
    paidOut: 'bool?',
    invoiceNumber: 'text?',
    date: 'text?',
    days: 'int?',
    createdAt: 'text?',
    updatedAt: 'text?',
  },
};

/** Asserts `value` has `shape`, naming the path of the first value that does not. */
function assertShape(value: unknown, shape: Shape, path = 'value'): void {
  if (typeof shape === 'string') {
    assert.ok(KINDS[shape](value), `${path} is not ${shape}: ${JSON.stringify(value)}`);
  } else if ('list' in shape) {
    assert.ok(Array.isArray(value), `${path} is not a list`);
    value.forEach((item, index) => assertShape(item, shape.list, `${path}[${index}]`));
  } else {
    assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), `${path} is not an object`);
    assert.deepEqual(Object.keys(value).sort(), Object.keys(shape.fields).sort(), `${path} has other fields`);
    for (const [field, inner] of Object.entries(shape.fields)) {
      assertShape((value as Record<string, unknown>)[field], inner, `${path}.${field}`);
    }
  }
}

/** Values that are nearly right (numbers as text, lists, padded text) as well as any JSON. */
const fieldValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    '',
    ' ',
    ' 12 ',
    '1e3',
    'Infinity',
    'NaN',
    '0x1F',
    '-0',
    'true',
    'false',
    'cpc',
    ' Name ',
    '\u00a0',
    '\u2028x\u2028',
    1,
    0,
    -0,
    1e308,
    2 ** 53,
    12.5,
    true,
    false,
    null,
  ),
  fc.array(fc.constantFrom('DE', ' x ', 3, '4', 4.5, '', null, true, [], {}), { maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
/** Lists of objects with the nested fields (rates, campaigns) holding anything. */
const nestedObjects = fc.array(
  fc.dictionary(
    fc.constantFrom(
      'name',
      'activeFrom',
      'activeTo',
      'allowDeeplink',
      'rates',
      'fixedCommission',
      'percentageCommission',
      'countryCode',
      'clickRate',
    ),
    fc.oneof(
      fieldValue,
      fc.array(fc.dictionary(fc.constantFrom('countryCode', 'clickRate'), fieldValue), { maxLength: 2 }),
    ),
  ),
  { maxLength: 3 },
);

/**
 * An item: a readable one (`base`) with any of its fields, and unknown ones, set to anything;
 * sent through JSON text, as the wire does, so a `__proto__` field is an own field. Now and
 * then any JSON value at all instead.
 */
function itemArb(base: Record<string, unknown>, fields: readonly string[]): fc.Arbitrary<unknown> {
  const known = fc.dictionary(
    fc.constantFrom(...fields),
    fc.oneof({ arbitrary: fieldValue, weight: 4 }, nestedObjects),
    { maxKeys: 8 },
  );
  const extra = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'toString')),
    fieldValue,
    { maxKeys: 2 },
  );
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(known, extra)
        .map(([set, unknown]) =>
          JSON.parse(JSON.stringify({ ...base, ...unknown, ...set }).replace('"toString"', '"__proto__"')),
        ),
      weight: 9,
    },
    fc.jsonValue({ maxDepth: 2 }),
  );
}

const MERCHANT_WIRE = [
  'merchantId',
  'name',
  'imageUri',
  'defaultDomain',
  'description',
  'categoryId',
  'domains',
  'currencyCode',
  'isActive',
  'deeplinkAllowed',
  'countryCodes',
  'averageBasketValue',
  'averageCommission',
  'averageConfirmationTime',
  'averageCancellationRate',
  'minimumCommission',
  'maximumCommission',
  'commissionRates',
  'adCampaigns',
  'trackingLink',
  'paymentModels',
  'createdAt',
  'updatedAt',
];
const CLICK_WIRE = [
  'id',
  'adspaceId',
  'adspaceName',
  'programId',
  'programName',
  'subId',
  'date',
  'count',
  'productId',
  'merchantId',
  'couponId',
  'updatedAt',
];
const ACTION_WIRE = [
  'id',
  'actionId',
  'status',
  'orderType',
  'adspaceId',
  'adspaceName',
  'programId',
  'programName',
  'subId',
  'currencyCode',
  'commission',
  'revenue',
  'productId',
  'paidOut',
  'invoiceNumber',
  'date',
  'days',
  'createdAt',
  'updatedAt',
];

const SUBJECTS = [
  {
    what: 'merchant',
    item: itemArb({ merchantId: 7, name: 'Shop' }, MERCHANT_WIRE),
    normalize: normalizeMerchant,
    shape: MERCHANT,
  },
  {
    what: 'click item',
    item: itemArb({ id: 'c1', count: 3 }, CLICK_WIRE),
    normalize: normalizeClickItem,
    shape: CLICK,
  },
  {
    what: 'action item',
    item: itemArb({ id: 'a1', actionId: 'x' }, ACTION_WIRE),
    normalize: normalizeActionItem,
    shape: ACTION,
  },
] as const;

describe('normaliser properties', () => {
  for (const { what, item, normalize, shape } of SUBJECTS) {
    it(`${what === 'action item' ? 'an' : 'a'} ${what} with any JSON value in any field never throws, and what it reads has the right types`, async () => {
      let read = 0;
      await checkProperty(
        fc.property(item, (raw) => {
          const result = (normalize as (raw: unknown) => { ok: true; value: unknown } | { ok: false; reason: string })(
            raw,
          );
          if (result.ok) {
            read += 1;
            assertShape(result.value, shape);
          } else {
            assert.ok(typeof result.reason === 'string' && result.reason.length > 0);
          }
        }),
      );
      assert.ok(read >= floorOf(100), `only ${read} of the ${what}s were read: the generators miss the readable ones`);
    });
  }

  it('a page with anything in its envelope and items reads (each item kept or skipped) or is refused as an invalid response', async () => {
    const bodyArb = fc.oneof(
      fc.record(
        {
          meta: fc.oneof(
            fc.jsonValue({ maxDepth: 1 }),
            fc.dictionary(fc.constantFrom('next', 'offset', 'limit', 'total'), fieldValue),
          ),
          data: fc.array(fc.oneof(...SUBJECTS.map((subject) => subject.item)), { maxLength: 4 }),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 3 }),
    );
    const readers = [
      (body: unknown, skip: (index: number) => void) => readMerchantPage(body, '/m', skip).merchants,
      (body: unknown, skip: (index: number) => void) =>
        readClickPage(body, '/c', { offset: 0, limit: 500 }, skip).items,
      (body: unknown, skip: (index: number) => void) =>
        readActionPage(body, '/a', { offset: 0, limit: 500 }, skip).items,
    ];
    await checkProperty(
      fc.property(bodyArb, fc.constantFrom(0, 1, 2), (body, which) => {
        const skipped: number[] = [];
        let items: unknown[];
        try {
          items = readers[which]!(body, (index) => skipped.push(index));
        } catch (error) {
          assert.equal(serviceErrorKind(error), 'invalid-response', String(error));
          return;
        }
        const data = (body as { data: unknown[] }).data;
        assert.equal(items.length + skipped.length, data.length, 'every item kept or counted as skipped');
      }),
    );
  });
});
