/**
 * A finished job's results as CSV. Apart from ./batch-lines.ts so the CSV writer (papaparse, ~6 kB gzip) is fetched
 * on the download click, not with the batches pages.
 */
import { toCsv } from "@/lib/alpha/csv";
import type { BatchResultLine } from "@/lib/alpha/batch";
import { type ResultInput, resultStatus, resultSummary } from "./batch-lines";

/** The results as CSV: custom_id, watchlist, symbols, labels, status, summary, error_code, error_message. */
export function resultsToCsv(results: readonly BatchResultLine[], inputs: ReadonlyMap<string, ResultInput> = new Map()): string {
  const rows = results.map((r) => {
    const input = inputs.get(r.custom_id);
    const labels = input ? Object.entries(input.labels).map(([symbol, label]) => `${symbol}: ${label}`).join("; ") : "";
    return [r.custom_id, input?.watchlist ?? "", input?.symbols.join(" ") ?? "", labels, resultStatus(r), resultSummary(r) ?? "", r.error?.code ?? "", r.error?.message ?? ""];
  });
  return toCsv(["custom_id", "watchlist", "symbols", "labels", "status", "summary", "error_code", "error_message"], rows, "\n");
}
