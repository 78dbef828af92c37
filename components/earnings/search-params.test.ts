import { createSerializer } from "@/lib/url-state/parsers";
import { describe, expect, it } from "vitest";
import { browserState, pageSearchParams } from "@/test/support/url-state";
import { defaultResultsQuarter, earningsParsers, effectiveSymbols, type EarningsSearch, normalizeSymbols, parseEarningsSearch, parseResultRef, pastResultsInput, recentQuarterKeys } from "./search-params";

describe("the earnings page URL", () => {
  it("parses what it knows and falls back on the rest", () => {
    const s = parseEarningsSearch({ view: "week", date: "2026-11-23", symbols: "tcs, INFY,,bad symbol!", quarter: "Q2_27", page: "3", past: "range", from: "2026-11-01", to: "nope" });
    expect(s).toMatchObject({ view: "week", date: "2026-11-23", symbols: ["TCS", "INFY", "BAD"], quarter: "q2_27", page: 3, past: "range", from: "2026-11-01", to: null });
    expect(parseEarningsSearch({ view: "year", date: "2026-13-45", page: "-1" })).toMatchObject({ view: "month", date: null, page: 1, past: "quarter", symbols: [] });
    expect(parseEarningsSearch({ symbols: ["TCS", "INFY"] }).symbols).toEqual(["TCS"]);
    expect(parseEarningsSearch({ page: "3abc" }).page).toBe(1);
    expect(parseEarningsSearch({ page: "10001" }).page).toBe(1);
    expect(parseEarningsSearch({ page: " 42 " }).page).toBe(42);
    expect(parseEarningsSearch({ watchlist: " w1 ", quarter: "q5_27" })).toMatchObject({ watchlist: "w1", quarter: null });
  });

  /** Bad, hostile and odd URLs: each must read the same on both sides and never throw. */
  const queries = [
    "",
    "view=week&date=2026-11-23&symbols=tcs,%20INFY,,bad%20symbol!&quarter=%20Q2_27&page=3&past=range&from=2026-11-01&to=nope",
    "view=year&date=2026-13-45&page=-1&past=later&quarter=q0_27",
    "page=3abc&view=WEEK&past=RANGE", "page=1e3", "page=0", "page=10001", "page=%20%207", "page=0x10", "page=9999999999",
    "page=2&page=5&view=agenda&view=week&watchlist=a&watchlist=b",
    "watchlist=%20%20&result=&date=&quarter=",
    `watchlist=${"x".repeat(65)}&result=%3Cscript%3E:q2_27`,
    "__proto__=x&constructor=y&from[]=2026-11-01",
    "date=%E0%A4%A&to=%&symbols=%FF&result=TCS%3Aq2_27",
  ];
  it.each(queries)("reads %j the same on the server and in the browser", (query) => {
    const browser = browserState(earningsParsers, query);
    expect(parseEarningsSearch(pageSearchParams(query))).toEqual({ ...browser, symbols: normalizeSymbols(browser.symbols as string[]) });
  });

  it("reads back what the browser writes", () => {
    const state: EarningsSearch = { symbols: ["TCS", "M&M"], watchlist: "w1", view: "agenda", date: "2026-11-23", past: "range", quarter: "q2_27", from: "2026-11-01", to: "2026-11-30", page: 4, result: "TCS:q2_27" };
    const url = createSerializer(earningsParsers)(state);
    expect(parseEarningsSearch(pageSearchParams(url.slice(1)))).toEqual(state);
  });

  it("normalises symbols the same way everywhere and merges a watchlist first", () => {
    expect(normalizeSymbols(["tcs infy", "TCS", "M&M"])).toEqual(["TCS", "INFY", "M&M"]);
    expect(effectiveSymbols(["HDFCBANK", "TCS"], ["TCS", "INFY"])).toEqual(["HDFCBANK", "TCS", "INFY"]);
    expect(effectiveSymbols(null, [])).toEqual([]);
  });

  it("reads an open result and picks quarters in IST", () => {
    expect(parseResultRef("tcs:Q2_27")).toEqual({ symbol: "TCS", quarter: "q2_27" });
    expect(parseResultRef("TCS")).toBeNull();
    // 22 Nov 2026 is in Q3 FY27: results being filed are for Q2 FY27.
    expect(defaultResultsQuarter(new Date("2026-11-22T02:00:00Z"))).toBe("q2_27");
    // 31 Mar 2026 23:00 IST is still Q4 FY26.
    expect(recentQuarterKeys(new Date("2026-03-31T17:30:00Z"), 3)).toEqual(["q4_26", "q3_26", "q2_26"]);
  });

  it("builds the index query by quarter, or by range when one is given", () => {
    expect(pastResultsInput({ symbols: [], past: "quarter", quarter: "q2_27", from: "2026-11-01", to: null, page: 1 })).toEqual({ query: { quarter: "q2_27", page: 1, limit: 20 } });
    expect(pastResultsInput({ symbols: ["TCS"], past: "range", quarter: "q2_27", from: "2026-11-01", to: null, page: 2 })).toEqual({
      query: { symbols: ["TCS"], from: "2026-11-01", page: 2, limit: 20 },
    });
    expect(pastResultsInput({ symbols: [], past: "range", quarter: "q2_27", from: null, to: null, page: 1 }).query).toHaveProperty("quarter", "q2_27");
  });
});
