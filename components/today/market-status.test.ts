import { describe, expect, it } from "vitest";
import { marketStatusView, nextOpenAfter } from "./market-status";

const ist = (iso: string) => Date.parse(`${iso}+05:30`);

describe("Today's market status", () => {
  it("is open in the session, with its close and the next day's open", () => {
    const v = marketStatusView(ist("2026-11-25T11:00:00"));
    expect(v).toMatchObject({ phase: "open", label: "Open", untilMs: ist("2026-11-25T15:30:00"), nextOpenMs: ist("2026-11-26T09:15:00") });
  });

  it("is pre-open before 09:15 and closed before 09:00, the next session being today's", () => {
    expect(marketStatusView(ist("2026-11-25T09:03:00"))).toMatchObject({ phase: "pre_open", label: "Pre-open", nextOpenMs: ist("2026-11-25T09:15:00") });
    expect(marketStatusView(ist("2026-11-25T05:45:00"))).toMatchObject({ phase: "closed", label: "Closed", nextOpenMs: ist("2026-11-25T09:15:00") });
  });

  it("counts a Muhurat evening as a session of its own", () => {
    // Sunday 8 Nov 2026: the market is shut by day and opens for an hour at 18:15.
    const v = marketStatusView(ist("2026-11-08T12:00:00"));
    expect(v.special).toMatch(/Muhurat/);
    expect(v.nextOpenMs).toBe(ist("2026-11-08T18:15:00"));
    expect(marketStatusView(ist("2026-11-08T18:30:00")).phase).toBe("open");
  });

  it("after the close and over a weekend, points at Monday's open", () => {
    expect(marketStatusView(ist("2026-11-27T17:00:00"))).toMatchObject({ phase: "post_close", nextOpenMs: ist("2026-11-30T09:15:00") });
    expect(marketStatusView(ist("2026-11-28T10:00:00"))).toMatchObject({ phase: "closed", closedReason: "Weekend", nextOpenMs: ist("2026-11-30T09:15:00") });
  });

  it("names a weekday holiday and skips it", () => {
    expect(marketStatusView(ist("2026-11-24T11:00:00"))).toMatchObject({ phase: "closed", label: "Holiday", closedReason: "Prakash Gurpurb Sri Guru Nanak Dev", nextOpenMs: ist("2026-11-25T09:15:00") });
    // Christmas 2026 is a Friday: the next session is Monday the 28th.
    const v = marketStatusView(ist("2026-12-25T10:00:00"));
    expect(v.label).toBe("Holiday");
    expect(v.closedReason).toMatch(/Christmas/);
    expect(nextOpenAfter(ist("2026-12-25T10:00:00"))).toBe(ist("2026-12-28T09:15:00"));
  });
});
