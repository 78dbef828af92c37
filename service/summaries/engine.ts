import type { z } from "zod";
import type { SUMMARY_STATUSES, SummaryMode, dailySummaryRequestSchema } from "../../lib/alpha/summaries";
import { DEFAULT_CONTEXT_WINDOW_DAYS, EXPOSURE_CONTEXT_WINDOW_DAYS } from "../../lib/alpha/summaries";
import type { Db } from "../store/db";

export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];
export type ParsedSummaryRequest = z.output<typeof dailySummaryRequestSchema>;

/**
 * `portfolio` for a `portfolio` request and for `items` carrying at least one exposure; `watchlist` for
 * `symbols` and for `items` without exposures (the hosted SDK knows only these two values).
 */
export type SummaryInputType = "portfolio" | "watchlist";

export interface SummaryHolding {
  symbol: string;
  exposure: number | null;
  label: string | null;
}

/** A request after normalisation: distinct symbols in input order, the mode and the effective window. */
export interface SummaryInput {
  mode: SummaryMode;
  inputType: SummaryInputType;
  holdings: SummaryHolding[];
  /** Entries as submitted, before duplicates were merged. */
  submittedSymbolCount: number;
  contextWindowDays: number;
}

export interface SummaryEngineContext {
  db: Db;
  now: Date;
  requestId: string;
}

export interface SummaryError {
  code: string;
  message: string;
}

export interface SummaryDetails {
  context_window_days: number;
  input_type: SummaryInputType;
  mode: SummaryMode;
  /** Distinct symbols submitted (known or not). */
  portfolio_size: number;
  request_id: string;
  /** Entries submitted, duplicates included. */
  submitted_symbol_count: number;
  /** Known symbols the summary covers. */
  symbols_processed: number;
  unknown_symbols: string[];
  /** The window read: its IST start and the generation time, ISO with +05:30. */
  window_start: string;
  window_end: string;
  engine: string;
}

export interface SummaryResult {
  status: SummaryStatus;
  summary: string | null;
  details: SummaryDetails;
  error: SummaryError | null;
}

/**
 * The one seam between the service and whatever writes summaries: the built-in deterministic engine, or a
 * language-model backend later. An engine reads the store, never writes it, and bills nothing.
 */
export interface SummaryEngine {
  readonly name: string;
  summarize(input: SummaryInput, context: SummaryEngineContext): Promise<SummaryResult>;
}

/** Merges duplicate symbols (first label wins, exposures add up) and settles the mode and window. */
export function prepareSummaryInput(request: ParsedSummaryRequest): SummaryInput {
  const entries: { symbol: string; exposure?: number | undefined; label?: string | undefined }[] =
    request.portfolio ?? request.items ?? (request.symbols ?? []).map((symbol) => ({ symbol }));
  const bySymbol = new Map<string, SummaryHolding>();
  for (const e of entries) {
    const prev = bySymbol.get(e.symbol);
    if (!prev) {
      bySymbol.set(e.symbol, { symbol: e.symbol, exposure: e.exposure ?? null, label: e.label ?? null });
    } else {
      if (e.exposure !== undefined) prev.exposure = (prev.exposure ?? 0) + e.exposure;
      prev.label ??= e.label ?? null;
    }
  }
  const holdings = [...bySymbol.values()];
  const mode: SummaryMode = request.mode ?? "exposure";
  const inputType: SummaryInputType =
    request.portfolio !== undefined || (request.items ?? []).some((i) => i.exposure !== undefined) ? "portfolio" : "watchlist";
  return {
    mode,
    inputType,
    holdings,
    submittedSymbolCount: entries.length,
    contextWindowDays: mode === "exposure" ? EXPOSURE_CONTEXT_WINDOW_DAYS : (request.context_window_days ?? DEFAULT_CONTEXT_WINDOW_DAYS),
  };
}

/** The wire body of a daily summary (single response, or a batch line's `response.body`). */
export function toSummaryResponseBody(result: SummaryResult): Record<string, unknown> {
  return {
    status: result.status,
    summary: result.summary,
    details: result.details,
    ...(result.error ? { error: result.error } : {}),
  };
}
