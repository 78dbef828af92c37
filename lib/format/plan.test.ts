import { describe, expect, it } from "vitest";
import { formatAddonTier, formatPlanName, formatStatusWord } from "./plan";

describe("plan and add-on words", () => {
  it("turns tier codes into words", () => {
    expect(formatAddonTier("pro_1000")).toBe("Pro, up to 1,000 symbols");
    expect(formatAddonTier("starter_100")).toBe("Starter, up to 100 symbols");
    expect(formatAddonTier("scale")).toBe("Scale");
    expect(formatAddonTier("enterprise_custom")).toBe("Enterprise Custom");
  });

  it("prefers the plan's own name, else its code in words", () => {
    expect(formatPlanName("Pro", "pro")).toBe("Pro");
    expect(formatPlanName(undefined, "sandbox")).toBe("Sandbox");
    expect(formatPlanName(null, null)).toBeNull();
  });

  it("writes statuses as words", () => {
    expect(formatStatusWord("active")).toBe("Active");
    expect(formatStatusWord("past_due")).toBe("Past due");
  });
});
