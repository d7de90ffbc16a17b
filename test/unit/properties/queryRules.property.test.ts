/**
 * Properties of the period and query rules (src/api/period.ts, queryRules.ts), judged by a
 * reading of the spec written apart from them (specQueryRules.ts): for random queries, the
 * client refuses before sending exactly the queries the spec's rules refuse, naming a parameter
 * that breaks one; the sandbox, asked over real HTTP on loopback, answers those with a 400 naming
 * such a parameter in the client's words, and every other query with no 400. A table of cases
 * taken from the spec's sentences checks the reading itself. Every period accepted, by the
 * client, the sandbox or the report panel, is at most 120 days long.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fromDayNumber, toDayNumber } from '../../../src/api/calendarDate';
import { AffiliateServiceClient } from '../../../src/api/client';
import { httpStatusOf, serviceErrorKind, type ApiError, type InvalidParameterError } from '../../../src/api/errors';
import { MAX_PERIOD_DAYS, resolvePeriod } from '../../../src/api/period';
import { checkReportQuery } from '../../../src/api/queryRules';
import type { MerchantQuery, ReportQuery } from '../../../src/api/types';
import { ENDPOINT_PATHS } from '../../../src/api/wire';
import { resolveReportPeriod, type FixedPreset } from '../../../src/reports/model/reportPeriods';
import { startSandbox, type Sandbox } from '../../../src/sandbox/server';
import { checkProperty } from './propertyRun';
import { specMerchantVerdict, specReportVerdict, type SpecVerdict } from './specQueryRules';

const NOW = new Date('2026-04-15T10:30:00Z');
const TODAY = '2026-04-15';
const day = (date: string): number => toDayNumber(date)!;

/** Calendar dates near today, dates that do not exist or are written otherwise, and any text. */
const dateArb = fc.oneof(
  { arbitrary: fc.integer({ min: day('2025-06-01'), max: day('2026-06-30') }).map(fromDayNumber), weight: 6 },
  fc.constantFrom(
    '2024-02-29',
    '2026-02-29',
    '2026-13-01',
    '2026-04-31',
    '2026-00-10',
    '26-04-01',
    '2026-4-1',
    '2026-04-15T00:00:00Z',
    ' 2026-04-01',
    '2026-04-01 ',
    '0000-01-01',
    '0099-12-31',
    '9999-12-31',
    '\u0661\u0669\u0667\u0660-01-01',
    '',
  ),
  fc.string({ maxLength: 12 }),
);
/** Whole numbers around the limits, and values a caller might pass by mistake (typed loosely on purpose). */
const numberish = (min: number, max: number) =>
  fc.oneof(
    { arbitrary: fc.integer({ min, max }), weight: 6 },
    fc.double({ noDefaultInfinity: false }),
    fc.constantFrom(
      '7',
      '007',
      '7.0',
      ' 7',
      '+7',
      '-0',
      '1e2',
      '0x10',
      '',
      'abc',
      '9007199254740993',
      '\u0667',
      Number.NaN,
      -0,
      2 ** 53,
      true,
    ),
  );
const textArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 10 }),
  fc.constantFrom('', ' ', '+', '&x=1', '%zz', '#frag', 'sp\u00e4t'),
);
/** A value of `arbitrary` most of the time, or nothing: a valid query leaves most parameters out. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });

/** The query as the client sends it: each value given, as text. */
function searchParamsOf(query: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) {
      params.set(name, String(value));
    }
  }
  return params;
}

interface Verdict {
  ok: boolean;
  /** For a refusal: the parameter named and the words used. */
  property?: string;
  message?: string;
}

describe('period and query rule properties', () => {
  let sandbox: Sandbox;
  let client: AffiliateServiceClient;
  before(async () => {
    sandbox = await startSandbox({ now: () => NOW, merchants: 60, clicks: 300, actions: 60 });
    client = new AffiliateServiceClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.key,
      now: () => NOW,
      retry: { maxAttempts: 1 },
    });
  });
  after(async () => {
    await client.close();
    await sandbox.close();
  });

  /** The client's verdict: refused before sending, or sent (and then the service's answer is known too). */
  async function clientVerdict(call: () => Promise<unknown>): Promise<{ client: Verdict; sent?: Verdict }> {
    try {
      await call();
      return { client: { ok: true }, sent: { ok: true } };
    } catch (error) {
      if (serviceErrorKind(error) === 'invalid-parameter') {
        const { property, message } = error as InvalidParameterError;
        return { client: { ok: false, property, message } };
      }
      const status = httpStatusOf(error);
      if (status === 400) {
        const [entry] = (error as ApiError).errors;
        return { client: { ok: true }, sent: { ok: false, property: entry?.property, message: entry?.title } };
      }
      if (status === 403) {
        return { client: { ok: true }, sent: { ok: true } }; // an adspace of another account: the rules passed
      }
      throw error;
    }
  }

  /** The sandbox's verdict on the query as the client would have sent it. */
  async function sandboxVerdict(path: string, query: object): Promise<Verdict> {
    const params = searchParamsOf(query);
    const response = await fetch(`${sandbox.url}${path}${params.size > 0 ? `?${params}` : ''}`, {
      headers: { authorization: `Bearer ${sandbox.key}` },
    });
    const body = (await response.json()) as { errors?: Array<{ title: string; meta?: { property?: string } }> };
    if (response.status !== 400) {
      return { ok: true };
    }
    return { ok: false, property: body.errors?.[0]?.meta?.property, message: body.errors?.[0]?.title };
  }

  /** The query's parameters as text, as they travel: what the spec's reading judges. */
  const asText = (query: object): Record<string, string> => Object.fromEntries(searchParamsOf(query));

  /**
   * Judges one query: the client's verdict (refused before sending, or the service's answer to
   * what it sent) and the sandbox's own answer to the raw query must both be the spec's.
   */
  async function judge(path: string, query: object, call: () => Promise<unknown>, spec: SpecVerdict): Promise<Verdict> {
    const { client: verdict, sent } = await clientVerdict(call);
    const service = await sandboxVerdict(path, query);
    const what = `${JSON.stringify(query)} (the spec: ${spec.ok ? 'acceptable' : `refused for ${[...spec.parameters].join(' or ')}`})`;
    if (spec.ok) {
      assert.deepEqual(verdict, { ok: true }, `the client refused ${what}`);
      assert.deepEqual(sent, { ok: true }, `the sandbox refused what the client sent: ${what}`);
      assert.deepEqual(service, { ok: true }, `the sandbox refused ${what}`);
    } else {
      assert.equal(verdict.ok, false, `the client sent ${what}`);
      assert.ok(spec.parameters.has(verdict.property!), `the client named ${verdict.property} for ${what}`);
      assert.equal(service.ok, false, `the sandbox accepted ${what}`);
      assert.ok(spec.parameters.has(service.property!), `the sandbox named ${service.property} for ${what}`);
      if (service.property === verdict.property) {
        assert.equal(service.message, verdict.message, `the client and the sandbox word the refusal of ${what} alike`);
      }
    }
    return verdict;
  }

  it('the client and the sandbox refuse exactly the report queries the spec refuses, and an accepted period is at most 120 days', async () => {
    const platforms = sandbox.dataset.platforms.map((platform) => platform.id);
    const idArb = fc.oneof(
      { arbitrary: fc.constantFrom(...platforms), weight: 3 },
      fc.uuid(),
      fc.uuid().map((id) => id.toUpperCase()),
      textArb,
    );
    const queryArb = fc.record(
      {
        days: sometimes(numberish(-2, 130)),
        date: sometimes(dateArb),
        dateFrom: sometimes(dateArb),
        dateTo: sometimes(dateArb),
        offset: sometimes(numberish(-2, 400)),
        limit: sometimes(numberish(-1, 600)),
        programId: sometimes(idArb),
        subId: sometimes(textArb),
        adspaceId: sometimes(idArb),
      },
      { requiredKeys: [] },
    );
    let accepted = 0;
    let refused = 0;
    await checkProperty(
      fc.asyncProperty(queryArb, fc.constantFrom('clicks' as const, 'actions' as const), async (query, report) => {
        const call = () =>
          report === 'clicks'
            ? client.getClicksPage(query as ReportQuery)
            : client.getActionsPage(query as ReportQuery);
        const verdict = await judge(ENDPOINT_PATHS[report], query, call, specReportVerdict(asText(query)));
        if (verdict.ok) {
          accepted += 1;
          const checked = checkReportQuery(searchParamsOf(query), TODAY);
          assert.ok(checked.ok);
          const length = day(checked.value.period.to) - day(checked.value.period.from);
          assert.ok(
            length >= 0 && length <= MAX_PERIOD_DAYS,
            `${checked.value.period.from}..${checked.value.period.to}`,
          );
        } else {
          refused += 1;
        }
      }),
    );
    assert.ok(
      accepted >= 50 && refused >= 50,
      `${accepted} queries accepted, ${refused} refused: the generators miss one kind`,
    );
  });

  it('the client and the sandbox refuse exactly the merchant queries the spec refuses', async () => {
    const timeArb = fc.oneof(
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString()),
      fc.constantFrom(
        '2026-04-01',
        '2026-04-01T10:00',
        '2026-04-01 10:00:00',
        '2026-04-01T10:00:00+0200',
        '2026-04-01T24:00:00Z',
        '2026-02-30',
        '2026-04-01T10:00:00.1234567890Z',
        'yesterday',
      ),
      dateArb,
    );
    const queryArb = fc.record(
      {
        next: numberish(-2, 5000),
        limit: numberish(-1, 600),
        updatedAtFrom: timeArb,
        isActive: fc.constantFrom(true, false, 'true', 'TRUE', '1', ''),
        deeplinkAllowed: fc.constantFrom(true, false, 'false', 'no'),
      },
      { requiredKeys: [] },
    );
    await checkProperty(
      fc.asyncProperty(queryArb, async (query) => {
        await judge(
          ENDPOINT_PATHS.merchants,
          query,
          () => client.getMerchantPage(query as MerchantQuery),
          specMerchantVerdict(asText(query)),
        );
      }),
    );
  });

  describe('the spec’s sentences, case by case (the reading, the client and the sandbox)', () => {
    const refusedFor = (...parameters: string[]): SpecVerdict => ({ ok: false, parameters: new Set(parameters) });
    const ACCEPTED: SpecVerdict = { ok: true };
    const reportCases: Array<[sentence: string, query: Record<string, string | number>, expected: SpecVerdict]> = [
      ['4.2 "No required parameters"', {}, ACCEPTED],
      [
        'rule 1: with days, date, dateFrom and dateTo are ignored',
        { days: 7, date: 'x', dateFrom: '2026-13-01' },
        ACCEPTED,
      ],
      ['rule 2: with date, dateFrom and dateTo are ignored', { date: '2026-04-01', dateFrom: 'y' }, ACCEPTED],
      ['dateFrom "cannot be used without dateTo"', { dateFrom: '2026-04-01' }, refusedFor('dateFrom')],
      ['dateTo "cannot be used without dateFrom"', { dateTo: '2026-04-01' }, refusedFor('dateTo')],
      ['rule 4: a period of 120 days', { dateFrom: '2025-12-16', dateTo: '2026-04-15' }, ACCEPTED],
      [
        'rule 4: "cannot exceed 120 days"',
        { dateFrom: '2025-12-15', dateTo: '2026-04-15' },
        refusedFor('dateFrom', 'dateTo'),
      ],
      ['rule 4 with days', { days: 121 }, refusedFor('days')],
      ['days 120', { days: 120 }, ACCEPTED],
      ['"string, YYYY-MM-DD": a day that is not in the calendar', { date: '2026-02-29' }, refusedFor('date')],
      ['"string, YYYY-MM-DD": a leap day', { date: '2024-02-29' }, ACCEPTED],
      // Found by the property: Date.UTC read the years 0 to 99 as 1900 to 1999, and such dates were refused.
      ['"string, YYYY-MM-DD": a date of the year 99', { date: '0099-12-31' }, ACCEPTED],
      ['limit "maximum 500"', { limit: 500 }, ACCEPTED],
      ['limit past the maximum', { limit: 501 }, refusedFor('limit')],
      ['offset "integer"', { offset: '1.5' }, refusedFor('offset')],
      ['adspaceId "string, UUIDv4"', { adspaceId: 'my-blog' }, refusedFor('adspaceId')],
      ['subId "string"', { subId: '&x=1 #ü' }, ACCEPTED],
    ];
    for (const [sentence, query, expected] of reportCases) {
      it(`clicks: ${sentence}`, async () => {
        assert.deepEqual(specReportVerdict(asText(query)), expected, 'the reading of the spec');
        await judge(ENDPOINT_PATHS.clicks, query, () => client.getClicksPage(query as ReportQuery), expected);
      });
    }
    const merchantCases: Array<[sentence: string, query: Record<string, string | number>, expected: SpecVerdict]> = [
      ['4.1 "No required parameters"', {}, ACCEPTED],
      ['limit "maximum 500"', { limit: 501 }, refusedFor('limit')],
      ['updatedAtFrom, an ISO 8601 date', { updatedAtFrom: '2026-04-01' }, ACCEPTED],
      ['updatedAtFrom, an ISO 8601 date-time with an offset', { updatedAtFrom: '2026-04-01T10:00:00+02:00' }, ACCEPTED],
      ['updatedAtFrom that is no date', { updatedAtFrom: 'yesterday' }, refusedFor('updatedAtFrom')],
      ['isActive "boolean"', { isActive: 'yes' }, refusedFor('isActive')],
      ['next "integer"', { next: 'abc' }, refusedFor('next')],
    ];
    for (const [sentence, query, expected] of merchantCases) {
      it(`merchants: ${sentence}`, async () => {
        assert.deepEqual(specMerchantVerdict(asText(query)), expected, 'the reading of the spec');
        await judge(ENDPOINT_PATHS.merchants, query, () => client.getMerchantPage(query as MerchantQuery), expected);
      });
    }
  });

  it('every period resolvePeriod accepts runs forwards and is at most 120 days, whatever today is', async () => {
    const todayArb = fc.integer({ min: day('2000-01-01'), max: day('2100-12-31') }).map(fromDayNumber);
    await checkProperty(
      fc.property(
        fc.record(
          {
            days: fc.oneof(numberish(-2, 200), fc.constant(null)),
            date: fc.option(dateArb),
            dateFrom: fc.option(dateArb),
            dateTo: fc.option(dateArb),
          },
          { requiredKeys: [] },
        ),
        todayArb,
        (params, today) => {
          const result = resolvePeriod(params as Parameters<typeof resolvePeriod>[0], today);
          if (result.ok) {
            const from = toDayNumber(result.period.from);
            const to = toDayNumber(result.period.to);
            assert.ok(from !== undefined && to !== undefined, JSON.stringify(result.period));
            assert.ok(from <= to && to - from <= MAX_PERIOD_DAYS, JSON.stringify(result.period));
          } else {
            assert.ok(
              result.problem.message.length > 0 &&
                ['days', 'date', 'dateFrom', 'dateTo'].includes(result.problem.property),
            );
          }
        },
      ),
    );
  });

  it("every preset of the report panel is a period the service's rules accept (in windows of at most 120 days)", async () => {
    const presets: FixedPreset[] = [
      'today',
      'yesterday',
      'last7',
      'last30',
      'last90',
      'last120',
      'thisMonth',
      'lastMonth',
      'last12Months',
    ];
    await checkProperty(
      fc.property(
        fc.constantFrom(...presets),
        fc.integer({ min: day('2000-01-01'), max: day('2100-12-31') }).map(fromDayNumber),
        (preset, today) => {
          const result = resolveReportPeriod({ preset }, today);
          assert.ok(result.ok);
          const { from, to } = result.period;
          assert.ok(from <= to && to <= today, `${preset} ${from}..${to}`);
          const checked = resolvePeriod({ dateFrom: from, dateTo: to }, today);
          if (preset !== 'last12Months') {
            assert.ok(checked.ok, `${preset} ${from}..${to}: ${checked.ok ? '' : checked.problem.message}`);
          }
        },
      ),
    );
  });
});
