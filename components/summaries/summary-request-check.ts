import { SYMBOL_RE } from "@/lib/alpha/patterns";
import type { DailySummaryRequest } from "@/lib/alpha/summaries";
import { CONTEXT_WINDOW_MAX, CONTEXT_WINDOW_MIN, MAX_SUMMARY_SYMBOLS, SUMMARY_MODES } from "@/lib/alpha/summary-rules";
import { checkHolding, SYMBOL_MESSAGE } from "@/lib/desk/watchlist-rules";

/** A typed symbol as the contract reads it (trimmed, upper-cased), or null when it is not an exchange symbol. */
export function symbolOf(text: string): string | null {
  const symbol = text.trim().toUpperCase();
  return SYMBOL_RE.test(symbol) ? symbol : null;
}

/**
 * The summary form's check of a daily-summary request, without zod: the rules of the contract's
 * dailySummaryRequestSchema (summary-request-check.test.ts holds both to one table), so the form shows what is
 * wrong, and disables Generate, before anything is priced, sent or spent. On success, the request as the contract reads it.
 */
export function checkSummaryRequest(request: DailySummaryRequest): { ok: true; value: DailySummaryRequest } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const given = (["portfolio", "symbols", "items"] as const).filter((k) => request[k] !== undefined);
  if (given.length !== 1) problems.push("provide exactly one of portfolio, symbols, items");
  const value: DailySummaryRequest = {};
  const count = (list: readonly unknown[], what: string) => {
    if (list.length === 0) problems.push(`at least one ${what} is required`);
    if (list.length > MAX_SUMMARY_SYMBOLS) problems.push(`at most ${MAX_SUMMARY_SYMBOLS} symbols`);
  };
  for (const key of ["portfolio", "items"] as const) {
    const holdings = request[key];
    if (holdings === undefined) continue;
    count(holdings, "holding");
    value[key] = holdings.flatMap((h) => {
      const checked = checkHolding(h);
      if (checked.ok) return [checked.value];
      problems.push(...Object.entries(checked.problems).map(([field, message]) => (field === "symbol" ? `${h.symbol}: ${message}` : `${h.symbol} ${field}: ${message}`)));
      return [];
    });
  }
  if (request.symbols !== undefined) {
    count(request.symbols, "symbol");
    value.symbols = request.symbols.flatMap((s) => {
      const symbol = symbolOf(s);
      if (symbol === null) problems.push(`${s}: ${SYMBOL_MESSAGE}`);
      return symbol === null ? [] : [symbol];
    });
  }
  if (request.mode !== undefined) {
    if ((SUMMARY_MODES as readonly string[]).includes(request.mode)) value.mode = request.mode;
    else problems.push(`must be one of ${SUMMARY_MODES.join(", ")}`);
  }
  const window = request.context_window_days;
  if (window !== undefined) {
    if (Number.isInteger(window) && window >= CONTEXT_WINDOW_MIN && window <= CONTEXT_WINDOW_MAX) value.context_window_days = window;
    else problems.push(`the context window is ${CONTEXT_WINDOW_MIN} to ${CONTEXT_WINDOW_MAX} days`);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}
