import { describe, expect, it } from "vitest";
import { formatDuration, formatIstDate, formatIstDateTime, formatIstRecent, formatIstStamp, formatIstTime, formatRelativeTime, istDayKey } from "./time";

describe("IST formats", () => {
  // 2026-03-31T20:00:00Z is 1 April 2026, 01:30 in India: the IST day differs from the UTC day.
  const late = "2026-03-31T20:00:00Z";

  it("shows the Asia/Kolkata calendar day and clock", () => {
    expect(formatIstDate(late)).toBe("1 Apr 2026");
    expect(formatIstTime(late)).toBe("01:30 IST");
    expect(formatIstTime(late, { suffix: false })).toBe("01:30");
    expect(formatIstDateTime(late)).toBe("1 Apr 2026, 01:30 IST");
    expect(formatIstDate(late, { weekday: true })).toBe("Wed, 1 Apr 2026");
  });

  it("uses a 24-hour clock", () => {
    expect(formatIstTime("2026-04-01T09:00:00Z")).toBe("14:30 IST");
  });

  it("shows a dash for missing or invalid input", () => {
    expect(formatIstDate(null)).toBe("—");
    expect(formatIstDateTime("not a date")).toBe("—");
  });

  it("says how long ago, in short units", () => {
    const now = new Date("2026-04-01T10:00:00Z");
    expect(formatRelativeTime("2026-04-01T09:59:50Z", now)).toBe("just now");
    expect(formatRelativeTime("2026-04-01T09:55:00Z", now)).toBe("5 min ago");
    expect(formatRelativeTime("2026-04-01T07:00:00Z", now)).toBe("3 h ago");
    expect(formatRelativeTime("2026-03-30T10:00:00Z", now)).toBe("2 d ago");
    expect(formatRelativeTime("2026-04-01T10:05:00Z", now)).toBe("in 5 min");
    expect(formatRelativeTime("2026-03-01T10:00:00Z", now)).toBe("1 Mar 2026");
  });

  it("formats durations", () => {
    expect(formatDuration(42)).toBe("42 s");
    expect(formatDuration(300)).toBe("5 min");
    expect(formatDuration(7800)).toBe("2 h 10 min");
    expect(formatDuration(7200)).toBe("2 h");
  });
});

describe("formatIstStamp", () => {
  // 24 Nov 2026, 10:00 IST.
  const now = Date.parse("2026-11-24T04:30:00Z");

  it("shows the time alone for today in IST, and the date on any other day", () => {
    expect(formatIstStamp("2026-11-24T03:35:00Z", now)).toBe("09:05 IST");
    // 23 Nov 23:30 IST is yesterday in India, though the same UTC day as now.
    expect(formatIstStamp("2026-11-23T18:00:00Z", now)).toBe("23 Nov, 23:30 IST");
    // 00:10 IST on the 24th is today in India, though the 23rd in UTC.
    expect(formatIstStamp("2026-11-23T18:40:00Z", now)).toBe("00:10 IST");
    expect(formatIstStamp("2025-12-31T10:00:00Z", now)).toBe("31 Dec 2025, 15:30 IST");
    expect(formatIstStamp(null, now)).toBe("—");
  });

  it("says how long ago for today, the date for another day", () => {
    expect(formatIstRecent("2026-11-24T04:25:00Z", now)).toBe("5 min ago");
    expect(formatIstRecent("2026-11-23T18:00:00Z", now)).toBe("23 Nov, 23:30 IST");
  });

  it("keys instants by their IST calendar day", () => {
    expect(istDayKey("2026-11-23T18:40:00Z")).toBe("2026-11-24");
    expect(istDayKey("nonsense")).toBeNull();
  });
});
