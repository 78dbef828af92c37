import { describe, expect, it } from "vitest";
import { dayMonth, dayMonthYear, hourMinute, isoDay, istParts, longDay, monthYear, utcParts, weekdayShort } from "./calendar-parts";

// Instants from 1950 to 2100, spread over every month, weekday and minute, and the edges of an IST day.
function instants(): number[] {
  const out: number[] = [];
  let seed = 20261125;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const from = Date.UTC(1950, 0, 1);
  const to = Date.UTC(2100, 11, 31);
  for (let i = 0; i < 4000; i++) out.push(Math.floor(from + next() * (to - from)));
  for (const day of [Date.UTC(2026, 10, 24), Date.UTC(2024, 1, 29), Date.UTC(2025, 11, 31)]) {
    // 18:29:59.999 UTC is 23:59 IST; 18:30 UTC is the next IST day's midnight.
    out.push(day - 1, day, day + 18 * 3_600_000 + 29 * 60_000 + 59_999, day + 18 * 3_600_000 + 30 * 60_000);
  }
  return out;
}

describe("calendar parts, the same text as Intl en-IN", () => {
  const ist = (o: Intl.DateTimeFormatOptions, locale = "en-IN") => new Intl.DateTimeFormat(locale, { timeZone: "Asia/Kolkata", ...o });
  const utc = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", ...o });
  const cases: [string, Intl.DateTimeFormat, (ms: number) => string][] = [
    ["IST day month year", ist({ day: "numeric", month: "short", year: "numeric" }), (ms) => dayMonthYear(istParts(ms))],
    ["IST day month", ist({ day: "numeric", month: "short" }), (ms) => dayMonth(istParts(ms))],
    ["IST time", ist({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }), (ms) => hourMinute(istParts(ms))],
    ["IST weekday", ist({ weekday: "short" }), (ms) => weekdayShort(istParts(ms))],
    ["IST day key (en-CA)", ist({ year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA"), (ms) => isoDay(istParts(ms))],
    ["UTC month year", utc({ month: "long", year: "numeric" }), (ms) => monthYear(utcParts(ms))],
    ["UTC day month", utc({ day: "numeric", month: "short" }), (ms) => dayMonth(utcParts(ms))],
    ["UTC day month year", utc({ day: "numeric", month: "short", year: "numeric" }), (ms) => dayMonthYear(utcParts(ms))],
    ["UTC long day", utc({ weekday: "long", day: "numeric", month: "long", year: "numeric" }), (ms) => longDay(utcParts(ms))],
    ["UTC weekday", utc({ weekday: "short" }), (ms) => weekdayShort(utcParts(ms))],
  ];
  for (const [name, intl, ours] of cases) {
    it(name, () => {
      const wrong = instants().filter((ms) => intl.format(ms) !== ours(ms)).map((ms) => `${new Date(ms).toISOString()}: Intl "${intl.format(ms)}", ours "${ours(ms)}"`);
      expect(wrong.slice(0, 5)).toEqual([]);
    });
  }

  it("puts an instant on its IST day at the day's edges", () => {
    expect(isoDay(istParts(Date.UTC(2026, 10, 24, 18, 29, 59)))).toBe("2026-11-24");
    expect(isoDay(istParts(Date.UTC(2026, 10, 24, 18, 30)))).toBe("2026-11-25");
    expect(hourMinute(istParts(Date.UTC(2026, 10, 24, 18, 30)))).toBe("00:00");
  });
});
