import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SymbolMatch } from "@/lib/query/symbols";

const fetchKnownSymbols = vi.fn();
vi.mock("@/components/watchlists/known-symbols", () => ({ fetchKnownSymbols: (...args: unknown[]) => fetchKnownSymbols(...args) }));

const { resolveTypedSymbols } = await import("./resolve-typed");

/** The check's answer as the route gives it: nothing classed as an instrument or a renamed symbol unless said. */
const answer = (a: { known: string[]; unknown: string[]; unchecked: string[]; note: string | null; instruments?: unknown[]; renamed?: unknown[] }) => ({ instruments: [], renamed: [], ...a });

const match = (symbol: string, scripCode: string | null = null) => ({ symbol, name: null, scripCode, matchedOn: "symbol" }) as unknown as SymbolMatch;

describe("resolveTypedSymbols", () => {
  beforeEach(() => {
    fetchKnownSymbols.mockReset();
    fetchKnownSymbols.mockImplementation(async (symbols: string[]) => answer({ known: symbols, unknown: [], unchecked: [], note: null }));
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
    fetchKnownSymbols.mockResolvedValueOnce(answer({ known: ["TCS"], unknown: [], unchecked: ["M&M"], note: null }));
    const outcome = await resolveTypedSymbols("m&m, TCS, tcs", [], { multiple: true });
    expect(outcome).toEqual({ ok: true, symbols: ["M&M", "TCS"], note: "“M&M” could not be checked right now." });
  });

  it("refuses unknown symbols and text that is no symbol, in words", async () => {
    fetchKnownSymbols.mockResolvedValueOnce(answer({ known: ["TCS"], unknown: ["FOOBAR"], unchecked: [], note: null }));
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

  it("points a retired symbol at what it trades as now, and keeps an ETF only where a book is built", async () => {
    const tatamotors = { symbol: "TATAMOTORS", to: ["TMPV", "TMCV"], note: "Tata Motors demerged." };
    fetchKnownSymbols.mockResolvedValueOnce(answer({ known: [], unknown: ["TATAMOTORS"], unchecked: [], note: null, renamed: [tatamotors] }));
    expect(await resolveTypedSymbols("TATAMOTORS", [], { multiple: false })).toEqual({
      ok: false,
      message: "“TATAMOTORS” is not a symbol the Alpha service lists. For “TATAMOTORS”, did you mean TMPV or TMCV? Tata Motors demerged.",
    });
    const etf = answer({ known: [], unknown: [], unchecked: [], note: null, instruments: [{ symbol: "NIFTYBEES", kind: "etf", label: "ETF" }] });
    fetchKnownSymbols.mockResolvedValueOnce(etf);
    expect(await resolveTypedSymbols("NIFTYBEES", [], { multiple: false })).toEqual({ ok: false, message: "“NIFTYBEES” is an ETF, not a company: it files no results, news or calls." });
    fetchKnownSymbols.mockResolvedValueOnce(etf);
    expect(await resolveTypedSymbols("NIFTYBEES", [], { multiple: false, keepInstruments: true })).toEqual({ ok: true, symbols: ["NIFTYBEES"], note: null });
  });

  it("reads one symbol, commas included, when not multiple", async () => {
    const outcome = await resolveTypedSymbols("TCS,INFY", [], { multiple: false });
    expect(outcome.ok).toBe(false);
    expect(fetchKnownSymbols).not.toHaveBeenCalled();
  });
});
