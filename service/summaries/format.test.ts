import { describe, expect, it } from "vitest";
import { clause, firstSentence, formatCrore, formatIstDateTime, formatSignedPercent, groupIndian } from "./format";

describe("summary formatting", () => {
  it("groups digits the Indian way", () => {
    expect(groupIndian(1_234_567.891, 2)).toBe("12,34,567.89");
    expect(groupIndian(999)).toBe("999");
    expect(groupIndian(-100_000)).toBe("-1,00,000");
    expect(formatCrore(2_030_000)).toBe("₹20,30,000 cr");
    expect(formatCrore(45.25)).toBe("₹45.3 cr");
  });

  it("writes times in Asia/Kolkata", () => {
    expect(formatIstDateTime(Date.parse("2026-05-11T18:31:00Z"))).toBe("12 May 2026, 00:01 IST");
    expect(formatSignedPercent(-1.875)).toBe("-1.88%");
    expect(formatSignedPercent(0)).toBe("±0.00%");
  });

  it("cuts the first sentence without stopping at abbreviations", () => {
    expect(firstSentence("Shares of Bajaj Finance Ltd. rose 3%. Volumes doubled.")).toBe("Shares of Bajaj Finance Ltd. rose 3%.");
    expect(firstSentence("Revenue was ₹1,200 cr vs. ₹1,100 cr. Margins held.")).toBe("Revenue was ₹1,200 cr vs. ₹1,100 cr.");
    expect(firstSentence("EBITDA margin of 45.4% held up. Next.")).toBe("EBITDA margin of 45.4% held up.");
    expect(clause("One line only.")).toBe("One line only");
    expect(firstSentence("x".repeat(300), 20)).toHaveLength(20);
  });
});
