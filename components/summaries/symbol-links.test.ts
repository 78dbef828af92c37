import { describe, expect, it } from "vitest";
import type { Root } from "hast";
import { rehypeSymbolLinks, splitSymbols, symbolPattern } from "./symbol-links";

describe("symbol links in a summary", () => {
  it("matches whole symbols only, longest first, M&M and BAJAJ-AUTO included", () => {
    const pattern = symbolPattern(["TCS", "M&M", "BAJAJ-AUTO", "BAJAJ"]);
    if (!pattern) throw new Error("no pattern");
    const parts = (text: string) => splitSymbols(text, pattern).filter((p) => p.symbol).map((p) => p.text);
    expect(parts("TCS and M&M rose; TCSL did not. BAJAJ-AUTO led, BAJAJ lagged.")).toEqual(["TCS", "M&M", "BAJAJ-AUTO", "BAJAJ"]);
    expect(parts("Top holding TCS.")).toEqual(["TCS"]);
    expect(parts("XTCS, TCS_X, M&MFIN")).toEqual([]);
    expect(symbolPattern([])).toBeNull();
  });

  it("links text outside links and code, and leaves those alone", () => {
    const tree: Root = {
      type: "root",
      children: [
        { type: "element", tagName: "h2", properties: {}, children: [{ type: "text", value: "TCS — Tata Consultancy" }] },
        { type: "element", tagName: "code", properties: {}, children: [{ type: "text", value: "TCS" }] },
        { type: "element", tagName: "a", properties: { href: "https://x.test" }, children: [{ type: "text", value: "TCS news" }] },
      ],
    };
    rehypeSymbolLinks({ symbols: ["TCS"] })(tree);
    const [h2, code, a] = tree.children as { tagName: string; children: { type: string; tagName?: string; properties?: Record<string, unknown>; value?: string }[] }[];
    expect(h2?.children[0]).toMatchObject({ tagName: "a", properties: { href: "/symbols/TCS", dataSymbol: "TCS" } });
    expect(h2?.children[1]).toMatchObject({ type: "text", value: " — Tata Consultancy" });
    expect(code?.children).toEqual([{ type: "text", value: "TCS" }]);
    expect(a?.children).toEqual([{ type: "text", value: "TCS news" }]);
  });
});
