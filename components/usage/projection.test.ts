import { describe, expect, it } from "vitest";
import { describePace, describeProjection } from "./projection";

describe("projection sentences", () => {
  it("gives the IST time the daily limit is reached", () => {
    expect(describeProjection({ limitReached: false, limitReachedAt: "2026-04-01T20:00:00+05:30" })).toBe(
      "At today's pace the daily limit is reached at 20:00 IST.",
    );
  });

  it("says not today, or already reached", () => {
    expect(describeProjection({ limitReached: false, limitReachedAt: null })).toBe("At today's pace the daily limit is not reached today.");
    expect(describeProjection({ limitReached: true, limitReachedAt: "2026-04-01T12:00:00+05:30" })).toBe("The daily limit has been reached for today.");
  });

  it("describes the pace and when the balance runs out", () => {
    expect(describePace({ basis: "requests", perHour: 12.5, balanceRunsOutAt: null })).toBe("Today's pace: 12.5 requests an hour since midnight IST.");
    const now = new Date("2026-04-01T06:30:00Z");
    expect(describePace({ basis: "credits", perHour: 40, balanceRunsOutAt: "2026-04-03T09:15:00+05:30" }, now)).toBe(
      "Today's pace: 40 credits an hour since midnight IST. At this rate the balance lasts until about 3 Apr 2026, 09:15 IST.",
    );
    expect(describePace({ basis: "credits", perHour: 1, balanceRunsOutAt: "2031-01-01T00:00:00+05:30" }, now)).toBe(
      "Today's pace: 1 credits an hour since midnight IST. At this rate the balance lasts more than two months.",
    );
  });
});
