import { describe, expect, it } from "vitest";
import { applyMapping, canImportPart, csvFileName, fieldOfHeader, guessMapping, parseAmount, parseWatchlistCsv, readCsvTable, skippedLinesCsv, watchlistToCsv } from "./csv";

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
    expect(result.unit).toBe("inr");
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

  it("maps extra positional columns away, and refuses broken quotes and empty or oversized files", () => {
    // A mapping replaces the old three-column limit: a fourth column without a header is simply not used.
    expect(parseWatchlistCsv("TCS,1,a,b")).toMatchObject({ errors: [], rows: [{ line: 1, symbol: "TCS", exposure: 1, label: "a" }] });
    expect(parseWatchlistCsv('TCS,1,ok\nINFY,2,"open').errors[0]).toMatchObject({ line: 2, message: expect.stringMatching(/not valid CSV/) });
    expect(parseWatchlistCsv("\n\n").errors).toEqual([{ line: 0, message: "The file holds no symbols." }]);
    const big = Array.from({ length: 51 }, (_, i) => `S${i}`).join("\n");
    const over = parseWatchlistCsv(big);
    expect(over.errors).toEqual([{ line: 51, message: "a watchlist holds at most 50 symbols; the file has 51" }]);
    expect(canImportPart(over)).toBe(false);
  });

  it("round-trips the export", () => {
    const items = [
      { symbol: "TCS", exposure: 12.5, label: "IT, services" },
      { symbol: "M&M", exposure: null, label: null },
    ];
    const csv = watchlistToCsv(items, "inr");
    expect(csv).toBe('symbol,exposure,label,unit\nTCS,12.5,"IT, services",inr\nM&M,,,\n');
    expect(parseWatchlistCsv(csv).rows).toEqual([
      { line: 2, symbol: "TCS", exposure: 12.5, label: "IT, services" },
      { line: 3, symbol: "M&M" },
    ]);
    expect(csvFileName("Core book (FY27)")).toBe("core-book-fy27.csv");
    // A label a teammate planted on a shared list is written so a spreadsheet shows it, never runs it, and reads back.
    const planted = watchlistToCsv([{ symbol: "TCS", exposure: 5, label: '=HYPERLINK("http://evil.test","x")' }, { symbol: "INFY", exposure: null, label: "@SUM(A1)" }], "inr");
    expect(planted).toBe('symbol,exposure,label,unit\nTCS,5,"\'=HYPERLINK(""http://evil.test"",""x"")",inr\nINFY,,\'@SUM(A1),\n');
    expect(parseWatchlistCsv(planted).rows.map((r) => r.label)).toEqual(['=HYPERLINK("http://evil.test","x")', "@SUM(A1)"]);
    const shares = parseWatchlistCsv(watchlistToCsv([{ symbol: "TCS", exposure: 40, label: null }], "shares"));
    expect(shares).toMatchObject({ unit: "shares", rows: [{ symbol: "TCS", exposure: 40 }] });
  });
});

describe("broker and depository exports", () => {
  it("recognises the headers of common exports", () => {
    expect(["Instrument", "Qty.", "Avg. cost", "LTP", "Cur. val", "P&L", "Net chg.", "Day chg."].map(fieldOfHeader)).toEqual([
      "symbol", "quantity", "price", "price", "value", null, null, null,
    ]);
    expect(["Trading Symbol", "ISIN", "Quantity Available", "Average Price", "Close Price", "Market Value (₹)", "Weight (%)", "Scrip", "Current Value in Rs", "% of Portfolio", "Current Bal"].map(fieldOfHeader)).toEqual([
      "symbol", "isin", "quantity", "price", "price", "value", "weight", "symbol", "value", "weight", "quantity",
    ]);
  });

  it("imports a Zerodha Console holdings export as values in rupees, preferring LTP over the average cost", () => {
    const csv = [
      "Instrument,Qty.,Avg. cost,LTP,Cur. val,P&L,Net chg.,Day chg.",
      'TCS,10,"3,100.50","3,500.00","35,000.00","3,995.00",12.88,-0.4',
      "INFY,25,1400,1520.25,38006.25,3006.25,8.59,0.2",
    ].join("\r\n");
    const table = readCsvTable(`\uFEFF${csv}`);
    const mapping = guessMapping(table);
    expect(mapping).toEqual({ fields: { symbol: 0, isin: null, quantity: 1, price: 3, value: 4, weight: null, label: null }, basis: "value" });
    const result = applyMapping(table, mapping);
    expect(result.errors).toEqual([]);
    expect(result.unit).toBe("inr");
    expect(result.rows).toEqual([
      { line: 2, symbol: "TCS", exposure: 35000 },
      { line: 3, symbol: "INFY", exposure: 38006.25 },
    ]);
    // Without a value column the value is quantity × price; changed to shares it is the quantity.
    const noValue = { ...mapping, fields: { ...mapping.fields, value: null } };
    expect(applyMapping(table, noValue).rows.map((r) => r.exposure)).toEqual([35000, 38006.25]);
    expect(applyMapping(table, { ...mapping, basis: "shares" }).rows.map((r) => [r.exposure])).toEqual([[10], [25]]);
    expect(applyMapping(table, { ...mapping, basis: "shares" }).unit).toBe("shares");
  });

  it("reads Excel-made files: semicolons, a sep= line, decimal commas, Indian grouping and totals rows", () => {
    const semi = readCsvTable('sep=;\r\nSymbol;Quantity;Market Value\r\nRELIANCE-EQ;5;"1.234,50"\r\nNSE:SBIN;2;800\r\nTotal;;2034,5\r\n');
    expect(semi.delimiter).toBe(";");
    expect(semi.decimalComma).toBe(true);
    expect(applyMapping(semi, guessMapping(semi)).rows).toEqual([
      { line: 3, symbol: "RELIANCE", exposure: 1234.5 },
      { line: 4, symbol: "SBIN", exposure: 800 },
    ]);
    expect(parseAmount("1,23,456.50")).toBe(123456.5);
    expect(parseAmount("Rs. 12")).toBe(12);
    expect(parseAmount("4.5%")).toBe(4.5);
    expect(parseAmount("(1,200)")).toBe(-1200);
    expect(parseAmount("-")).toBeUndefined();
    expect(parseAmount("n/a")).toBe("n/a");
    const tabbed = parseWatchlistCsv("Stock Symbol\tWeightage\nTCS\t4.5%\nITC\t3\n");
    expect(tabbed).toMatchObject({ unit: "weight", errors: [], rows: [{ symbol: "TCS", exposure: 4.5 }, { symbol: "ITC", exposure: 3 }] });
  });

  it("reads values given in lakh or crore as rupees", () => {
    const table = readCsvTable("Symbol,Market Value (₹ lakh)\nTCS,3.5\nINFY,0.38\n");
    const mapping = guessMapping(table);
    expect(mapping.valueIn).toBe("lakh");
    expect(applyMapping(table, mapping)).toMatchObject({ unit: "inr", rows: [{ symbol: "TCS", exposure: 350000 }, { symbol: "INFY", exposure: 38000 }] });
    expect(guessMapping(readCsvTable("Symbol,Value in Cr\nTCS,1.2\n")).valueIn).toBe("crore");
    expect(applyMapping(table, { ...mapping, valueIn: "rupees" }).rows[0]?.exposure).toBe(3.5);
  });

  it("skips the title and client lines a statement opens with", () => {
    const csv = ["Equity Holdings Statement", "Client ID: AB1234,Name: A PM", "As on 24-11-2026", "", "Stock Symbol,ISIN Code,Quantity,Market Value", "TCS,INE467B01029,10,\"35,000\""].join("\n");
    const table = readCsvTable(csv);
    expect(table.headerLine).toBe(5);
    expect(applyMapping(table, guessMapping(table)).rows).toEqual([{ line: 6, symbol: "TCS", exposure: 35000 }]);
  });

  it("finds an unknown header by its text over numbers, and asks for a symbol column", () => {
    const table = readCsvTable("Company,Holding\nTCS,10\n");
    expect(table.header).toEqual(["Company", "Holding"]);
    expect(applyMapping(table, guessMapping(table)).errors).toEqual([{ line: 0, message: "Choose the column that holds the symbol or the ISIN." }]);
    const mapped = applyMapping(table, { fields: { symbol: 0, isin: null, quantity: 1, price: null, value: null, weight: null, label: null }, basis: "shares" });
    expect(mapped.rows).toEqual([{ line: 2, symbol: "TCS", exposure: 10 }]);
  });

  it("leaves ISIN-only rows pending until the lookup answers, then maps or reports them", () => {
    const csv = "ISIN,Quantity,Close Price\nINE467B01029,10,3500\nINE009A01021,4,1500\nINE000X00000,1,1\nnot-an-isin,1,1\n";
    const table = readCsvTable(csv);
    const mapping = guessMapping(table);
    const before = applyMapping(table, mapping);
    expect(before.pendingIsins).toEqual(["INE467B01029", "INE009A01021", "INE000X00000"]);
    expect(before.errors.map((e) => e.line)).toEqual([5]);
    expect(canImportPart(before)).toBe(false);
    const after = applyMapping(table, mapping, { isins: { INE467B01029: "TCS", INE009A01021: "INFY", INE000X00000: null } });
    expect(after.pendingIsins).toEqual([]);
    expect(after.rows).toEqual([
      { line: 2, symbol: "TCS", exposure: 35000, isin: "INE467B01029" },
      { line: 3, symbol: "INFY", exposure: 6000, isin: "INE009A01021" },
    ]);
    expect(after.errors.map((e) => [e.line, e.message])).toEqual([
      [4, "ISIN INE000X00000 is not a company the Alpha service knows"],
      [5, "ISIN 'not-an-isin' must be a 12-character ISIN such as INE467B01029"],
    ]);
  });

  it("offers the good lines on request and writes the skipped ones back out with their problem", () => {
    const table = readCsvTable("Symbol,Qty,LTP\nTCS,10,3500\nbad one!,1,1\nINFY,lots,1500\nITC,3,400\n");
    const result = applyMapping(table, guessMapping(table));
    expect(result.rows.map((r) => r.symbol)).toEqual(["TCS", "ITC"]);
    expect(canImportPart(result)).toBe(true);
    expect(skippedLinesCsv(table, result.errors)).toBe(
      'Symbol,Qty,LTP,problem\nbad one!,1,1,line 3: symbol \'bad one!\' must be an exchange symbol such as RELIANCE or M&M\nINFY,lots,1500,line 4: Qty \'lots\' is not a number\n',
    );
    // A skipped cell that would run as a formula is written neutralised.
    const hostile = readCsvTable("Symbol,Qty\n=cmd|' /C calc'!A0,1\nTCS,2\n");
    const skipped = skippedLinesCsv(hostile, applyMapping(hostile, guessMapping(hostile)).errors);
    expect(skipped.split("\n")[1]).toMatch(/^'=cmd\|' \/C calc'!A0,1,/);
  });
});
