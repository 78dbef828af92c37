/**
 * The wire format's plain patterns (symbols, quarter keys, ISO dates), zod-free: the time and quarter helpers every
 * page runs at first render read them from here; lib/alpha/primitives.ts builds the schemas on them and re-exports them.
 */

export const QUARTER_KEY_RE = /^q([1-4])_(\d{2})$/;
export const SYMBOL_RE = /^[A-Z0-9][A-Z0-9&._-]{0,24}$/;
export const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isDateOnly(v: string): boolean {
  return ISO_DATE_RE.test(v);
}
