import { describe, expect, it } from "vitest";
import { formatCredits, formatCrore, formatInr, formatNumber, formatPercentChange, percentOf } from "./number";

describe("Indian number formats", () => {
  it("groups digits in lakhs and crores", () => {
    expect(formatNumber(123456)).toBe("1,23,456");
    expect(formatNumber(12345678)).toBe("1,23,45,678");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1234.567, { maximumFractionDigits: 2 })).toBe("1,234.57");
  });

  it("formats rupees with the rupee sign, whole or with paise", () => {
    expect(formatInr(12345678)).toBe("₹1,23,45,678");
    expect(formatInr(1234.5, { paise: true })).toBe("₹1,234.50");
    expect(formatInr(0)).toBe("₹0");
  });

  it("formats market caps in crores", () => {
    expect(formatCrore(123456)).toBe("₹1,23,456 cr");
    expect(formatCrore(1234567.4)).toBe("₹12,34,567 cr");
    expect(formatCrore(45.678)).toBe("₹45.68 cr");
    expect(formatCrore(-250)).toBe("-₹250 cr");
  });

  it("counts credits with the right plural", () => {
    expect(formatCredits(1)).toBe("1 credit");
    expect(formatCredits(0)).toBe("0 credits");
    expect(formatCredits(150000)).toBe("1,50,000 credits");
    expect(formatCredits(150000, { compact: true })).toBe("1,50,000");
  });

  it("shows a dash for missing values", () => {
    expect(formatInr(null)).toBe("—");
    expect(formatCrore(undefined)).toBe("—");
    expect(formatCredits(Number.NaN)).toBe("—");
  });

  it("computes clamped percentages and signed changes", () => {
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(300, 200)).toBe(100);
    expect(percentOf(1, 0)).toBeNull();
    expect(formatPercentChange(2.449)).toBe("+2.45%");
    expect(formatPercentChange(-0.8)).toBe("-0.80%");
    expect(formatPercentChange(0)).toBe("0.00%");
  });
});
