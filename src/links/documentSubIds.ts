/** The SubIDs a document's deeplinks carry; pure, and light: it does not pull in the domain index (a lazy bundle). */
import { findUrls, type FoundUrl } from './urlFinder';

export interface DocumentDeeplink {
  /** The decoded value of the SubID parameter. */
  subId: string;
  /** 0-based line of the link's start. */
  line: number;
  /** The URL as written in the document. */
  url: string;
  /** The URL's host as the URL parser writes it (lower case, punycode). */
  host: string;
}

export interface DeeplinkSubIdOptions {
  /** The query parameter carrying the SubID (setting affiliateLinks.deeplink.subIdParameter, default 's'). */
  subIdParameter: string;
  /** Whether a host is a tracking-link host of the catalog. */
  isTrackingHost(host: string): boolean;
}

/**
 * Every SubID in the deeplinks of a text, in document order: links on a catalog tracking-link
 * host carrying the SubID parameter; a link with the parameter twice gives two entries.
 *
 * Values decoded as URLSearchParams decodes a query (`%20` and `+` become spaces); empty ones are
 * skipped. A URL without a query is not parsed at all; nothing here throws, whatever the text.
 */
export function deeplinkSubIds(text: string, options: DeeplinkSubIdOptions): DocumentDeeplink[] {
  const parameter = options.subIdParameter.trim();
  if (parameter === '') {
    return [];
  }
  const deeplinks: DocumentDeeplink[] = [];
  // URLs come in document order: the line is counted on from the previous one.
  let line = 0;
  let lineCountedTo = 0;
  // A document links to few hosts: each is asked about once.
  const tracking = new Map<string, boolean>();
  for (const found of findUrls(text)) {
    const url = parsed(found);
    if (url === undefined || url.search === '') {
      continue;
    }
    let isTracking = tracking.get(url.hostname);
    if (isTracking === undefined) {
      isTracking = trackingHost(options, url.hostname);
      tracking.set(url.hostname, isTracking);
    }
    if (!isTracking) {
      continue;
    }
    const values = parameterValues(url.search, parameter);
    if (values.length === 0) {
      continue;
    }
    for (let at = text.indexOf('\n', lineCountedTo); at >= 0 && at < found.start; at = text.indexOf('\n', at + 1)) {
      line += 1;
    }
    lineCountedTo = found.start;
    for (const subId of values) {
      deeplinks.push({ subId, line, url: found.url, host: url.hostname });
    }
  }
  return deeplinks;
}

/**
 * The found URL parsed, or undefined when the URL API refuses it. In an HTML attribute, `&amp;`
 * stands for `&` (a deeplink written into HTML has its parameters joined so).
 */
function parsed(found: FoundUrl): URL | undefined {
  if (!found.url.includes('?')) {
    return undefined;
  }
  const written = found.context === 'href' ? found.url.replace(/&amp;/gi, '&') : found.url;
  try {
    return new URL(written);
  } catch {
    return undefined;
  }
}

/**
 * The non-empty values of the parameter `name` in a query (`?a=1&s=x`), decoded exactly as
 * `new URLSearchParams(search).getAll(name)` decodes them. Only the pieces that need it are
 * decoded by URLSearchParams: a deeplink's query holds a long encoded target URL, and decoding
 * all of it for every link was most of the cost of a long document's SubIDs (measured in the bench).
 */
function parameterValues(search: string, name: string): string[] {
  const values: string[] = [];
  for (const piece of search.slice(1).split('&')) {
    const equals = piece.indexOf('=');
    const rawName = equals < 0 ? piece : piece.slice(0, equals);
    if (rawName !== name && !needsDecoding(rawName)) {
      continue;
    }
    const rawValue = equals < 0 ? '' : piece.slice(equals + 1);
    if (rawName === name && !needsDecoding(rawValue)) {
      if (rawValue !== '') {
        values.push(rawValue);
      }
      continue;
    }
    for (const [key, value] of new URLSearchParams(piece)) {
      if (key === name && value !== '') {
        values.push(value);
      }
    }
  }
  return values;
}

function needsDecoding(raw: string): boolean {
  return raw.includes('%') || raw.includes('+');
}

/** The caller's answer, a host it throws on counting as no tracking host. */
function trackingHost(options: DeeplinkSubIdOptions, host: string): boolean {
  try {
    return options.isTrackingHost(host);
  } catch {
    return false;
  }
}

/** What an address gave: its host and the SubID parameter's values; null when it is no URL with a query. */
type Parsed = { host: string; values: string[] } | null;

/**
 * The SubIDs of deeplinks among the links another reader found line by line (the link health's
 * scanner, which keeps each line's object while the line does not change), as `deeplinkSubIds`
 * gives them: what a line gave is kept for the next call, so an edit costs the lines it changed.
 * One per document.
 */
export class DeeplinkSubIdMemo {
  private parameter = '';
  /** Per line object of the scanner: its addresses' hosts and SubIDs. */
  private byLine = new WeakMap<object, Array<{ subId: string; url: string; host: string }>>();

  /** The deeplinks of the lines, in document order; `line` is the index in `lines`. */
  readLines(lines: readonly { links: readonly { url: string; target: string }[] }[], options: DeeplinkSubIdOptions) {
    const parameter = options.subIdParameter.trim();
    if (parameter !== this.parameter) {
      this.parameter = parameter;
      this.byLine = new WeakMap();
    }
    const deeplinks: DocumentDeeplink[] = [];
    if (parameter === '') {
      return deeplinks;
    }
    const tracking = new Map<string, boolean>();
    for (let line = 0; line < lines.length; line++) {
      const scan = lines[line];
      if (scan.links.length === 0) {
        continue;
      }
      let found = this.byLine.get(scan);
      if (found === undefined) {
        found = [];
        for (const link of scan.links) {
          const parsed = parse(link.target, parameter);
          for (const subId of parsed?.values ?? []) {
            found.push({ subId, url: link.url, host: parsed!.host });
          }
        }
        this.byLine.set(scan, found);
      }
      for (const { subId, url, host } of found) {
        let isTracking = tracking.get(host);
        if (isTracking === undefined) {
          isTracking = trackingHost(options, host);
          tracking.set(host, isTracking);
        }
        if (isTracking) {
          deeplinks.push({ subId, line, url, host });
        }
      }
    }
    return deeplinks;
  }
}

function parse(target: string, parameter: string): Parsed {
  if (!target.includes('?')) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  return url.search === '' ? null : { host: url.hostname, values: parameterValues(url.search, parameter) };
}
