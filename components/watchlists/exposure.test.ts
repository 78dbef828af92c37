import { describe, expect, it } from "vitest";
import { exposureDigits, formatExposure } from "./exposure";

describe("exposure columns", () => {
  it("give a column the decimals its most precise value needs, rupees whole or with paise", () => {
    expect(exposureDigits([35000, 38006.25, 204252], "inr")).toBe(2);
    expect(exposureDigits([35000, 38006.5], "inr")).toBe(2);
    expect(exposureDigits([35000, null, 204252], "inr")).toBe(0);
    expect(exposureDigits([10, 2.5, 0.125], "weight")).toBe(2);
    expect(exposureDigits([300, 12.5], "shares")).toBe(1);
    expect(exposureDigits([], null)).toBe(0);
  });

  it("formats each figure with the column's decimals", () => {
    const digits = exposureDigits([35000, 38006.25], "inr");
    expect(formatExposure(35000, "inr", digits)).toBe("₹35,000.00");
    expect(formatExposure(38006.25, "inr", digits)).toBe("₹38,006.25");
    expect(formatExposure(35000, "inr")).toBe("₹35,000");
    expect(formatExposure(12.5, "weight", 2)).toBe("12.50%");
    expect(formatExposure(300, "shares", 1)).toBe("300.0 shares");
    expect(formatExposure(1, "shares")).toBe("1 share");
    expect(formatExposure(null, "inr", 2)).toBe("—");
  });
});
