import { describe, expect, it } from "vitest";
import { csvFileName, parseWatchlistCsv, watchlistToCsv } from "./csv";

describe("parseWatchlistCsv", () => {
  it("reads a file with a header, in any column order, with Indian-grouped amounts", () => {
    const csv = "label,symbol,exposure\ncore,tcs,\"1,00,000\"\n,INFY,₹2500.50\nbanks,HDFCBANK,\n";
    const result = parseWatchlistCsv(csv);
    expect(result.errors).toEqual([]);
    expect(result.hasHeader).toBe(true);
    expect(result.rows).toEqual([
      { line: 2, symbol: "TCS", exposure: 100000, label: "core" },
      { line: 3, symbol: "INFY", exposure: 2500.5 },
      { line: 4, symbol: "HDFCBANK", label: "banks" },
    ]);
  });

  it("reads a file without a header positionally and skips blank lines", () => {
    const result = parseWatchlistCsv("RELIANCE,10,energy\r\n\r\nM&M\r\n");
    expect(result.errors).toEqual([]);
    expect(result.hasHeader).toBe(false);
    expect(result.rows).toEqual([
      { line: 1, symbol: "RELIANCE", exposure: 10, label: "energy" },
      { line: 3, symbol: "M&M" },
    ]);
  });

  it("reports every bad row by its line in the file", () => {
    const csv = [
      "symbol,exposure,label", // 1
      "TCS,10,ok", // 2
      "bad symbol!,5,", // 3
      "", // 4
      "INFY,abc,", // 5
      "WIPRO,-3,", // 6
      'HCLTECH,1,"a label', // 7: a quoted label over two lines
      'that spans lines"', // 8
      "tcs,2,", // 9: repeats line 2
      ",4,no symbol", // 10
      `ITC,1,${"x".repeat(81)}`, // 11
    ].join("\n");
    const result = parseWatchlistCsv(csv);
    expect(result.errors.map((e) => e.line)).toEqual([3, 5, 6, 9, 10, 11]);
    expect(result.errors[0]?.message).toMatch(/symbol 'bad symbol!'/);
    expect(result.errors[1]?.message).toBe("exposure 'abc' is not a number");
    expect(result.errors[2]?.message).toMatch(/exposure must be zero or more/);
    expect(result.errors[3]?.message).toBe("TCS repeats line 2");
    expect(result.errors[4]?.message).toBe("symbol is missing");
    expect(result.rows.map((r) => [r.line, r.symbol])).toEqual([
      [2, "TCS"],
      [7, "HCLTECH"],
    ]);
  });

  it("refuses unknown header columns, extra positional columns, broken quotes, and empty or oversized files", () => {
    expect(parseWatchlistCsv("symbol,weight\nTCS,1").errors).toEqual([{ line: 1, message: "unknown column 'weight': use symbol, exposure, label" }]);
    expect(parseWatchlistCsv("TCS,1,a,b").errors[0]).toMatchObject({ line: 1, message: expect.stringMatching(/at most 3 columns/) });
    expect(parseWatchlistCsv('TCS,1,ok\nINFY,2,"open').errors[0]).toMatchObject({ line: 2, message: expect.stringMatching(/not valid CSV/) });
    expect(parseWatchlistCsv("\n\n").errors).toEqual([{ line: 0, message: "The file holds no symbols." }]);
    const big = Array.from({ length: 51 }, (_, i) => `S${i}`).join("\n");
    expect(parseWatchlistCsv(big).errors).toEqual([{ line: 51, message: "a watchlist holds at most 50 symbols; the file has 51" }]);
  });

  it("round-trips the export", () => {
    const items = [
      { symbol: "TCS", exposure: 12.5, label: "IT, services" },
      { symbol: "M&M", exposure: null, label: null },
    ];
    const csv = watchlistToCsv(items);
    expect(csv).toBe('symbol,exposure,label\nTCS,12.5,"IT, services"\nM&M,,\n');
    expect(parseWatchlistCsv(csv).rows).toEqual([
      { line: 2, symbol: "TCS", exposure: 12.5, label: "IT, services" },
      { line: 3, symbol: "M&M" },
    ]);
    expect(csvFileName("Core book (FY27)")).toBe("core-book-fy27.csv");
  });
});
