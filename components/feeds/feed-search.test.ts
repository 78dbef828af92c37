import { describe, expect, it } from "vitest";
import { alertsParsers, parseAlertsSearch } from "@/components/alerts/search-params";
import { normalizeAlertTypes } from "@/components/alerts/alert-model";
import { normalizeCategories } from "@/components/announcements/announcement-model";
import { announcementsParsers, parseAnnouncementsSearch } from "@/components/announcements/search-params";
import { blockDealsParsers, parseBlockDealsSearch } from "@/components/block-deals/search-params";
import { concallsParsers, parseConcallsSearch } from "@/components/concalls/search-params";
import { normalizeSymbols } from "@/components/earnings/search-params";
import { newsParsers, parseNewsSearch } from "@/components/news/search-params";
import { browserState, pageSearchParams } from "@/test/support/url-state";

describe("feed pages read their URL on the server", () => {
  it("normalises the shared fields and drops malformed values", () => {
    const raw = { symbols: "tcs, infy", watchlist: ["w1", "w2"], from: "2026-11-01", to: "yesterday" };
    expect(parseNewsSearch({ ...raw, sentiment: "bullish" })).toEqual({
      symbols: ["TCS", "INFY"],
      watchlist: "w1",
      from: "2026-11-01",
      to: null,
      sentiment: null,
    });
  });

  it("keeps each page's own filters", () => {
    expect(parseAlertsSearch({ type: "price_alert,52w_high_60", important: "true" })).toMatchObject({ important: true, symbols: [] });
    expect(parseAlertsSearch({ type: "price_alert" }).types).toContain("price_alert");
    expect(parseAnnouncementsSearch({ important: "maybe" })).toMatchObject({ important: false, categories: [], watchlist: null });
    expect(parseNewsSearch({ sentiment: "negative" }).sentiment).toBe("negative");
  });

  it("reads only `true` as important, and a date only when it is a calendar day", () => {
    expect(parseAlertsSearch({ important: "TRUE" }).important).toBe(false);
    expect(parseAlertsSearch({ important: ["true", "false"] }).important).toBe(true);
    expect(parseBlockDealsSearch({ from: "2026-13-01", to: "2026-11-30T00:00" })).toMatchObject({ from: null, to: null });
    expect(parseNewsSearch({ watchlist: "  ", symbols: "" })).toMatchObject({ watchlist: null, symbols: [] });
    expect(parseConcallsSearch({ watchlist: "x".repeat(65), from: "2026-11-01" })).toEqual({ symbols: [], watchlist: null, from: "2026-11-01", to: null });
  });
});

/** The shared fields as the feed views and the symbol filter derive them from the browser's state. */
function browserFeed(s: Record<string, unknown>) {
  return { symbols: normalizeSymbols(s.symbols as string[]), watchlist: s.watchlist, from: s.from, to: s.to };
}

/** Bad, hostile and odd URLs: each must read the same on both sides and never throw. */
const QUERIES = [
  "",
  "symbols=tcs,%20INFY,,bad%20symbol!&watchlist=%20w1%20&from=2026-11-01&to=nope",
  "symbols=TCS&symbols=INFY&watchlist=a&watchlist=b",
  "symbols=TCS%252CINFY,M%26M&from=2026-13-45&to=2026-11-30T00:00",
  `symbols=${Array.from({ length: 150 }, (_, i) => `S${i}`).join(",")}&watchlist=${"x".repeat(65)}`,
  "watchlist=&from=&to=&important=&type=&categories=&sentiment=&exchange=",
  "important=TRUE&sentiment=POSITIVE&exchange=nse",
  "important=true&important=false&sentiment=negative&exchange=NSE%2FBSE",
  "type=price_alert,PRICE_ALERT,bogus,%2C&categories=award/receipt%20of%20order,Nope",
  "__proto__=x&constructor=y&toString=z&from[]=2026-11-01",
  "from=%E0%A4%A&to=%&symbols=%FF",
];

describe("a feed page's URL reads the same on the server and in the browser", () => {
  it.each(QUERIES.map((query) => ({ query, name: query.length > 90 ? `${query.slice(0, 90)}…` : query })))("$name", ({ query }) => {
    const raw = pageSearchParams(query);
    const a = browserState(alertsParsers, query);
    expect(parseAlertsSearch(raw)).toEqual({ ...browserFeed(a), types: normalizeAlertTypes(a.type as string[]), important: a.important });
    const c = browserState(announcementsParsers, query);
    expect(parseAnnouncementsSearch(raw)).toEqual({ ...browserFeed(c), categories: normalizeCategories(c.categories as string[]), important: c.important });
    const n = browserState(newsParsers, query);
    expect(parseNewsSearch(raw)).toEqual({ ...browserFeed(n), sentiment: n.sentiment });
    const b = browserState(blockDealsParsers, query);
    expect(parseBlockDealsSearch(raw)).toEqual({ ...browserFeed(b), exchange: b.exchange });
    expect(parseConcallsSearch(raw)).toEqual(browserFeed(browserState(concallsParsers, query)));
  });
});
