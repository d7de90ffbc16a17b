/** Lenient readers for single JSON values: a typed value, or null (or an empty list), never a throw. */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null;
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export function readInteger(value: unknown): number | null {
  const number = readNumber(value);
  return number !== null && Number.isSafeInteger(number) ? number : null;
}

export function readString(value: unknown): string | null {
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    return String(value);
  }
  return null;
}

function isPrintableAscii(code: number): boolean {
  return code > 32 && code < 127;
}

/** A non-empty string, trimmed; null for blanks. */
export function readText(value: unknown): string | null {
  const text = readString(value);
  if (text === null || text === '') {
    return null;
  }
  // Most values start and end with printable ASCII, so there is nothing to trim.
  if (isPrintableAscii(text.charCodeAt(0)) && isPrintableAscii(text.charCodeAt(text.length - 1))) {
    return text;
  }
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * An identifier kept opaque: a non-blank string as sent (real payloads send UUIDs where the
 * spec says numbers), or a whole number written as a string; null for anything else.
 */
export function readId(value: unknown): string | null {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? String(value) : null;
  }
  return readText(value);
}

export function readBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') {
    return value;
  }
  if (value === 'true' || value === 1) {
    return true;
  }
  if (value === 'false' || value === 0) {
    return false;
  }
  return null;
}

// The list readers below run for every merchant of a 20,000-merchant catalog: plain loops,
// no intermediate arrays.

/** A list of non-empty strings; a single string counts as a list of one. */
export function readTextList(value: unknown): string[] {
  const list: string[] = [];
  if (!Array.isArray(value)) {
    const one = readText(value);
    if (one !== null) {
      list.push(one);
    }
    return list;
  }
  for (const item of value) {
    const text = readText(item);
    if (text !== null) {
      list.push(text);
    }
  }
  return list;
}

/** The integers of a list; a single integer counts as a list of one. */
export function readIntegerList(value: unknown): number[] {
  const list: number[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    const number = readInteger(item);
    if (number !== null) {
      list.push(number);
    }
  }
  return list;
}

/** The lowest (`sign` 1) or highest (`sign` -1) number of a list or a single number; null for none. */
export function readExtreme(value: unknown, sign: 1 | -1): number | null {
  if (!Array.isArray(value)) {
    return readNumber(value);
  }
  let best: number | null = null;
  for (const item of value) {
    const number = readNumber(item);
    if (number !== null && (best === null || (number - best) * sign < 0)) {
      best = number;
    }
  }
  return best;
}

/** `read` applied to each object of a list; anything else in it is dropped. */
export function readObjects<T>(value: unknown, read: (item: JsonObject, index: number) => T): T[] {
  const list: T[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      if (isObject(item)) {
        list.push(read(item, list.length));
      }
    }
  }
  return list;
}
