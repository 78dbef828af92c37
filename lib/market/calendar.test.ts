import { describe, expect, it } from "vitest";
import { blockDealWindowAt, CALENDAR_YEARS, isTradingDay, marketDay, marketStatusAt, nextTradingDay, NSE_CALENDAR, previousTradingDay, workingDaysDeadline } from "./calendar";

const at = (iso: string) => Date.parse(iso);

describe("the NSE calendar", () => {
  it("covers 2025 to 2027 with weekday holidays only, and marks 2027 provisional", () => {
    expect(CALENDAR_YEARS).toEqual([2025, 2026, 2027]);
    for (const h of NSE_CALENDAR.holidays) {
      const day = marketDay(at(`${h.date}T12:00:00+05:30`));
      expect([1, 2, 3, 4, 5], h.date).toContain(day.weekday);
      expect(h.provisional === true, h.date).toBe(h.date.startsWith("2027"));
    }
  });

  it("shuts on holidays and weekends and trades on a Budget Sunday", () => {
    expect(isTradingDay(at("2026-11-24T10:00:00+05:30"))).toBe(false); // Guru Nanak Jayanti, a Tuesday
    expect(marketDay(at("2026-11-24T10:00:00+05:30")).holiday?.name).toMatch(/Guru Nanak/);
    expect(isTradingDay(at("2026-11-23T10:00:00+05:30"))).toBe(true);
    expect(isTradingDay(at("2026-11-21T10:00:00+05:30"))).toBe(false); // Saturday
    expect(isTradingDay(at("2026-02-01T10:00:00+05:30"))).toBe(true); // Union Budget, a Sunday
    expect(marketStatusAt(at("2026-02-01T10:00:00+05:30")).phase).toBe("open");
  });

  it("runs Muhurat trading as a one-hour special session, not a full day", () => {
    const muhurat = at("2026-11-08T18:30:00+05:30");
    expect(isTradingDay(muhurat)).toBe(false);
    expect(marketDay(muhurat).special?.kind).toBe("muhurat");
    expect(marketStatusAt(muhurat).phase).toBe("open");
    expect(marketStatusAt(at("2026-11-08T12:00:00+05:30")).phase).toBe("closed");
  });

  it("knows the phases of a trading day and the block windows", () => {
    const phase = (t: string) => marketStatusAt(at(`2026-11-23T${t}:00+05:30`)).phase;
    expect(phase("08:30")).toBe("closed");
    expect(phase("09:03")).toBe("pre_open");
    expect(phase("09:12")).toBe("pre_open");
    expect(phase("09:15")).toBe("open");
    expect(phase("15:29")).toBe("open");
    expect(phase("15:45")).toBe("closing");
    expect(phase("16:30")).toBe("post_close");
    expect(marketStatusAt(at("2026-11-24T11:00:00+05:30"))).toMatchObject({ phase: "closed", closedReason: expect.stringMatching(/Guru Nanak/) });
    expect(marketStatusAt(at("2026-11-22T11:00:00+05:30")).closedReason).toBe("Weekend");
    expect(blockDealWindowAt(at("2026-11-23T08:50:00+05:30"))?.id).toBe("block_morning");
    expect(blockDealWindowAt(at("2026-11-23T14:10:00+05:30"))?.id).toBe("block_afternoon");
    expect(blockDealWindowAt(at("2026-11-23T14:20:00+05:30"))).toBeNull();
    expect(blockDealWindowAt(at("2026-11-24T08:50:00+05:30"))).toBeNull();
  });

  it("counts working days past holidays and weekends", () => {
    const fri = at("2026-11-20T16:00:00+05:30");
    expect(nextTradingDay(fri)).toBe(at("2026-11-23T00:00:00+05:30"));
    expect(nextTradingDay(at("2026-11-23T16:00:00+05:30"))).toBe(at("2026-11-25T00:00:00+05:30"));
    expect(previousTradingDay(at("2026-11-25T10:00:00+05:30"))).toBe(at("2026-11-23T00:00:00+05:30"));
    // Five working days after Friday 20 Nov: 23, 25, 26, 27, 30 November; the deadline is the end of the 30th.
    expect(workingDaysDeadline(fri, 5)).toBe(at("2026-12-01T00:00:00+05:30"));
  });
});
