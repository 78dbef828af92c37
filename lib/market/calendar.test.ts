import { describe, expect, it } from "vitest";
import type { MarketCalendar } from "./calendar";
import { blockDealWindowAt, CALENDAR_YEARS, calendarView, isTradingDay, marketDay, marketStatusAt, nextTradingDay, NSE_CALENDAR, NSE_VIEW, previousTradingDay, workingDaysDeadline } from "./calendar";
import { marketCalendarSchema } from "./calendar-schema";
import { NSE_CALENDAR_DATA } from "./nse-calendar-data";

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

describe("the market's status at pinned times", () => {
  const wed = (hhmm: string) => at(`2026-11-25T${hhmm}:00+05:30`);
  it("says pre-open from 09:00 to 09:15, open until 15:30, closing until 16:00, then closed", () => {
    expect(marketStatusAt(wed("08:59")).phase).toBe("closed");
    expect(marketStatusAt(wed("09:00")).phase).toBe("pre_open");
    expect(marketStatusAt(wed("09:07")).phase).toBe("pre_open");
    expect(marketStatusAt(wed("09:08")).phase).toBe("pre_open");
    expect(marketStatusAt(wed("09:15")).phase).toBe("open");
    expect(marketStatusAt(wed("15:29")).phase).toBe("open");
    expect(marketStatusAt(wed("15:35")).phase).toBe("closing");
    expect(marketStatusAt(wed("15:59")).phase).toBe("closing");
    expect(marketStatusAt(wed("16:00")).phase).toBe("post_close");
  });

  it("says why a holiday is shut and when the next session starts", () => {
    const holiday = marketStatusAt(at("2026-11-24T10:00:00+05:30"));
    expect(holiday.phase).toBe("closed");
    expect(holiday.closedReason).toMatch(/Guru Nanak/);
    expect(NSE_VIEW.nextSessionStart(at("2026-11-24T10:00:00+05:30"))?.fromMs).toBe(at("2026-11-25T09:15:00+05:30"));
    // Friday evening → Monday's open.
    expect(NSE_VIEW.nextSessionStart(at("2026-11-27T17:00:00+05:30"))?.fromMs).toBe(at("2026-11-30T09:15:00+05:30"));
    // Before the open on a market day → that day's open.
    expect(NSE_VIEW.nextSessionStart(at("2026-11-25T05:45:00+05:30"))?.fromMs).toBe(at("2026-11-25T09:15:00+05:30"));
  });

  it("counts Muhurat as a market day with its own hour, and finds the next phase change", () => {
    const muhurat = at("2026-11-08T18:20:00+05:30");
    expect(NSE_VIEW.isMarketDay(muhurat)).toBe(true);
    expect(NSE_VIEW.nextSessionStart(at("2026-11-08T12:00:00+05:30"))?.fromMs).toBe(at("2026-11-08T18:15:00+05:30"));
    expect(NSE_VIEW.nextBoundary(at("2026-11-08T18:20:00+05:30"))).toBe(at("2026-11-08T19:15:00+05:30"));
    expect(NSE_VIEW.nextBoundary(wedAt("09:03"))).toBe(wedAt("09:08"));
    expect(NSE_VIEW.nextBoundary(wedAt("20:00"))).toBe(at("2026-11-26T00:00:00+05:30"));
  });
});

const wedAt = (hhmm: string) => at(`2026-11-25T${hhmm}:00+05:30`);

describe("the built-in NSE calendar", () => {
  it("is data the schema accepts as it stands (the logic's module takes it unparsed, without zod)", () => {
    expect(marketCalendarSchema.parse(NSE_CALENDAR_DATA)).toEqual(NSE_CALENDAR_DATA);
    expect(NSE_CALENDAR).toBe(NSE_CALENDAR_DATA);
  });
});

describe("a calendar an admin edits", () => {
  it("is checked: session order, a normal session, dates, no repeats", () => {
    const ok = marketCalendarSchema.safeParse(NSE_CALENDAR);
    expect(ok.success).toBe(true);
    const bad = (patch: Partial<MarketCalendar>) => marketCalendarSchema.safeParse({ ...NSE_CALENDAR, ...patch });
    expect(bad({ sessions: [{ id: "normal", from: "15:30", to: "09:15" }] }).success).toBe(false);
    expect(bad({ sessions: [{ id: "pre_open", from: "09:00", to: "09:08" }] }).error?.issues[0]?.message).toMatch(/normal market session/);
    expect(bad({ sessions: [{ id: "normal", from: "09:15", to: "15:30" }, { id: "closing", from: "15:00", to: "16:00" }] }).error?.issues[0]?.message).toMatch(/starts before/);
    expect(bad({ holidays: [{ date: "2026-12-01", name: "A" }, { date: "2026-12-01", name: "B" }] }).error?.issues[0]?.message).toMatch(/listed twice/);
    expect(bad({ holidays: [{ date: "2026-13-45", name: "A" }] }).success).toBe(false);
    expect(bad({ holidays: [{ date: "2026-12-01", name: "" }] }).success).toBe(false);
    expect(bad({ specialSessions: [{ date: "2026-12-06", name: "X", kind: "special", sessions: [{ id: "pre_open", from: "10:00", to: "10:08" }] }] }).success).toBe(false);
  });

  it("answers from its own data: a new holiday and a special Sunday session", () => {
    const edited = calendarView({
      ...NSE_CALENDAR,
      holidays: [...NSE_CALENDAR.holidays, { date: "2026-11-25", name: "Exchange closure" }],
      specialSessions: [...NSE_CALENDAR.specialSessions, { date: "2026-11-29", name: "Disaster-recovery drill", kind: "special", sessions: [{ id: "normal", from: "11:00", to: "12:00" }] }],
    });
    expect(edited.marketStatusAt(wedAt("10:00")).closedReason).toBe("Exchange closure");
    expect(NSE_VIEW.marketStatusAt(wedAt("10:00")).phase).toBe("open");
    expect(edited.marketStatusAt(at("2026-11-29T11:30:00+05:30")).phase).toBe("open");
    expect(edited.nextSessionStart(at("2026-11-24T10:00:00+05:30"))?.fromMs).toBe(at("2026-11-26T09:15:00+05:30"));
  });
});
