/** Report items for the model benches: the sandbox's, as the extension receives them. */
import type { ReportPeriod } from '../../src/reports/model/reportTypes';

/** Items as the extension receives them (through JSON), normalised; unreadable ones left out. */
export function received<T>(
  wire: readonly unknown[],
  normalize: (raw: unknown) => { ok: true; value: T } | { ok: false },
): T[] {
  const items: T[] = [];
  for (const raw of JSON.parse(JSON.stringify(wire)) as unknown[]) {
    const result = normalize(raw);
    if (result.ok) {
      items.push(result.value);
    }
  }
  return items;
}

/** The period the items span, so that every item is counted (the generator's history may change). */
export function spanOf(days: Iterable<string | null>): ReportPeriod {
  let from = '9999-12-31';
  let to = '0000-01-01';
  for (const day of days) {
    if (day !== null) {
      from = day < from ? day : from;
      to = day > to ? day : to;
    }
  }
  return { from, to };
}
