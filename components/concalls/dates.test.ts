import { describe, expect, it } from "vitest";
import { saysNoRedFlags } from "./concall-parts";
import { alphaInstant, formatCountdown, secondsUntil } from "./dates";

describe("concall times", () => {
  it("reads filing dates without an offset as IST", () => {
    expect(alphaInstant("2026-11-13T20:20:00")?.toISOString()).toBe("2026-11-13T14:50:00.000Z");
    expect(alphaInstant("2026-11-23T11:30:00Z")?.toISOString()).toBe("2026-11-23T11:30:00.000Z");
    expect(alphaInstant(null)).toBeNull();
    expect(alphaInstant("not a date")).toBeNull();
  });

  it("counts link lifetimes down", () => {
    expect(secondsUntil(10_500, 1_000)).toBe(10);
    expect(secondsUntil(1_000, 5_000)).toBe(0);
    expect(formatCountdown(845)).toBe("14:05");
    expect(formatCountdown(3723)).toBe("1:02:03");
    expect(formatCountdown(0)).toBe("0:00");
  });

  it("tells an all-clear from a red flag", () => {
    expect(saysNoRedFlags("No material red flags were raised on the call.")).toBe(true);
    expect(saysNoRedFlags("Nothing alarming surfaced on the call.")).toBe(true);
    expect(saysNoRedFlags(null)).toBe(true);
    expect(saysNoRedFlags("Promoter pledging of shares has increased.")).toBe(false);
  });
});
