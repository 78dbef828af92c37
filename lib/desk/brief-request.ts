/**
 * The summary request a brief sends for a watchlist's holdings: the server's runner and the price preview share it.
 * Zod-free (the briefs card prices a brief at first render); lib/desk/briefs.ts re-exports it with the routes' schemas.
 */
import type { DailySummaryRequest, SummaryMode } from "@/lib/alpha/summaries";
import { DEFAULT_CONTEXT_WINDOW_DAYS, WINDOWED_MODES } from "@/lib/alpha/summary-rules";

export function briefRequest(items: readonly { symbol: string; exposure: number | null; label: string | null }[], mode: SummaryMode): DailySummaryRequest {
  const holdings = items.map((i) => ({ symbol: i.symbol, ...(i.exposure !== null ? { exposure: i.exposure } : {}), ...(i.label ? { label: i.label } : {}) }));
  return { items: holdings, mode, ...(WINDOWED_MODES.includes(mode) ? { context_window_days: DEFAULT_CONTEXT_WINDOW_DAYS } : {}) };
}
