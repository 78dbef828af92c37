import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SymbolMatch } from "@/lib/query/symbols";

const fetchKnownSymbols = vi.fn();
vi.mock("@/components/watchlists/known-symbols", () => ({ fetchKnownSymbols: (...args: unknown[]) => fetchKnownSymbols(...args) }));

const { resolveTypedSymbols } = await import("./resolve-typed");

const match = (symbol: string, scripCode: string | null = null) => ({ symbol, name: null, scripCode, matchedOn: "symbol" }) as unknown as SymbolMatch;

describe("resolveTypedSymbols", () => {
  beforeEach(() => {
    fetchKnownSymbols.mockReset();
    fetchKnownSymbols.mockImplementation(async (symbols: string[]) => ({ known: symbols, unknown: [], unchecked: [], note: null }));
  });

  it("keeps the typed order when the last piece was offered and the others were checked", async () => {
    const outcome = await resolveTypedSymbols("TCS, INFY,RELIANCE", [match("RELIANCE")], { multiple: true });
    expect(outcome).toEqual({ ok: true, symbols: ["TCS", "INFY", "RELIANCE"], note: null });
    expect(fetchKnownSymbols).toHaveBeenCalledWith(["TCS", "INFY"]);
  });

  it("takes an offered company by its BSE code, in its place, and checks nothing when all were offered", async () => {
    const outcome = await resolveTypedSymbols("500209, tcs", [match("INFY", "500209"), match("TCS")], { multiple: true });
    expect(outcome).toEqual({ ok: true, symbols: ["INFY", "TCS"], note: null });
    expect(fetchKnownSymbols).not.toHaveBeenCalled();
  });

  it("drops repeats and keeps symbols that could not be checked, with a note", async () => {
    fetchKnownSymbols.mockResolvedValueOnce({ known: ["TCS"], unknown: [], unchecked: ["M&M"], note: null });
    const outcome = await resolveTypedSymbols("m&m, TCS, tcs", [], { multiple: true });
    expect(outcome).toEqual({ ok: true, symbols: ["M&M", "TCS"], note: "“M&M” could not be checked right now." });
  });

  it("refuses unknown symbols and text that is no symbol, in words", async () => {
    fetchKnownSymbols.mockResolvedValueOnce({ known: ["TCS"], unknown: ["FOOBAR"], unchecked: [], note: null });
    expect(await resolveTypedSymbols("TCS, FOOBAR", [], { multiple: true })).toEqual({
      ok: false,
      message: "“FOOBAR” is not a symbol the Alpha service lists. Check the spelling or pick a company from the suggestions.",
    });
    expect(await resolveTypedSymbols("not a symbol!", [], { multiple: true })).toEqual({
      ok: false,
      message: "“not a symbol!” is not a listed symbol. Pick a company from the suggestions.",
    });
    expect(await resolveTypedSymbols("  ", [], { multiple: true })).toEqual({ ok: false, message: "Type a symbol, a company name or a BSE code." });
  });

  it("reads one symbol, commas included, when not multiple", async () => {
    const outcome = await resolveTypedSymbols("TCS,INFY", [], { multiple: false });
    expect(outcome.ok).toBe(false);
    expect(fetchKnownSymbols).not.toHaveBeenCalled();
  });
});
