import { describe, expect, it } from "vitest";
import { DEFAULT_SPEND_CONFIRM_THRESHOLD } from "@/lib/desk/users";
import { needsSpendConfirmation } from "./confirm-spend";
import { priceLabel } from "./price-tag";

describe("paid actions", () => {
  it("ask for confirmation only above the user's threshold, never for free ones", () => {
    expect(needsSpendConfirmation(4, 0)).toBe(true);
    expect(needsSpendConfirmation(4, 4)).toBe(false);
    expect(needsSpendConfirmation(5, 4)).toBe(true);
    expect(needsSpendConfirmation(0, 0)).toBe(false);
    expect(DEFAULT_SPEND_CONFIRM_THRESHOLD).toBe(0);
  });

  it("label their price", () => {
    expect(priceLabel({ credits: 0 })).toBe("Free");
    expect(priceLabel({ credits: 1 })).toBe("1 credit");
    expect(priceLabel({ credits: 40, upTo: true })).toBe("up to 40 credits");
    expect(priceLabel({ credits: 150000 })).toBe("1,50,000 credits");
  });
});
