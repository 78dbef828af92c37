import { describe, expect, it } from "vitest";
import { dailySummaryRequestSchema, dailySummaryResponseSchema, type DailySummaryRequest } from "../../lib/alpha/summaries";
import { ManualClock } from "../clock";
import type { ServiceContext } from "../context";
import { generateDailySummary } from "./daily-summary";
import { toSummaryResponseBody } from "./engine";
import { addAlert, addConcall, addEarnings, addNews } from "../../test/support/service";
import { addCompanies, makeTestContext, priced } from "../../test/support/service-summaries";

const NOW = "2026-05-12T10:00:00+05:30";
const at = (ist: string) => new Date(`${ist}+05:30`).getTime();

function setup(): ServiceContext {
  const ctx = makeTestContext({ clock: new ManualClock(NOW) });
  addCompanies(ctx.db, ["RELIANCE", "TCS", "INFY", "HDFCBANK", "SBIN", "ITC"]);
  return ctx;
}

async function summarize(ctx: ServiceContext, request: DailySummaryRequest) {
  const result = await generateDailySummary({ ctx, input: { request: dailySummaryRequestSchema.parse(request), requestId: "req_test" } });
  expect(dailySummaryResponseSchema.safeParse(toSummaryResponseBody(result)).success).toBe(true);
  return result;
}

describe("deterministic summary engine", () => {
  it("the effective number of holdings a summary quotes lies between 1 and the holdings covered, whatever sits elsewhere", async () => {
    const ctx = setup();
    for (const symbol of ["INFY", "RELIANCE", "TCS"]) addNews(ctx.db, { symbol, date_ms: at("2026-05-12T09:30:00"), sentiment: "positive", title: `${symbol} wins a large order`, source: "Mint" });
    for (const [portfolio, expected] of [
      [[{ symbol: "INFY", exposure: 10 }, { symbol: "RELIANCE", exposure: 10 }, { symbol: "TCS", exposure: 10 }, { symbol: "NOSUCH", exposure: 70 }], "3.0"],
      [[{ symbol: "INFY", exposure: 5 }, { symbol: "RELIANCE", exposure: 80 }, { symbol: "TCS", exposure: 15 }], "1.5"],
    ] as const) {
      const r = await summarize(ctx, { portfolio: [...portfolio] });
      const md = r.summary ?? "";
      const quoted = md.match(/effective number of holdings (\d+\.\d)/)?.[1];
      expect(quoted, md).toBe(expected);
      expect(Number(quoted)).toBeGreaterThanOrEqual(1);
      expect(Number(quoted)).toBeLessThanOrEqual(r.details?.symbols_processed ?? 0);
    }
  });

  it("exposure mode: ordered by weight, concentration called out, every source cited", async () => {
    const ctx = setup();
    addNews(ctx.db, { symbol: "TCS", date_ms: at("2026-05-12T09:30:00"), sentiment: "positive", title: "TCS wins large deal", source: "Mint" });
    addAlert(ctx.db, { symbol: "RELIANCE", ts_ms: at("2026-05-12T09:45:00"), price: priced(at("2026-05-12T09:45:00"), 3.2, 2945.1), reason: "Shares up on refining margins" });
    addEarnings(ctx.db, {
      symbol: "INFY",
      date_ms: at("2026-05-11T16:30:00"),
      quarter: "q4_26",
      summary: "Infosys beat estimates on revenue. Margins held.",
      earnings_table: { unit: "INR crore", periods: ["Q4 FY26", "Q3 FY26", "Q4 FY25"], rows: [{ label: "Revenue", values: [41000, 40000, 37900] }] },
    });
    addConcall(ctx.db, { symbol: "INFY", date_ms: at("2026-05-11T19:00:00"), meeting_ms: at("2026-05-11T19:00:00") - 3_600_000, short_analysis: { redflags: "Working capital rose.", guidance: "FY27 growth guided at 4-7% in constant currency." } });

    const r = await summarize(ctx, {
      portfolio: [
        { symbol: "INFY", exposure: 10 },
        { symbol: "RELIANCE", exposure: 60, label: "core" },
        { symbol: "TCS", exposure: 30 },
        { symbol: "NOSUCH", exposure: 0 },
      ],
    });
    expect(r.status).toBe("success");
    expect(r.error).toBeNull();
    expect(r.details).toMatchObject({
      context_window_days: 2,
      input_type: "portfolio",
      mode: "exposure",
      portfolio_size: 4,
      request_id: "req_test",
      submitted_symbol_count: 4,
      symbols_processed: 3,
      unknown_symbols: ["NOSUCH"],
    });
    const md = r.summary ?? "";
    expect(md).toMatch(/^# Portfolio summary — 12 May 2026/);
    const order = ["## RELIANCE — Reliance Industries", "## TCS — Tata Consultancy", "## INFY — Infosys"].map((h) => md.indexOf(h));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(md).toContain("Top holding RELIANCE is 60.0% of exposure — a concentrated position");
    expect(md).toMatch(/Oil, Gas & Consumable Fuels is the largest sector at 60\.0% \(sector concentration\)/);
    expect(md).toContain("NOSUCH");
    expect(md).toContain("“TCS wins large deal”");
    expect(md).toContain("Mint");
    expect(md).toContain("12 May 2026, 09:30 IST");
    expect(md).toContain("Shares up on refining margins (₹2,945.10, +3.20%");
    expect(md).toContain("Q4 FY26, filed 11 May 2026, 16:30 IST");
    expect(md).toContain("Revenue ₹41,000 cr (+8.2% vs Q4 FY25)");
    expect(md).toContain("FY27 growth guided at 4-7% in constant currency.");
    expect(md).toContain("label “core”");
    // Prose: what mattered most first, and why; each figure closed by its source, listed under Sources.
    expect(md).toMatch(/\*\*What mattered most today: RELIANCE \(60\.0% of the book \[\d+\]\) moved \+3\.20% to ₹2,945\.10 \(price alert at 09:45 IST\) \[\d+\]\.\*\*/);
    expect(md).toContain("It is your largest holding, so this moves the book more than anything else in the window");
    expect(md).toMatch(/^## Sources$/m);
    expect(md).toMatch(/^\d+\. Results filing `[^`]+` — INFY Q4 FY26 results, filed 11 May 2026, 16:30 IST$/m);
  });

  it("intraday_movements: moves from price and volume alerts, biggest first", async () => {
    const ctx = setup();
    addAlert(ctx.db, { symbol: "TCS", ts_ms: at("2026-05-12T09:20:00"), price: priced(at("2026-05-12T09:20:00"), -2.5), reason: "TCS slides" });
    addAlert(ctx.db, { symbol: "SBIN", ts_ms: at("2026-05-12T09:25:00"), price: priced(at("2026-05-12T09:25:00"), 4.1), reason: "SBIN jumps" });
    addAlert(ctx.db, { symbol: "ITC", ts_ms: at("2026-05-12T09:40:00"), type: "vol_alert", reason: "ITC volume 3.4x average", price: null });
    addAlert(ctx.db, { symbol: "HDFCBANK", ts_ms: at("2026-05-12T09:41:00"), type: "52w_high", price: priced(at("2026-05-12T09:41:00"), 1.1), reason: "HDFC Bank at a 52-week high" });
    addNews(ctx.db, { symbol: "TCS", date_ms: at("2026-05-12T08:00:00"), sentiment: "negative", title: "Brokerage cuts TCS target" });

    const r = await summarize(ctx, { symbols: ["ITC", "TCS", "SBIN", "HDFCBANK", "INFY"], mode: "intraday_movements" });
    expect(r.status).toBe("success");
    expect(r.details).toMatchObject({ context_window_days: 1, input_type: "watchlist", mode: "intraday_movements", symbols_processed: 5 });
    const md = r.summary ?? "";
    expect(md).toMatch(/^# Intraday movements/);
    expect(md).toContain("**4 of 5 symbols moved in the window.**");
    expect(md).toContain("Biggest gain: SBIN +4.10%.");
    expect(md).toContain("Biggest fall: TCS -2.50%.");
    expect(md).toContain("Volume spikes: ITC.");
    expect(md).toContain("52-week highs: HDFCBANK.");
    expect(md.indexOf("## SBIN")).toBeLessThan(md.indexOf("## TCS"));
    expect(md.indexOf("## TCS")).toBeLessThan(md.indexOf("## HDFCBANK"));
    expect(md).toContain("Context: negative news at 12 May 2026, 08:00 IST");
    expect(md).toMatch(/## INFY — Infosys[^\n]*\n[^\n]*\n\n_No price or volume alerts in the window\._/);
  });

  it("news_context: the news and its sentiment mix", async () => {
    const ctx = setup();
    addNews(ctx.db, { symbol: "ITC", date_ms: at("2026-05-12T07:00:00"), sentiment: "positive", title: "ITC hotels demerger unlocks value", source: "Reuters" });
    addNews(ctx.db, { symbol: "ITC", date_ms: at("2026-05-12T08:00:00"), sentiment: "positive", title: "ITC cigarette volumes steady", source: "Reuters" });
    addNews(ctx.db, { symbol: "SBIN", date_ms: at("2026-05-12T08:30:00"), sentiment: "negative", title: "SBIN faces tax demand" });
    addNews(ctx.db, { symbol: "SBIN", date_ms: at("2026-05-12T08:40:00"), sentiment: "neutral", title: "SBIN board meeting date" });

    const r = await summarize(ctx, { items: [{ symbol: "SBIN" }, { symbol: "ITC" }], mode: "news_context", context_window_days: 1 });
    expect(r.status).toBe("success");
    expect(r.details).toMatchObject({ input_type: "watchlist", mode: "news_context", context_window_days: 1 });
    const md = r.summary ?? "";
    expect(md).toContain("**4 news items on 2 of 2 symbols: 2 positive, 1 negative, 1 neutral — net tone positive.**");
    expect(md).toContain("Most positive coverage: ITC");
    expect(md).toContain("Most negative: SBIN");
    expect(md).toContain("Reuters (2)");
    expect(md).toContain("*Tone: positive (2 positive, 0 negative, 0 neutral)*");
    expect(md).toContain("· Reuters · positive: “ITC hotels demerger unlocks value”");
  });

  it("success_no_news when nothing falls in the window for any symbol", async () => {
    const ctx = setup();
    addNews(ctx.db, { symbol: "TCS", date_ms: at("2026-05-11T12:00:00"), sentiment: "positive" });
    for (const mode of ["intraday_movements", "news_context"] as const) {
      const r = await summarize(ctx, { symbols: ["TCS", "INFY"], mode });
      expect(r.status).toBe("success_no_news");
      expect(r.summary).toContain("No news, alerts, results or concall guidance for the 2 symbols in the window.");
    }
  });

  it("success_no_signal when the window holds items but nothing material for the mode", async () => {
    const ctx = setup();
    addNews(ctx.db, { symbol: "TCS", date_ms: at("2026-05-12T09:00:00"), sentiment: "neutral" });
    expect((await summarize(ctx, { symbols: ["TCS"] })).status).toBe("success_no_signal");
    expect((await summarize(ctx, { symbols: ["TCS"], mode: "news_context" })).status).toBe("success_no_signal");
    const intraday = await summarize(ctx, { symbols: ["TCS"], mode: "intraday_movements" });
    expect(intraday.status).toBe("success_no_signal");
    expect(intraday.summary).toContain("no price or volume alerts");

    addEarnings(ctx.db, { symbol: "TCS", date_ms: at("2026-05-12T09:10:00") });
    expect((await summarize(ctx, { symbols: ["TCS"], mode: "intraday_movements" })).status).toBe("success_no_signal");
    expect((await summarize(ctx, { symbols: ["TCS"] })).status).toBe("success");
  });

  it("error when no symbol is known; unknown symbols are otherwise only reported", async () => {
    const ctx = setup();
    const r = await summarize(ctx, { symbols: ["NOPE", "ZILCH"] });
    expect(r.status).toBe("error");
    expect(r.summary).toBeNull();
    expect(r.error).toEqual({ code: "no_known_symbols", message: "None of the submitted symbols is known: NOPE, ZILCH" });
    expect(r.details).toMatchObject({ symbols_processed: 0, portfolio_size: 2, unknown_symbols: ["NOPE", "ZILCH"] });
  });

  it("the window starts at IST midnight: 23:59 yesterday is out and 00:01 today is in with a 1-day window", async () => {
    const ctx = setup();
    const clock = ctx.clock as ManualClock;
    clock.set("2026-05-12T00:30:00+05:30");
    addNews(ctx.db, { symbol: "INFY", date_ms: at("2026-05-11T23:59:00"), sentiment: "negative", title: "Late yesterday" });
    addNews(ctx.db, { symbol: "INFY", date_ms: at("2026-05-12T00:01:00"), sentiment: "positive", title: "Early today" });
    addNews(ctx.db, { symbol: "INFY", date_ms: at("2026-05-12T00:45:00"), sentiment: "positive", title: "Not yet published" });

    const one = await summarize(ctx, { symbols: ["INFY"], mode: "news_context", context_window_days: 1 });
    expect(one.details.window_start).toBe("2026-05-12T00:00:00+05:30");
    expect(one.summary).toContain("Early today");
    expect(one.summary).not.toContain("Late yesterday");
    expect(one.summary).not.toContain("Not yet published");

    const two = await summarize(ctx, { symbols: ["INFY"], mode: "news_context", context_window_days: 2 });
    expect(two.details.window_start).toBe("2026-05-11T00:00:00+05:30");
    expect(two.summary).toContain("Late yesterday");

    clock.set("2026-05-11T23:59:30+05:30");
    const before = await summarize(ctx, { symbols: ["INFY"], mode: "news_context", context_window_days: 1 });
    expect(before.summary).toContain("Late yesterday");
    expect(before.summary).not.toContain("Early today");
  });

  it("is deterministic and merges duplicate symbols", async () => {
    const ctx = setup();
    addNews(ctx.db, { symbol: "TCS", date_ms: at("2026-05-12T09:00:00"), sentiment: "positive" });
    const request = { items: [{ symbol: "tcs", exposure: 5 }, { symbol: "TCS", exposure: 15 }, { symbol: "INFY", exposure: 20 }] };
    const a = await summarize(ctx, request);
    const b = await summarize(ctx, request);
    expect(a.summary).toBe(b.summary);
    expect(a.details).toMatchObject({ input_type: "portfolio", submitted_symbol_count: 3, portfolio_size: 2 });
    expect(a.summary).toContain("Weight 50.0% (exposure 20)");
  });
});
