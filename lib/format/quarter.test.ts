import { describe, expect, it } from "vitest";
import { formatQuarter } from "./quarter";

describe("quarter labels", () => {
  it("labels fiscal quarters", () => {
    expect(formatQuarter("q2_27")).toBe("Q2 FY27");
    expect(formatQuarter("q4_26")).toBe("Q4 FY26");
  });
  it("keeps unknown keys and dashes missing ones", () => {
    expect(formatQuarter("2026")).toBe("2026");
    expect(formatQuarter(undefined)).toBe("—");
  });
});
