import { describe, expect, it } from "vitest";
import { mergeSymbolEntries, rankSymbolMatches, symbolFromSegment, symbolHref, type SymbolEntry } from "./directory";
import { symbolSearchInputSchema } from "./directory-schema";

function entry(symbol: string, name: string | null = null, scripCode: string | null = null): SymbolEntry {
  return { symbol, name, scripCode };
}

const DIRECTORY: SymbolEntry[] = [
  entry("TCS", "Tata Consultancy Services Ltd.", "532540"),
  entry("INFY", "Infosys Ltd.", "500209"),
  entry("INFIBEAM", "Infibeam Avenues Ltd.", "539807"),
  entry("M&M", "Mahindra & Mahindra Ltd.", "500520"),
  entry("MMFIN", "M&M Financial Services Ltd.", "532720"),
  entry("TATAMOTORS", "Tata Motors Ltd.", "500570"),
  entry("HDFCBANK", "HDFC Bank Ltd.", "500180"),
  entry("NAUKRI", "Info Edge (India) Ltd.", "532777"),
];

const symbolsOf = (q: string, limit?: number) => rankSymbolMatches(DIRECTORY, q, limit).map((m) => m.symbol);

describe("rankSymbolMatches", () => {
  it("offers INFY for a company name typed in part, in any case", () => {
    expect(symbolsOf("infos")[0]).toBe("INFY");
    expect(symbolsOf("INFOSYS")[0]).toBe("INFY");
    expect(rankSymbolMatches(DIRECTORY, "infos")[0]?.matchedOn).toBe("name");
  });

  it("puts the exact symbol first, then symbols that start with the text, then names", () => {
    expect(symbolsOf("INF")).toEqual(["INFY", "INFIBEAM", "NAUKRI"]);
    expect(symbolsOf("tcs")[0]).toBe("TCS");
    // "tata" starts a symbol (first) and another company's name (after it).
    expect(symbolsOf("tata")).toEqual(["TATAMOTORS", "TCS"]);
    // Two names starting with the text: the shorter symbol wins the tie.
    expect(symbolsOf("m&m")).toEqual(["M&M", "MMFIN"]);
  });

  it("finds a company by its BSE code, exactly or by its start", () => {
    expect(rankSymbolMatches(DIRECTORY, "500209")[0]).toMatchObject({ symbol: "INFY", matchedOn: "scripCode" });
    expect(symbolsOf("5002")).toEqual(["INFY"]);
  });

  it("finds a company by its ISIN, typed in any case, when the directory holds it", () => {
    const withIsin = DIRECTORY.map((e) => (e.symbol === "INFY" ? { ...e, isin: "INE009A01021" } : e));
    expect(rankSymbolMatches(withIsin, "ine009a01021")[0]).toMatchObject({ symbol: "INFY", matchedOn: "isin" });
    expect(rankSymbolMatches(DIRECTORY, "INE009A01021")).toEqual([]);
  });

  it("handles symbols and names with an ampersand", () => {
    expect(symbolsOf("m&m")[0]).toBe("M&M");
    expect(symbolsOf("mahindra")[0]).toBe("M&M");
    expect(symbolsOf("mahindra & mah")[0]).toBe("M&M");
  });

  it("matches a word inside a name, and nothing for text no company has", () => {
    expect(symbolsOf("edge")).toEqual(["NAUKRI"]);
    expect(symbolsOf("bank")).toEqual(["HDFCBANK"]);
    expect(symbolsOf("FOOBAR")).toEqual([]);
    expect(symbolsOf("   ")).toEqual([]);
  });

  it("keeps to the limit and lists each symbol once", () => {
    expect(symbolsOf("i", 2)).toEqual(["INFY", "INFIBEAM"]);
    const twice = rankSymbolMatches([...DIRECTORY, entry("INFY", "Infosys Ltd.")], "infy");
    expect(twice.map((m) => m.symbol)).toEqual(["INFY"]);
  });
});

describe("mergeSymbolEntries", () => {
  it("fills a name or code one list lacks from another, keyed by the symbol in capitals", () => {
    const merged = mergeSymbolEntries([entry("infy")], [entry("INFY", "Infosys Ltd.")], [entry("INFY", "Other", "500209")]);
    expect(merged).toEqual([{ symbol: "INFY", name: "Infosys Ltd.", scripCode: "500209" }]);
  });
});

describe("symbol URLs", () => {
  it("encodes reserved characters so M&M survives the path", () => {
    expect(symbolHref("M&M")).toBe("/symbols/M%26M");
    expect(symbolHref(" bajaj-auto ")).toBe("/symbols/BAJAJ-AUTO");
    expect(new URL(symbolHref("M&M"), "http://desk.local").pathname).toBe("/symbols/M%26M");
  });

  it("reads a segment back, encoded or not, and keeps a bad escape as typed", () => {
    expect(symbolFromSegment("M%26M")).toBe("M&M");
    expect(symbolFromSegment("m&m")).toBe("M&M");
    expect(symbolFromSegment(symbolHref("M&M").split("/").pop() ?? "")).toBe("M&M");
    expect(symbolFromSegment("%E0%A4%A")).toBe("%E0%A4%A");
  });
});

describe("symbolSearchInputSchema", () => {
  it("refuses empty or overlong text and caps the number of matches", () => {
    expect(symbolSearchInputSchema.safeParse({ q: "  " }).success).toBe(false);
    expect(symbolSearchInputSchema.safeParse({ q: "x".repeat(41) }).success).toBe(false);
    expect(symbolSearchInputSchema.safeParse({ q: "inf", limit: "50" }).success).toBe(false);
    expect(symbolSearchInputSchema.parse({ q: " inf " })).toEqual({ q: "inf", limit: 8 });
  });
});
