/**
 * Lenient readers for single JSON values. Each returns a typed value or null (or an empty
 * list) and never throws: a field that is missing, null or of an unexpected type is simply
 * "not known".
 */

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

/** A non-empty string, trimmed; null for blanks. */
export function readText(value: unknown): string | null {
  const text = readString(value)?.trim();
  return text ? text : null;
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

/** A list of non-empty strings; a single string counts as a list of one. */
export function readTextList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map(readText).filter((item): item is string => item !== null);
}

/** A list of numbers; a single number counts as a list of one. */
export function readNumberList(value: unknown): number[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map(readNumber).filter((item): item is number => item !== null);
}

export function readIntegerList(value: unknown): number[] {
  return readNumberList(value).filter((item) => Number.isSafeInteger(item));
}

/** The objects of a list; anything else in it is dropped. */
export function readObjectList(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}
