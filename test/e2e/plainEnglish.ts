/**
 * What the pseudo-locale run counts as a missed string: a plain English word left in what the
 * extension shows once the service's own values are taken out.
 *
 * Only values are taken out, whole, as the service sent them: a merchant's name, domains,
 * description and tracking link, a platform's or program's name, a SubID, a currency code, an
 * article's URLs. Never single words and never field names, so "12 clicks" stays plain English
 * even though the data has a field `clicks` and some merchant might be called "Click Outlet".
 * The one exemption by word is the month and weekday names the browser's Intl gives in English.
 */
import type { SandboxDataset } from '../../src/sandbox/dataset';

/** Every value of the service that the extension may show as it is, longest first. */
export function serviceValues(dataset: SandboxDataset, articleTexts: readonly string[] = []): string[] {
  const values = new Set<string>();
  const add = (value: unknown): void => {
    if (typeof value === 'string' && value.trim() !== '') {
      values.add(value);
    }
  };
  for (const merchant of dataset.merchants) {
    [
      merchant.name,
      merchant.defaultDomain,
      merchant.description,
      merchant.trackingLink,
      merchant.currencyCode,
      ...merchant.domains,
    ].forEach(add);
  }
  [...dataset.platforms, ...dataset.programs].forEach((named) => add(named.name));
  dataset.subIds.forEach(add);
  for (const item of [...dataset.clicks, ...dataset.actions]) {
    add(item.subId);
  }
  dataset.actions.forEach((action) => add(action.currencyCode));
  for (const text of articleTexts) {
    (text.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? []).forEach(add);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/**
 * The plain English words of `text`: runs of three or more ASCII letters left once every service
 * value is taken out (`values`, longest first) and that are not in `exemptWords` (Intl's names).
 * In the pseudo language every letter of the extension's own strings is transformed, so what
 * remains is a string that skipped the localisation.
 */
export function plainEnglishWords(text: string, values: readonly string[], exemptWords: ReadonlySet<string>): string[] {
  let rest = text;
  for (const value of values) {
    if (rest.includes(value)) {
      rest = rest.split(value).join(' ');
    }
  }
  return [
    ...new Set(
      (rest.match(/\p{L}+/gu) ?? []).filter(
        (word) => /^[A-Za-z]{3,}$/.test(word) && !exemptWords.has(word.toLowerCase()),
      ),
    ),
  ];
}

/**
 * The month and weekday names the browser's Intl gives for English: the webview formats dates
 * for the page's language with Intl, which has no pseudo language and falls back to English.
 * In a real language they are that language's names, so they are not missed strings.
 */
export function intlEnglishNames(): Set<string> {
  const names = new Set<string>();
  for (let month = 0; month < 12; month++) {
    for (const style of ['short', 'long'] as const) {
      names.add(
        new Date(Date.UTC(2026, month, 1)).toLocaleString('en-US', { month: style, timeZone: 'UTC' }).toLowerCase(),
      );
      names.add(
        new Date(Date.UTC(2026, 0, 4 + month))
          .toLocaleString('en-US', { weekday: style, timeZone: 'UTC' })
          .toLowerCase(),
      );
    }
  }
  return names;
}
