import { describe, expect, it } from "vitest";
import { MODE_INFO, splitTypedSymbols, symbolCountWords, withArticle } from "./summary-params";

describe("summary copy", () => {
  it("puts the right article before every mode's name", () => {
    expect(withArticle(`${MODE_INFO.exposure.label.toLowerCase()} summary`, "Generate")).toBe("Generate an exposure summary");
    expect(withArticle(`${MODE_INFO.news_context.label.toLowerCase()} summary`, "Generate")).toBe("Generate a news context summary");
    expect(withArticle(`${MODE_INFO.intraday_movements.label.toLowerCase()} summary`, "Generate")).toBe("Generate an intraday movements summary");
    expect(withArticle("unit test")).toBe("a unit test");
  });

  it("counts symbols in words and splits typed lists", () => {
    expect(symbolCountWords(1)).toBe("1 symbol");
    expect(symbolCountWords(3)).toBe("3 symbols");
    expect(splitTypedSymbols("tcs, infy  M&M,tcs")).toEqual(["TCS", "INFY", "M&M"]);
  });
});
