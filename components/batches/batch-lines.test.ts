import { describe, expect, it } from "vitest";
import type { BatchLine, BatchResultLine } from "@/lib/alpha/batch";
import { batchResultsSchema, checkBatchFile } from "@/lib/alpha/batch";
import { batchJobCost as maxBatchCost } from "@/lib/alpha/costs";
import { buildJobLines, isCancelledResult, isFailedResult, rebuildFailedLines, resultsToCsv, toJsonl } from "./batch-lines";

const watchlist = (name: string, symbols: string[]) => ({
  id: `wl_${name}`,
  name,
  items: symbols.map((symbol, i) => ({ symbol, exposure: i === 0 ? 10 : null, label: null })),
  createdAt: "2026-05-11T00:00:00.000Z",
  updatedAt: "2026-05-11T00:00:00.000Z",
});

const ok = (custom_id: string): BatchResultLine => ({ id: `r_${custom_id}`, custom_id, status: "success", response: { status_code: 200, body: { summary: "# Hi" } }, error: null });
const noNews = (custom_id: string): BatchResultLine => ({ id: `r_${custom_id}`, custom_id, status: "success_no_news", response: { status_code: 200, body: { summary: "quiet" } }, error: null });
const failed = (custom_id: string, code = "summary_failed"): BatchResultLine => ({
  id: `r_${custom_id}`,
  custom_id,
  status: "error",
  response: { status_code: 402, body: null },
  error: { code, message: "no" },
});

describe("batch lines", () => {
  it("builds one line per watchlist and mode with unique custom_ids, a window only for windowed modes", () => {
    const lines = buildJobLines([watchlist("Core book", ["TCS", "INFY"]), watchlist("core  book!", ["HDFCBANK"]), watchlist("Empty", [])], ["exposure", "news_context"], 3);
    expect(lines.map((l) => l.custom_id)).toEqual(["core-book-exposure", "core-book-news_context", "core-book-exposure-2", "core-book-news_context-2"]);
    expect(lines[0]).toEqual({ custom_id: "core-book-exposure", items: [{ symbol: "TCS", exposure: 10 }, { symbol: "INFY" }], mode: "exposure" });
    expect(lines[1]?.context_window_days).toBe(3);
    // What the builder makes, the file check accepts.
    const check = checkBatchFile(toJsonl(lines));
    expect(check.errors).toEqual([]);
    expect(check.lines).toHaveLength(4);
    expect(maxBatchCost(check.lines.length)).toBe(70);
  });

  it("tells failed results from free ones", () => {
    expect(isFailedResult(ok("a"))).toBe(false);
    expect(isFailedResult(noNews("a"))).toBe(false);
    expect(isFailedResult(failed("a"))).toBe(true);
    expect(isFailedResult({ id: "x", custom_id: "b", response: { status_code: 500 } })).toBe(true);
    const notRun = { id: "y", custom_id: "c", status: "error", response: null, error: { code: "cancelled", message: "The job was cancelled before this line ran" } };
    expect(isCancelledResult(notRun)).toBe(true);
    expect(isCancelledResult(failed("a"))).toBe(false);
  });

  it("rebuilds exactly the failed lines from the kept input, by custom_id", () => {
    const input: BatchLine[] = [
      { custom_id: "a", symbols: ["TCS"], mode: "news_context", context_window_days: 2 },
      { custom_id: "b", symbols: ["INFY"] },
      { custom_id: "c", items: [{ symbol: "HDFCBANK", exposure: 5 }], mode: "exposure" },
      { custom_id: "d", symbols: ["WIPRO"] },
    ];
    const results = [ok("a"), failed("b", "insufficient_credits"), noNews("d"), failed("c"), failed("zz")];
    const rebuilt = rebuildFailedLines(input, results);
    expect(rebuilt.lines).toEqual([input[1], input[2]]);
    expect(rebuilt.missing).toEqual(["zz"]);
    // The rebuilt job is a valid file on its own.
    expect(checkBatchFile(toJsonl(rebuilt.lines)).errors).toEqual([]);
    expect(rebuildFailedLines(input, [ok("a"), noNews("d")]).lines).toEqual([]);
  });

  it("writes results as JSONL and CSV that read back", () => {
    const results = [ok("a"), failed("b")];
    expect(batchResultsSchema.parse(toJsonl(results))).toHaveLength(2);
    expect(resultsToCsv(results)).toBe("custom_id,status,summary,error_code,error_message\na,success,# Hi,,\nb,error,,summary_failed,no\n");
  });
});
