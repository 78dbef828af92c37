import { describe, expect, it } from "vitest";
import { formatIndian, groupIndian } from "./indian-digits";

function values(): number[] {
  const out = [0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, 1.005, 1.0005, 0.125, 0.0005, -0.0004, 999.9995, 99_999.5, 9_99_999.995, 1e-7, 1.5e-7, 1e21, 1.234e25, 123_456_789.123, -98_76_543.21, 0.1 + 0.2, 1e15 + 0.3, 2 ** 53];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 3000; i++) {
    const scale = 10 ** Math.floor(next() * 14 - 4);
    const v = Math.round(next() * 1e6) / 1e3;
    out.push((next() < 0.3 ? -1 : 1) * v * scale);
    // Halves at the rounding digit: x.xx5 and friends.
    out.push((next() < 0.5 ? -1 : 1) * (Math.floor(next() * 1e5) + 0.5) / 10 ** Math.floor(next() * 4));
  }
  return out;
}

describe("Indian digits, the same text as Intl en-IN", () => {
  const settings: { min?: number; max?: number }[] = [{}, { max: 0 }, { max: 1 }, { max: 2 }, { min: 2, max: 2 }, { min: 0, max: 2 }, { min: 1, max: 3 }, { min: 3 }];
  for (const { min, max } of settings) {
    it(`min ${min ?? "default"}, max ${max ?? "default"}`, () => {
      const intl = new Intl.NumberFormat("en-IN", { minimumFractionDigits: min, maximumFractionDigits: max, signDisplay: "negative" });
      const wrong = values()
        .map((v) => [v, intl.format(v), formatIndian(v, { minimumFractionDigits: min, maximumFractionDigits: max })] as const)
        .filter(([, a, b]) => a !== b)
        .map(([v, a, b]) => `${v}: Intl "${a}", ours "${b}"`);
      expect(wrong.slice(0, 5)).toEqual([]);
    });
  }

  it("groups the last three digits, then pairs", () => {
    expect(["1", "123", "1234", "12345", "123456", "1234567", "12345678"].map(groupIndian)).toEqual(["1", "123", "1,234", "12,345", "1,23,456", "12,34,567", "1,23,45,678"]);
  });

  it("rounds on the shortest decimal, half away from zero, and drops the sign of a zero", () => {
    expect(formatIndian(1.005, { maximumFractionDigits: 2 })).toBe("1.01");
    expect(formatIndian(-2.5, { maximumFractionDigits: 0 })).toBe("-3");
    expect(formatIndian(-0.001, { maximumFractionDigits: 2 })).toBe("0");
    expect(formatIndian(-0)).toBe("0");
    expect(formatIndian(999.9995)).toBe("1,000");
  });
});
