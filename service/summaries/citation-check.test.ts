import { describe, expect, it } from "vitest";
import { dailySummaryRequestSchema } from "../../lib/alpha/summaries";
import { istWindowStart } from "../../lib/alpha/time";
import { ManualClock } from "../clock";
import { createRng } from "../dataset/rng";
import { seedDataset } from "../dataset/seed";
import { openDatabase } from "../store/db";
import { makeTestContext } from "../../test/support/service-summaries";
import { checkCitations } from "./citation-check";
import { generateDailySummary } from "./daily-summary";
import { prepareSummaryInput } from "./engine";

/** A results day in the seeded market: mid-season, a weekday afternoon in IST. */
const NOW = "2026-11-12T15:30:00+05:30";

describe("every number of a summary is in a record it cites", () => {
  const db = openDatabase(":memory:");
  seedDataset(db, { seed: 46, now: new Date(NOW), scale: 0.3 });
  const ctx = makeTestContext({ db, clock: new ManualClock(NOW) });
  const symbols = (db.prepare("SELECT symbol FROM companies ORDER BY market_cap DESC").all() as { symbol: string }[]).map((r) => r.symbol);

  async function summaryOf(request: unknown) {
    const parsed = dailySummaryRequestSchema.parse(request);
    const result = await generateDailySummary({ ctx, input: { request: parsed, requestId: "req_cite" } });
    const input = prepareSummaryInput(parsed);
    const window = { startMs: istWindowStart(new Date(NOW), input.contextWindowDays).getTime(), nowMs: Date.parse(NOW) };
    return { result, input, window };
  }

  it("a generated day for 50 portfolios: 0 uncited numbers", async () => {
    const rng = createRng("portfolios-46");
    let summaries = 0;
    let markers = 0;
    const failures: unknown[] = [];
    for (let p = 0; p < 50; p++) {
      const size = 3 + Math.floor(rng.next() * 18);
      const pool = [...symbols];
      const holdings: { symbol: string; exposure: number; label?: string }[] = [];
      for (let i = 0; i < size && pool.length > 0; i++) {
        // Large caps more often, as books hold them; some long tail too.
        const at = Math.floor(rng.next() ** 2 * pool.length);
        const [symbol] = pool.splice(at, 1);
        holdings.push({ symbol: symbol!, exposure: Math.round(rng.next() * 9_00_000) / 100 + 1, ...(i === 0 ? { label: `sleeve ${p + 1}` } : {}) });
      }
      const request = p % 5 === 4 ? { symbols: holdings.map((h) => h.symbol) } : { portfolio: holdings };
      const { result, input, window } = await summaryOf(request);
      if (!result.summary) continue;
      summaries++;
      markers += (result.summary.match(/\[\d+\]/g) ?? []).length;
      for (const f of checkCitations({ db, summary: result.summary, input, window })) failures.push({ portfolio: p, ...f });
    }
    expect(summaries).toBe(50);
    expect(markers).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });

  it("fails a summary whose figure is not in the record it cites, or that cites nothing", async () => {
    const { result, input, window } = await summaryOf({ portfolio: symbols.slice(0, 8).map((symbol, i) => ({ symbol, exposure: 10 + i })) });
    const summary = result.summary ?? "";
    expect(checkCitations({ db, summary, input, window })).toEqual([]);
    // A figure moved in its last digit, a figure added without a citation, a citation to a record that does not exist.
    const body = summary.split("## Sources")[0] ?? "";
    const figure = /(\d[\d,]*\.\d{2})\b/.exec(body)?.[1] ?? /: [^\n]*?\b(\d+\.\d+)/.exec(body)?.[1];
    expect(figure).toBeDefined();
    const moved = `${figure!.slice(0, -1)}${(Number(figure!.slice(-1)) + 5) % 10}`;
    const bumped = summary.replace(figure!, moved);
    expect(checkCitations({ db, summary: bumped, input, window }).map((f) => f.number)).toContain(moved);
    const uncited = summary.replace("## Sources", "Analysts see 17.5% upside.\n\n## Sources");
    expect(checkCitations({ db, summary: uncited, input, window })).toEqual([{ text: expect.stringContaining("17.5% upside") as string, number: "17.5", cited: [] }]);
    // The first stored record it cites (an alert or a news item, as the day has them) replaced by one that never was.
    const ghost = summary.replace(/`(alt|nws)_[0-9a-f]+`/, (_m, kind: string) => `\`${kind}_ghost\``);
    expect(ghost).not.toBe(summary);
    expect(checkCitations({ db, summary: ghost, input, window }).some((f) => f.cited.some((c) => c.includes("not in the store")))).toBe(true);
  });
});
