import * as nuqs from "nuqs/server";
import { describe, expect, it } from "vitest";
import { alertsParsers } from "@/components/alerts/search-params";
import { announcementsParsers } from "@/components/announcements/search-params";
import { blockDealsParsers } from "@/components/block-deals/search-params";
import { concallsParsers } from "@/components/concalls/search-params";
import { earningsParsers } from "@/components/earnings/search-params";
import { newsParsers } from "@/components/news/search-params";
import { summaryParsers } from "@/components/summaries/summary-params";
import * as own from "./parsers";

/** The same parsers built twice, with nuqs's builders and with the desk's: every kind the pages use. */
function build(lib: typeof own) {
  const day = lib.createParser({ parse: (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null), serialize: (v: string) => v });
  const throws = lib.createParser({
    parse: (v: string) => {
      if (v === "boom") throw new Error("boom");
      return v.length;
    },
    serialize: (v: number) => "x".repeat(v),
  });
  return {
    text: lib.parseAsString,
    name: lib.parseAsString.withDefault(""),
    flag: lib.parseAsBoolean.withDefault(false),
    maybe: lib.parseAsBoolean,
    mode: lib.parseAsStringLiteral(["news", "exposure", "intraday"] as const).withDefault("news"),
    side: lib.parseAsStringLiteral(["buy", "sell"] as const),
    symbols: lib.parseAsArrayOf(lib.parseAsString, ",").withDefault([]),
    modes: lib.parseAsArrayOf(lib.parseAsStringLiteral(["news", "exposure"] as const)).withDefault(["news"]),
    piped: lib.parseAsArrayOf(lib.parseAsString, "|"),
    day,
    len: throws.withDefault(3),
  };
}
const mine = build(own);
// nuqs's builders, typed as the desk's (the same surface); handed to nuqs's loader and serializer below.
const theirs = build(nuqs as unknown as typeof own) as unknown as nuqs.ParserMap;

const queries = [
  "",
  "text=hello&name=&flag=true&maybe=TRUE&mode=exposure&side=sell&symbols=TCS,M%26M,,INFY&modes=news,exposure,bad&piped=a|b%7Cc|d&day=2026-11-24&len=abcd",
  "flag=yes&maybe=false&mode=NEWS&side=&symbols=&modes=&piped=&day=24-11-2026&len=boom",
  "text=a&text=b&symbols=X&symbols=Y&mode=intraday&mode=news",
  "text=%E0%A4%A&name=%&symbols=%FF,%2C&day=&len=",
  "text=a+b%2Bc&name=%23hash%26amp&symbols=a%2Cb,c",
  "__proto__=x&constructor=y&hasOwnProperty=z",
];

describe("the desk's URL parsers read what nuqs reads", () => {
  it.each(queries)("loads %j as nuqs's loader does", (query) => {
    const expected = nuqs.createLoader(theirs)(query);
    expect(own.createLoader(mine)(query)).toEqual(expected);
    // nuqs's own loader takes the desk's parsers as its own (the objects have its shape).
    expect(nuqs.createLoader(mine as unknown as nuqs.ParserMap)(query)).toEqual(expected);
    // A page's searchParams object (repeated keys as arrays) reads the same as its query string.
    const record: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(query)) {
      const had = record[k];
      record[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
    }
    expect(own.createLoader(mine)(record)).toEqual(expected);
  });

  const values: Partial<own.Values<typeof mine>>[] = [
    {},
    { text: "hello world", name: "", flag: true, mode: "exposure", side: "buy", symbols: ["TCS", "M&M"], modes: ["exposure"], piped: ["a|b", "c"], day: "2026-11-24", len: 5 },
    { text: null, name: "x", flag: false, mode: "news", side: null, symbols: [], modes: ["news"], piped: [], day: null, len: 3 },
    { text: `% + # & " ' \` < > \u0001 é ₹ ,`, symbols: ["a,b", "c d", "e+f"], maybe: false },
  ];
  it.each(values)("writes %j as nuqs's serializer does, and reads it back", (v) => {
    const url = own.createSerializer(mine)(v);
    expect(url).toBe(nuqs.createSerializer(theirs)(v));
    expect(own.createSerializer(mine)("/alerts?keep=1&text=old#top", v)).toBe(nuqs.createSerializer(theirs)("/alerts?keep=1&text=old#top", v as never));
    const back = own.createLoader(mine)(url);
    for (const [k, value] of Object.entries(v)) {
      const parser = mine[k as keyof typeof mine] as own.Parser<unknown>;
      expect(back[k as keyof typeof back]).toEqual(value ?? parser.defaultValue ?? null);
    }
  });
});

describe("the pages' parsers", () => {
  const pages = { alertsParsers, announcementsParsers, blockDealsParsers, concallsParsers, earningsParsers, newsParsers, summaryParsers } as Record<string, own.ParserMap>;
  const pageQueries = [
    ...queries,
    "symbols=tcs,%20INFY,,bad%20symbol!&watchlist=%20w1%20&from=2026-11-01&to=2026-02-30&type=price_move,volume&important=TRUE&categories=Award/Receipt%20of%20Order",
    "view=week&date=2026-11-23&past=range&quarter=Q2_27&page=3&result=TCS:q2_27&exchange=NSE&sentiment=positive&source=symbols&mode=exposure&window=7&private=true&entry=e1",
    "page=0x10&page=2&window=1.5&important=false&exchange=nse&sentiment=POSITIVE",
  ];
  for (const [name, parsers] of Object.entries(pages)) {
    it(`${name}: read as nuqs's loader reads them`, () => {
      for (const q of pageQueries) expect(own.createLoader(parsers)(q)).toEqual(nuqs.createLoader(parsers as unknown as nuqs.ParserMap)(q));
    });
  }
});

describe("an update", () => {
  it("removes null and default values, keeps other keys and what it does not name", () => {
    const search = new URLSearchParams("other=1&text=a&mode=exposure&symbols=A,B&flag=true");
    own.applyPatch(search, mine, { text: null, mode: "news", symbols: ["C"], flag: undefined, day: "2026-01-02" });
    expect(own.renderQueryString(search)).toBe("?other=1&symbols=C&flag=true&day=2026-01-02");
    own.applyPatch(search, mine, { symbols: [], flag: false, modes: ["news"] });
    expect(own.renderQueryString(search)).toBe("?other=1&day=2026-01-02");
  });

  it("renders commas, colons and slashes as they are, and encodes what would break the URL", () => {
    const search = new URLSearchParams();
    search.set("symbols", "TCS,M&M");
    search.set("result", "TCS:q2_27");
    search.set("c", "Award/Receipt of Order");
    expect(own.renderQueryString(search)).toBe("?symbols=TCS,M%26M&result=TCS:q2_27&c=Award/Receipt+of+Order");
    expect(own.renderQueryString(new URLSearchParams())).toBe("");
  });
});
