/**
 * A watchlist's limits and the checks of its form fields, without zod: the browser's forms (and the CSV import)
 * show a field's problem before anything is sent. lib/desk/watchlists.ts builds the routes' zod schemas from
 * these limits; watchlist-rules.test.ts holds the checks and the schemas to one table of inputs.
 */
import { SYMBOL_RE } from "@/lib/alpha/patterns";
import type { Holding } from "@/lib/alpha/summaries";
import { MAX_SUMMARY_SYMBOLS } from "@/lib/alpha/summary-rules";

/** A watchlist fits one summary request: at most as many symbols as a summary takes. */
export const MAX_WATCHLIST_ITEMS = MAX_SUMMARY_SYMBOLS;
export const MAX_WATCHLISTS = 50;
/** The most symbols one known-symbols check takes. */
export const MAX_SYMBOL_CHECK = 1_000;
export const MAX_WATCHLIST_NAME = 60;
/** An item's label, as a summary's holding takes it. */
export const MAX_ITEM_LABEL = 80;

/** What a watchlist's exposures count: rupees of value, shares held, or percent of the book. null: not said. */
export const EXPOSURE_UNITS = ["inr", "shares", "weight"] as const;

export const ISIN_RE = /^[A-Z]{2}[A-Z0-9]{9}\d$/;
export const ISIN_MESSAGE = "must be a 12-character ISIN such as INE467B01029";
export const SYMBOL_MESSAGE = "must be an exchange symbol such as RELIANCE or M&M";
export const EXPOSURE_MESSAGE = "must be zero or more";
export const NAME_MISSING_MESSAGE = "give the watchlist a name";

/** A checked field's value as the route will read it, or the problem in words ("must be …"). */
export type FieldCheck<T> = { ok: true; value: T } | { ok: false; message: string };
/** A checked form: its values as the route will read them, or the first problem of each field. */
export type FormCheck<T, F extends string> = { ok: true; value: T } | { ok: false; problems: Partial<Record<F, string>> };

function exposureProblem(exposure: number): string | null {
  if (!Number.isFinite(exposure)) return "must be a number";
  return exposure < 0 ? EXPOSURE_MESSAGE : null;
}

function labelProblem(label: string): string | null {
  return label.trim().length > MAX_ITEM_LABEL ? `at most ${MAX_ITEM_LABEL} characters` : null;
}

/** A watchlist's name: trimmed, 1 to MAX_WATCHLIST_NAME characters. */
export function checkWatchlistName(name: string): FieldCheck<string> {
  const value = name.trim();
  if (value.length === 0) return { ok: false, message: NAME_MISSING_MESSAGE };
  if (value.length > MAX_WATCHLIST_NAME) return { ok: false, message: `at most ${MAX_WATCHLIST_NAME} characters` };
  return { ok: true, value };
}

/** An ISIN as typed or read from a file: trimmed, upper-cased, two letters, nine letters or digits, a check digit. */
export function checkIsin(text: string): FieldCheck<string> {
  const value = text.trim().toUpperCase();
  return ISIN_RE.test(value) ? { ok: true, value } : { ok: false, message: ISIN_MESSAGE };
}

/** One holding (a summary's, and so a watchlist item's): an exchange symbol, an exposure of zero or more, a label. */
export function checkHolding(input: { symbol: string; exposure?: number; label?: string }): FormCheck<Holding, "symbol" | "exposure" | "label"> {
  const problems: Partial<Record<"symbol" | "exposure" | "label", string>> = {};
  const symbol = input.symbol.trim().toUpperCase();
  if (!SYMBOL_RE.test(symbol)) problems.symbol = SYMBOL_MESSAGE;
  const exposure = input.exposure === undefined ? null : exposureProblem(input.exposure);
  if (exposure) problems.exposure = exposure;
  const label = input.label === undefined ? null : labelProblem(input.label);
  if (label) problems.label = label;
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: { symbol, ...(input.exposure !== undefined ? { exposure: input.exposure } : {}), ...(input.label !== undefined ? { label: input.label.trim() } : {}) },
  };
}

/** A change to one item: null clears a field. */
export function checkItemChange(input: { exposure: number | null; label: string | null }): FormCheck<{ exposure: number | null; label: string | null }, "exposure" | "label"> {
  const problems: Partial<Record<"exposure" | "label", string>> = {};
  const exposure = input.exposure === null ? null : exposureProblem(input.exposure);
  if (exposure) problems.exposure = exposure;
  const label = input.label === null ? null : labelProblem(input.label);
  if (label) problems.label = label;
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, value: { exposure: input.exposure, label: input.label === null ? null : input.label.trim() } };
}

/** A watchlist as the `items` of a daily-summary request (absent fields left out, as the contract wants). */
export function watchlistToItems(items: readonly { symbol: string; exposure: number | null; label: string | null }[]): { symbol: string; exposure?: number; label?: string }[] {
  return items.map((i) => ({
    symbol: i.symbol,
    ...(i.exposure !== null ? { exposure: i.exposure } : {}),
    ...(i.label ? { label: i.label } : {}),
  }));
}
