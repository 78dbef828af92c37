import { describe, expect, it } from "vitest";
import { NSE_VIEW } from "./calendar";
import { marketQuietBetween } from "./quiet-market";

const at = (iso: string) => Date.parse(iso);

describe("a market quiet between two instants", () => {
  it("holds over a weekend until Monday's session", () => {
    // Saturday 28 Nov 2026, 11:00 IST, to Saturday 11:02 and Sunday evening: quiet; Monday 10:00: a session ran.
    expect(marketQuietBetween(NSE_VIEW, at("2026-11-28T11:00:00+05:30"), at("2026-11-28T11:02:00+05:30"))).toBe(true);
    expect(marketQuietBetween(NSE_VIEW, at("2026-11-28T11:00:00+05:30"), at("2026-11-29T20:00:00+05:30"))).toBe(true);
    expect(marketQuietBetween(NSE_VIEW, at("2026-11-28T11:00:00+05:30"), at("2026-11-30T10:00:00+05:30"))).toBe(false);
  });

  it("does not hold while the market is open, nor backwards", () => {
    expect(marketQuietBetween(NSE_VIEW, at("2026-11-27T11:00:00+05:30"), at("2026-11-27T11:02:00+05:30"))).toBe(false);
    expect(marketQuietBetween(NSE_VIEW, at("2026-11-28T11:02:00+05:30"), at("2026-11-28T11:00:00+05:30"))).toBe(false);
  });

  it("holds in the evening after the close until the next morning", () => {
    expect(marketQuietBetween(NSE_VIEW, at("2026-11-26T18:00:00+05:30"), at("2026-11-26T23:00:00+05:30"))).toBe(true);
    expect(marketQuietBetween(NSE_VIEW, at("2026-11-26T18:00:00+05:30"), at("2026-11-27T09:30:00+05:30"))).toBe(false);
  });
});
