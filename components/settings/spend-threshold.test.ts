import { describe, expect, it } from "vitest";
import { parseThreshold } from "./spend-threshold";

describe("the stored confirmation threshold", () => {
  it("reads whole credits and falls back to asking every time", () => {
    expect(parseThreshold("25")).toBe(25);
    expect(parseThreshold("7.9")).toBe(7);
    expect(parseThreshold(null)).toBe(0);
    expect(parseThreshold("")).toBe(0);
    expect(parseThreshold("-3")).toBe(0);
    expect(parseThreshold("lots")).toBe(0);
  });
});
