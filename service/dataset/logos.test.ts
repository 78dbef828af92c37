import { describe, expect, it } from "vitest";
import { companies } from "./companies";
import { logoInitials, renderLogoSvg } from "./logos";

describe("renderLogoSvg", () => {
  it("renders a small valid SVG with the company's initials, the same every time", () => {
    const c = companies[Math.floor(Math.random() * companies.length)];
    if (!c) throw new Error("no companies");
    const svg = renderLogoSvg(c);
    expect(svg).toBe(renderLogoSvg(c));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).toContain(`>${logoInitials(c)}</text>`);
    expect(svg.length).toBeLessThan(2_000);
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("takes initials from the significant words and escapes names", () => {
    expect(logoInitials({ symbol: "SBIN", sector: "Financial Services", companyName: "State Bank of India" })).toBe("SB");
    expect(logoInitials({ symbol: "TCS", sector: "Information Technology", company_name: "Tata Consultancy Services Ltd." })).toBe("TC");
    const mm = renderLogoSvg({ symbol: "M&M", sector: "Automobile and Auto Components", companyName: "Mahindra & Mahindra Ltd." });
    expect(mm).toContain("Mahindra &amp; Mahindra");
    expect(logoInitials({ symbol: "M&M", sector: "x", companyName: "Mahindra & Mahindra Ltd." })).toBe("MM");
  });

  it("tints by sector", () => {
    const fill = (sector: string) => /fill="(hsl\([^)]*\))"/.exec(renderLogoSvg({ symbol: "SAME", sector, companyName: "Same Name Ltd." }))?.[1];
    expect(fill("Financial Services")).not.toBe(fill("Healthcare"));
  });
});
