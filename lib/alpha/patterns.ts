/**
 * The wire format's plain patterns (symbols, quarter keys, ISO dates) and list limits, zod-free: the time and quarter
 * helpers and the pages' request builders read them at first render; lib/alpha/primitives.ts and query-params.ts build
 * the schemas on them and re-export them.
 */

export const QUARTER_KEY_RE = /^q([1-4])_(\d{2})$/;
export const SYMBOL_RE = /^[A-Z0-9][A-Z0-9&._-]{0,24}$/;
export const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isDateOnly(v: string): boolean {
  return ISO_DATE_RE.test(v);
}

/** Limits the interface states for every multi-value parameter. */
export const MAX_LIST_VALUES = 20;
export const MAX_TYPE_VALUES = 10;
export const MAX_PAGE = 10_000;
