import { describe, expect, it } from "vitest";
import type { UsageSnapshot } from "@/lib/alpha/account";
import { projectUsage } from "./usage";

const usage = (over: Partial<UsageSnapshot> & { requests?: number }): UsageSnapshot => ({
  account_id: "acc",
  balance: 10_000,
  debited_today: 0,
  reserved: 0,
  live_usage: over.requests === undefined ? {} : { requests_today: over.requests },
  rate_limits: { overall: { daily: 1_000, rpm: 60 } },
  ...over,
});

describe("the daily-limit projection", () => {
  it("extrapolates today's pace since IST midnight to an IST time today", () => {
    // 06:00 IST, 250 requests: 1,000 is reached at 24:00 at this pace, which is not today.
    expect(projectUsage(usage({ requests: 250 }), new Date("2026-05-11T06:00:00+05:30")).limitReachedAt).toBeNull();
    // 06:00 IST, 400 requests: 100 an hour, 600 more by 12:00 IST.
    const p = projectUsage(usage({ requests: 400 }), new Date("2026-05-11T06:00:00+05:30"));
    expect(p).toMatchObject({ basis: "requests", usedToday: 400, dailyLimit: 1_000, perHour: 66.7, limitReached: false });
    expect(p.limitReachedAt).toBe("2026-05-11T15:00:00+05:30");
  });

  it("says when the limit is already reached, falls back to credits, and projects the balance", () => {
    const now = new Date("2026-05-11T12:00:00+05:30");
    expect(projectUsage(usage({ requests: 1_000 }), now)).toMatchObject({ limitReached: true, limitReachedAt: "2026-05-11T12:00:00+05:30" });
    const credits = projectUsage(usage({ debited_today: 120, balance: 240 }), now);
    expect(credits).toMatchObject({ basis: "credits", usedToday: 120, perHour: 10 });
    expect(credits.balanceRunsOutAt).toBe("2026-05-12T12:00:00+05:30");
    expect(projectUsage(usage({ requests: 0 }), now)).toMatchObject({ limitReachedAt: null, balanceRunsOutAt: null, perHour: 0 });
  });

  it("names a far date, not an invalid one, for a large balance spent slowly (found by bench:morning)", () => {
    // 03:30 IST, one credit spent of a billion: at that pace the balance outlasts what a Date can hold.
    const p = projectUsage(usage({ debited_today: 1, balance: 1_000_000_000 }), new Date("2026-05-11T03:30:00+05:30"));
    expect(p.balanceRunsOutAt).toBe("2126-04-17T03:30:00+05:30");
  });
});
