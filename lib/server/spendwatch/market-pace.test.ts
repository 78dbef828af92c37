import { describe, expect, it } from "vitest";
import { NSE_VIEW } from "@/lib/market/calendar";
import { afterMarketMs, isUnusual, marketMsBetween, median, runwayOf, sessionMs, sessionsWindowStart } from "./market-pace";

const ist = (s: string) => Date.parse(`${s}+05:30`);
const HOUR = 3_600_000;
const SESSION = 375 * 60_000;

describe("spend against the market's clock", () => {
  it("counts only open-market time: a weekend and a holiday add nothing, a part session its part", () => {
    expect(sessionMs(NSE_VIEW)).toBe(SESSION);
    expect(marketMsBetween(NSE_VIEW, ist("2026-12-11T15:30:00"), ist("2026-12-14T09:15:00"))).toBe(0);
    expect(marketMsBetween(NSE_VIEW, ist("2026-12-07T00:00:00"), ist("2026-12-12T00:00:00"))).toBe(5 * SESSION);
    expect(marketMsBetween(NSE_VIEW, ist("2026-12-07T08:00:00"), ist("2026-12-07T10:15:00"))).toBe(HOUR);
    // Christmas (Friday 25 December 2026) is a holiday.
    expect(marketMsBetween(NSE_VIEW, ist("2026-12-25T00:00:00"), ist("2026-12-26T00:00:00"))).toBe(0);
  });

  it("measures the pace over the last trading days, the current one included", () => {
    expect(sessionsWindowStart(NSE_VIEW, ist("2026-12-11T16:00:00"), 5)).toBe(ist("2026-12-07T00:00:00"));
    expect(sessionsWindowStart(NSE_VIEW, ist("2026-12-12T12:00:00"), 5)).toBe(ist("2026-12-07T00:00:00"));
    expect(sessionsWindowStart(NSE_VIEW, ist("2026-12-14T10:00:00"), 5)).toBe(ist("2026-12-08T00:00:00"));
  });

  it("spends the balance forward through sessions only, skipping nights, the weekend and the holiday", () => {
    expect(afterMarketMs(NSE_VIEW, ist("2026-12-11T15:00:00"), HOUR)).toBe(ist("2026-12-14T09:45:00"));
    expect(afterMarketMs(NSE_VIEW, ist("2026-12-24T15:00:00"), HOUR)).toBe(ist("2026-12-28T09:45:00"));
    expect(afterMarketMs(NSE_VIEW, ist("2026-12-12T03:00:00"), 2 * SESSION)).toBe(ist("2026-12-15T15:30:00"));
  });

  it("a weekend does not burn runway: Friday after the close and Saturday noon give the same end", () => {
    const input = { balance: 1_000, spent: 500, marketMs: 5 * SESSION, horizonDays: 2 };
    const friday = runwayOf(NSE_VIEW, { ...input, nowMs: ist("2026-12-11T16:00:00") });
    const saturday = runwayOf(NSE_VIEW, { ...input, nowMs: ist("2026-12-12T12:00:00") });
    expect(friday.runsOutAtMs).toBe(saturday.runsOutAtMs);
    // 100 credits a session: ten sessions from Monday 14 December, Christmas skipped.
    expect(friday.runsOutAtMs).toBe(ist("2026-12-28T15:30:00"));
    expect(friday.perMarketHour).toBeCloseTo(100 / 6.25, 6);
    expect(friday.marketHoursLeft).toBeCloseTo(62.5, 6);
    expect(friday.belowHorizon).toBe(false);
    expect(runwayOf(NSE_VIEW, { ...input, balance: 199, nowMs: ist("2026-12-11T16:00:00") }).belowHorizon).toBe(true);
    expect(runwayOf(NSE_VIEW, { ...input, balance: 200, nowMs: ist("2026-12-11T16:00:00") }).belowHorizon).toBe(false);
    expect(runwayOf(NSE_VIEW, { ...input, spent: 0, nowMs: ist("2026-12-11T16:00:00") })).toEqual({ perMarketHour: 0, runsOutAtMs: null, marketHoursLeft: null, belowHorizon: false });
  });

  it("calls spend unusual above twice the median of the sessions before, and not below the floor", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const week = [10, 12, 8, 11, 9, 40, 10];
    expect(median(week)).toBe(10);
    expect(isUnusual(21, week)).toBe(true);
    expect(isUnusual(20, week)).toBe(false);
    expect(isUnusual(9, [0, 0, 0, 0, 0, 0, 0])).toBe(false);
    expect(isUnusual(10, [0, 0, 0, 0, 0, 0, 0])).toBe(true);
  });
});
