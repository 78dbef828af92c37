import { describe, expect, it } from "vitest";
import type { BatchLine, BatchResultLine } from "@/lib/alpha/batch";
import { batchResultsSchema, checkBatchFile } from "@/lib/alpha/batch";
import { batchJobCost as maxBatchCost } from "@/lib/alpha/costs";
import { SUMMARY_MODES } from "@/lib/alpha/summaries";
import { EXAMPLE_FORMS, exampleLine, exampleTemplate } from "./batch-examples";
import { resultsToCsv } from "./batch-csv";
import { buildJobLines, isCancelledResult, isFailedResult, rebuildFailedLines, resultInputs, resultsToJsonl, toJsonl } from "./batch-lines";

const watchlist = (name: string, symbols: string[]) => ({
  id: `wl_${name}`,
  name,
  exposureUnit: null,
  items: symbols.map((symbol, i) => ({ symbol, exposure: i === 0 ? 10 : null, label: null })),
  createdAt: "2026-05-11T00:00:00.000Z",
  updatedAt: "2026-05-11T00:00:00.000Z",
  sharing: "private" as const,
  owner: null,
  canEdit: true,
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
    expect(resultsToCsv(results)).toBe("custom_id,watchlist,symbols,labels,status,summary,error_code,error_message\na,,,,success,# Hi,,\nb,,,,error,,summary_failed,no\n");
    // A custom id or label that starts like a formula (one submitted before the service refused them) is neutralised.
    const inputs = new Map([["+x", { watchlist: "-list", symbols: ["TCS"], labels: { TCS: "=1+1" } }]]);
    expect(resultsToCsv([ok("+x")], inputs).split("\n")[1]).toBe("'+x,'-list,TCS,TCS: =1+1,success,# Hi,,");
  });

  it("puts the watchlist and its labels beside each result line", () => {
    const core = { ...watchlist("Core book", ["TCS", "INFY"]), items: [{ symbol: "TCS", exposure: 10, label: "IT, large" }, { symbol: "INFY", exposure: null, label: null }] };
    const banks = { ...watchlist("Banks", ["HDFCBANK"]), items: [{ symbol: "HDFCBANK", exposure: null, label: "private" }] };
    const input: BatchLine[] = [
      ...buildJobLines([core], ["exposure"], 1),
      { custom_id: "typed", symbols: ["HDFCBANK", "ITC"] },
      { custom_id: "own", items: [{ symbol: "TCS", label: "mine" }] },
    ];
    const inputs = resultInputs(input, [core, banks]);
    expect(inputs.get("core-book-exposure")).toEqual({ watchlist: "Core book", symbols: ["TCS", "INFY"], labels: { TCS: "IT, large" } });
    expect(inputs.get("typed")).toEqual({ watchlist: null, symbols: ["HDFCBANK", "ITC"], labels: { HDFCBANK: "private" } });
    expect(inputs.get("own")?.labels).toEqual({ TCS: "mine" });
    const csv = resultsToCsv([ok("core-book-exposure"), failed("typed")], inputs).split("\n");
    expect(csv[1]).toBe('core-book-exposure,Core book,TCS INFY,"TCS: IT, large",success,# Hi,,');
    expect(csv[2]).toBe("typed,,HDFCBANK ITC,HDFCBANK: private,error,,summary_failed,no");
    const jsonl = batchResultsSchema.parse(resultsToJsonl([ok("core-book-exposure")], inputs));
    expect(jsonl[0]).toMatchObject({ custom_id: "core-book-exposure", input: { watchlist: "Core book", labels: { TCS: "IT, large" } } });
  });
});

describe("batch examples", () => {
  it("shows a line for each form and mode that passes the file check as it is, and a template of all of them", () => {
    for (const form of EXAMPLE_FORMS) {
      for (const mode of SUMMARY_MODES) {
        const check = checkBatchFile(JSON.stringify(exampleLine(form, mode)));
        expect(check.errors, `${form} ${mode}`).toEqual([]);
        expect(check.lines[0]?.mode).toBe(mode);
      }
    }
    const template = checkBatchFile(exampleTemplate());
    expect(template.errors).toEqual([]);
    expect(template.lines).toHaveLength(EXAMPLE_FORMS.length * SUMMARY_MODES.length);
  });
});
