/** What every link rule returns, and how refused values show in messages (what happened, then what to do). */

/** A link ready to use, or a message saying why there is none and what to do. */
export type LinkResult = { ok: true; link: string } | { ok: false; message: string };

const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `value` in double quotes for a message: on one line (control characters become spaces),
 * without bidirectional controls, cut to `max` characters with `…` when longer.
 */
export function quote(value: string, max = 60): string {
  const oneLine = value.replace(BIDI_CONTROLS, '').replace(CONTROL_OR_BREAK, ' ');
  const chars = Array.from(oneLine);
  return `"${chars.length > max ? `${chars.slice(0, max).join('')}…` : oneLine}"`;
}

/** A merchant's name in double quotes for a message. */
export function quoteName(name: string): string {
  return quote(name, 100);
}
