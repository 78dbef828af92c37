import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { csvRows, exchangeDate, exchangeNumber, istIso, openText, utcIso, zipEntries } from "./files";

const FIXTURES = join(import.meta.dirname, "../../test/fixtures/exchange");

async function rows(text: string) {
  const out = [];
  for await (const r of csvRows(Readable.from([text]), "t.csv")) out.push(r);
  return out;
}

describe("reading exchange files", () => {
  it("reads the dates NSE and BSE write, in IST, and refuses dates that do not exist", () => {
    const cases: [string, string][] = [
      ["28-NOV-2026", "2026-11-28T00:00:00+05:30"],
      ["28-Nov-26", "2026-11-28T00:00:00+05:30"],
      ["28/11/2026", "2026-11-28T00:00:00+05:30"],
      ["28 Nov 2026", "2026-11-28T00:00:00+05:30"],
      ["2026-11-28", "2026-11-28T00:00:00+05:30"],
      ["20261128", "2026-11-28T00:00:00+05:30"],
      ["28-Nov-2026 17:45:12", "2026-11-28T17:45:12+05:30"],
      ["2026-11-28T17:45:12.447", "2026-11-28T17:45:12+05:30"],
      ["28/11/2026 05:45:12 PM", "2026-11-28T17:45:12+05:30"],
    ];
    for (const [cell, iso] of cases) expect(istIso(exchangeDate(cell)!), cell).toBe(iso);
    expect(utcIso(exchangeDate("28-Nov-2026 15:30:00")!)).toBe("2026-11-28T10:00:00Z");
    expect(exchangeDate("-")).toBeNull();
    expect(exchangeDate("")).toBeNull();
    expect(() => exchangeDate("31-FEB-2026")).toThrow("'31-FEB-2026' is not a real date");
    expect(() => exchangeDate("tomorrow")).toThrow("is not a date the exchanges write");
  });

  it("reads numbers with Indian digit grouping, `-` as empty, and refuses anything else", () => {
    expect(exchangeNumber("70,00,000")).toBe(7_000_000);
    expect(exchangeNumber("1,23,45,678.90")).toBe(12_345_678.9);
    expect(exchangeNumber("1,234.50")).toBe(1234.5);
    expect(exchangeNumber(" 3401.75 ")).toBe(3401.75);
    expect(exchangeNumber("-12.5")).toBe(-12.5);
    expect(exchangeNumber("-")).toBeNull();
    expect(exchangeNumber("")).toBeNull();
    for (const bad of ["70,00,0x0", "1,2345", "12.", "abc"]) expect(() => exchangeNumber(bad), bad).toThrow("is not a number");
  });

  it("reads CSV with a BOM, stray spaces in headers, quoted commas and a trailing comma; a short row is an issue with its line", async () => {
    const out = await rows('\uFEFFDate , Symbol ,Client Name ,Quantity Traded \n\n27-NOV-2026,TCS,"A, B LLP","70,00,000",\n27-NOV-2026,INFY\n');
    expect(out).toEqual([
      { line: 3, cells: { Date: "27-NOV-2026", Symbol: "TCS", "Client Name": "A, B LLP", "Quantity Traded": "70,00,000" } },
      { file: "t.csv", at: "line 4", reason: "expected 4 cells as the header names, got 2", cells: ["27-NOV-2026", "INFY"] },
    ]);
  });

  it("reads a zipped file's entry as a stream, and refuses a file that is not a zip", async () => {
    const zip = join(FIXTURES, "BhavCopy_NSE_CM_0_0_0_20261127_F_0000.csv.zip");
    expect(zipEntries(zip).map((e) => e.name)).toEqual(["BhavCopy_NSE_CM_0_0_0_20261127_F_0000.csv"]);
    const { name, stream } = openText(zip);
    let text = "";
    for await (const chunk of stream) text += chunk as string;
    expect(name).toBe("BhavCopy_NSE_CM_0_0_0_20261127_F_0000.csv");
    expect(text.split("\n")[0]).toMatch(/^TradDt,BizDt,/);
    const fake = join(mkdtempSync(join(tmpdir(), "i41-zip-")), "x.zip");
    writeFileSync(fake, "not a zip");
    expect(() => openText(fake)).toThrow("not a zip file");
  });
});
