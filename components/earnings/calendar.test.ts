import { describe, expect, it } from "vitest";
import { addDays, agendaDays, calendarWindow, filedCalendarRows, filedRange, groupByDay, hasTimeOfDay, holidaysIn, istDayOf, monthGrid, rangeLabel, shiftAnchor, startOfWeek, viewRange, visibleSlice, weekDays } from "./calendar";

describe("calendar days", () => {
  it("lays a month out in Monday-first weeks covering every day", () => {
    const weeks = monthGrid("2026-11-23");
    expect(weeks[0]?.[0]).toBe("2026-10-26");
    expect(weeks.at(-1)?.[6]).toBe("2026-12-06");
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.flat()).toContain("2026-11-30");
    // February 2027 starts on a Monday and fits four weeks.
    expect(monthGrid("2027-02-10")).toHaveLength(4);
  });

  it("finds weeks, shifts by month or week, and names the range", () => {
    expect(startOfWeek("2026-11-22")).toBe("2026-11-16");
    expect(weekDays("2026-11-25")).toEqual(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
    expect(shiftAnchor("2026-01-31", "month", 1)).toBe("2026-02-01");
    expect(shiftAnchor("2026-11-23", "week", -1)).toBe("2026-11-16");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(rangeLabel("2026-11-23", "month")).toBe("November 2026");
    expect(rangeLabel("2026-11-25", "week")).toBe("23 – 29 Nov 2026");
    expect(rangeLabel("2026-12-01", "week")).toBe("30 Nov – 6 Dec 2026");
    expect(viewRange("2026-11-25", "agenda")).toEqual({ first: "2026-11-25", last: null });
  });

  it("reads timestamps as IST days", () => {
    expect(istDayOf("2026-11-23T20:00:00Z")).toBe("2026-11-24");
    expect(istDayOf("2026-11-23T14:24:25+05:30")).toBe("2026-11-23");
    expect(istDayOf("2026-11-23")).toBe("2026-11-23");
    expect(istDayOf("2026-11-13T23:50:00")).toBe("2026-11-13");
    expect(istDayOf("soon")).toBeNull();
    expect(hasTimeOfDay("2026-11-23")).toBe(false);
    expect(hasTimeOfDay("2026-11-23T10:00:00Z")).toBe(true);
  });

  it("groups rows by IST day in time order", () => {
    const g = groupByDay([
      { id: "b", date: "2026-11-23T12:00:00Z" },
      { id: "a", date: "2026-11-23T04:00:00Z" },
      { id: "c", date: "2026-11-23T19:00:00Z" },
      { id: "x", date: null },
    ]);
    expect([...g.keys()]).toEqual(["2026-11-23", "2026-11-24"]);
    expect(g.get("2026-11-23")?.map((r) => r.id)).toEqual(["a", "b"]);
  });

  it("keeps a busy day readable: some events and a count of the rest, never '+1 more'", () => {
    expect(visibleSlice([1, 2, 3], 3)).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(visibleSlice([1, 2, 3, 4], 3)).toEqual({ shown: [1, 2], more: 2 });
    expect(visibleSlice(Array.from({ length: 22 }, (_, i) => i), 3).more).toBe(20);
  });
});

describe("filed results on past days", () => {
  it("covers the past part of a view up to today, and nothing for a view wholly ahead", () => {
    expect(filedRange({ first: "2026-10-26", last: "2026-12-06" }, "2026-11-24")).toEqual({ from: "2026-10-26", to: "2026-11-24" });
    expect(filedRange({ first: "2026-10-26", last: "2026-11-01" }, "2026-11-24")).toEqual({ from: "2026-10-26", to: "2026-11-01" });
    expect(filedRange({ first: "2026-11-24", last: null }, "2026-11-24")).toEqual({ from: "2026-11-24", to: "2026-11-24" });
    expect(filedRange({ first: "2026-11-30", last: "2026-12-06" }, "2026-11-24")).toBeNull();
  });

  it("reads a URL's calendar as the page shows it: its day or today as anchor, the view's range and its past part", () => {
    expect(calendarWindow(null, "agenda", "2026-11-24")).toEqual({ anchor: "2026-11-24", range: { first: "2026-11-24", last: null }, past: { from: "2026-11-24", to: "2026-11-24" } });
    expect(calendarWindow("not-a-day", "agenda", "2026-11-24").anchor).toBe("2026-11-24");
    const week = calendarWindow("2026-12-02", "week", "2026-11-24");
    expect(week).toEqual({ anchor: "2026-12-02", range: viewRange("2026-12-02", "week"), past: null });
  });

  it("turns index rows into calendar entries marked filed, on their IST day, named from what is held", () => {
    const rows = filedCalendarRows(
      [
        { id: "e1", symbol: "INFY", quarter: "q2_27", date: "2026-10-16T18:45:00+00:00" },
        { id: "e2", symbol: "TCS", quarter: "q2_27", date: "2026-10-09T10:00:00+05:30" },
      ],
      new Map([["INFY", "Infosys Ltd."]]),
    );
    expect(rows[0]).toMatchObject({ id: "filed:e1", symbol: "INFY", company: "Infosys Ltd.", filed: true });
    expect(rows[1]).toMatchObject({ company: null, filed: true });
    const byDay = groupByDay(rows);
    // 18:45 UTC on the 16th is 00:15 IST on the 17th.
    expect([...byDay.keys()].sort()).toEqual(["2026-10-09", "2026-10-17"]);
  });
});

describe("holidaysIn", () => {
  it("marks the weekday holidays among the days shown, by name", () => {
    const days = monthGrid("2026-11-12").flat();
    const marked = holidaysIn(
      [
        { date: "2026-11-10", name: "Diwali Balipratipada" },
        { date: "2026-11-24", name: "Guru Nanak Jayanti" },
        { date: "2026-11-08", name: "A Sunday" },
        { date: "2026-01-26", name: "Republic Day" },
      ],
      days,
    );
    expect([...marked]).toEqual([
      ["2026-11-10", "Diwali Balipratipada"],
      ["2026-11-24", "Guru Nanak Jayanti"],
    ]);
    expect(holidaysIn(undefined, days).size).toBe(0);
  });
});

describe("agendaDays", () => {
  const holidays = [
    { date: "2026-11-10", name: "Diwali Balipratipada" },
    { date: "2026-11-24", name: "Guru Nanak Jayanti" },
    { date: "2026-11-29", name: "A Sunday" },
    { date: "2026-12-25", name: "Christmas" },
  ];
  it("puts the weekday holidays between the days with results, none after the last of them nor before the anchor", () => {
    expect(agendaDays(["2026-11-27", "2026-11-12", "2026-12-01", "2026-11-02"], "2026-11-05", holidays)).toEqual(["2026-11-10", "2026-11-12", "2026-11-24", "2026-11-27", "2026-12-01"]);
    // A holiday that has results is one day, not two.
    expect(agendaDays(["2026-11-24", "2026-11-26"], "2026-11-20", holidays)).toEqual(["2026-11-24", "2026-11-26"]);
    expect(agendaDays([], "2026-11-01", holidays)).toEqual([]);
    expect(agendaDays(["2026-11-12"], "2026-11-01", undefined)).toEqual(["2026-11-12"]);
  });
});
