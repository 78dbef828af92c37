/**
 * Batch jobs in the browser: lines built from watchlists and modes, JSONL in and out, and the rebuild of a finished
 * job's failed lines from the input the desk kept. The results as CSV are in ./batch-csv.ts (papaparse, fetched on
 * the download click).
 */
import type { BatchLine, BatchResultLine } from "@/lib/alpha/batch";
import { symbolsOfRequest } from "@/lib/alpha/batch-limits";
import type { SummaryMode } from "@/lib/alpha/summaries";
import { WINDOWED_MODES } from "@/lib/alpha/summary-rules";
import type { Watchlist } from "@/lib/desk/watchlists";
import { watchlistToItems } from "@/lib/desk/watchlist-rules";

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "watchlist"
  );
}

/** One line per watchlist × mode; custom_id `<watchlist>-<mode>`, made unique with a counter. */
export function buildJobLines(watchlists: readonly Watchlist[], modes: readonly SummaryMode[], windowDays: number): BatchLine[] {
  const lines: BatchLine[] = [];
  const used = new Set<string>();
  for (const w of watchlists) {
    if (w.items.length === 0) continue;
    for (const mode of modes) {
      const base = `${slug(w.name)}-${mode}`;
      let id = base;
      for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
      lines.push({ custom_id: id, items: watchlistToItems(w.items), mode, ...(WINDOWED_MODES.includes(mode) ? { context_window_days: windowDays } : {}) });
    }
  }
  return lines;
}

/** JSONL with a trailing newline, as the hosted SDK writes it. */
export function toJsonl(rows: readonly unknown[]): string {
  return rows.length === 0 ? "" : `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`;
}

/** A result line that produced no summary: an error, or a non-2xx response. Free outcomes (no news) are not failures. */
export function isFailedResult(r: BatchResultLine): boolean {
  if (r.error) return true;
  if (r.status === "error") return true;
  return (r.response?.status_code ?? 200) >= 400;
}

/** A line a cancel stopped before it ran: no summary and no charge (the service's `cancelled` result). */
export function isCancelledResult(r: BatchResultLine): boolean {
  return r.error?.code === "cancelled";
}

export function resultSummary(r: BatchResultLine): string | null {
  return r.response?.body?.summary ?? null;
}

/** The status a result line reports (its own, else its response body's). */
export function resultStatus(r: BatchResultLine): string {
  return r.status ?? r.response?.body?.status ?? (isFailedResult(r) ? "error" : "success");
}

export function resultError(r: BatchResultLine): string | null {
  return r.error ? `${r.error.message} (${r.error.code})` : null;
}

/**
 * The lines of a finished job to send again: those whose result failed, rebuilt from the job's kept input by
 * custom_id. `missing` names failed results whose input line is not known (they cannot be rebuilt).
 */
export function rebuildFailedLines(input: readonly BatchLine[], results: readonly BatchResultLine[]): { lines: BatchLine[]; missing: string[] } {
  const byId = new Map(input.map((l) => [l.custom_id, l]));
  const lines: BatchLine[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const r of results) {
    if (!isFailedResult(r) || seen.has(r.custom_id)) continue;
    seen.add(r.custom_id);
    const line = byId.get(r.custom_id);
    if (line) lines.push(line);
    else missing.push(r.custom_id);
  }
  return { lines, missing };
}

/** What a result line was asked about: its symbols, the watchlist it was built from, and each symbol's label. */
export interface ResultInput {
  watchlist: string | null;
  symbols: string[];
  /** Symbol → label, from the line's own items, else from the user's watchlists. */
  labels: Record<string, string>;
}

/**
 * Each kept input line's context by custom_id. The watchlist is the one holding exactly the line's symbols (lines
 * built from watchlists do); a label the line does not carry comes from that watchlist, else any that labels it.
 */
export function resultInputs(input: readonly BatchLine[], watchlists: readonly Watchlist[]): Map<string, ResultInput> {
  const out = new Map<string, ResultInput>();
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join(",") === [...b].sort().join(",");
  for (const line of input) {
    const symbols = symbolsOfRequest(line);
    const list = watchlists.find((w) => same(w.items.map((i) => i.symbol), symbols)) ?? null;
    const labels: Record<string, string> = {};
    for (const h of line.items ?? line.portfolio ?? []) if (h.label) labels[h.symbol] = h.label;
    for (const symbol of symbols) {
      if (labels[symbol]) continue;
      const label = (list ? [list] : watchlists).flatMap((w) => w.items).find((i) => i.symbol === symbol && i.label)?.label;
      if (label) labels[symbol] = label;
    }
    out.set(line.custom_id, { watchlist: list?.name ?? null, symbols, labels });
  }
  return out;
}

/** The results as JSONL, each line with the `input` it was asked about when the desk kept it. */
export function resultsToJsonl(results: readonly BatchResultLine[], inputs: ReadonlyMap<string, ResultInput> = new Map()): string {
  return toJsonl(results.map((r) => {
    const input = inputs.get(r.custom_id);
    return input ? { ...r, input } : r;
  }));
}

/** A one-line preview of a summary's markdown for the results table. */
export function previewOf(markdown: string | null, max = 140): string {
  if (!markdown) return "";
  const text = markdown
    .replace(/^#.*$/m, "")
    .replace(/[*_`>#|]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
