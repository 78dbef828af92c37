import { describe, expect, it } from "vitest";
import { didYouMean, instrumentOf, renamedOf } from "./instruments";

describe("instruments that are not companies", () => {
  it("tells ETFs, gold bonds, government securities, REITs and InvITs by their NSE symbols", () => {
    expect(instrumentOf("NIFTYBEES")?.kind).toBe("etf");
    expect(instrumentOf("goldbees")?.label).toBe("ETF");
    expect(instrumentOf("SETFNIF50")?.kind).toBe("etf");
    expect(instrumentOf("CPSEETF")?.kind).toBe("etf");
    expect(instrumentOf("SGBAUG28V")).toEqual({ symbol: "SGBAUG28V", kind: "gold_bond", label: "Sovereign gold bond" });
    expect(instrumentOf("SGBMAR29")?.kind).toBe("gold_bond");
    expect(instrumentOf("718GS2033")?.kind).toBe("government_security");
    expect(instrumentOf("EMBASSY")?.kind).toBe("reit");
    expect(instrumentOf("IRBINVIT")?.kind).toBe("invit");
  });

  it("leaves companies alone, including those whose names look close", () => {
    for (const s of ["INFY", "TCS", "SBIN", "M&M", "SGBANK", "BEL", "ETERNAL", "GESHIP", "TMPV"]) expect(instrumentOf(s), s).toBeNull();
  });
});

describe("renamed and demerged symbols", () => {
  it("points a retired symbol at what it trades as now", () => {
    const tm = renamedOf("tatamotors");
    expect(tm?.to).toEqual(["TMPV", "TMCV"]);
    expect(didYouMean(tm!)).toBe("did you mean TMPV or TMCV?");
    expect(didYouMean(renamedOf("ZOMATO")!)).toBe("did you mean ETERNAL?");
    expect(renamedOf("INFY")).toBeNull();
  });
});
