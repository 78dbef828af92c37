import { describe, expect, it } from "vitest";
import {
  compareQuarterKeys,
  nextQuarter,
  parseQuarterKey,
  previousQuarter,
  quarterBounds,
  quarterKeyFromLabel,
  quarterKeyOfDate,
  quarterLabel,
} from "./quarters";
import { istDateString, istDayEnd, istDayStart, istWindowStart, resolveBound, toIstIso } from "./time";

describe("quarter keys", () => {
  it.each([
    ["q4_26", "Q4 FY26"],
    ["q1_27", "Q1 FY27"],
    ["q2_05", "Q2 FY05"],
  ])("%s ↔ %s", (key, label) => {
    expect(quarterLabel(key)).toBe(label);
    expect(quarterKeyFromLabel(label)).toBe(key);
  });

  it("leaves a non-key alone and rejects bad labels", () => {
    expect(quarterLabel("2026Q4")).toBe("2026Q4");
    expect(parseQuarterKey("q5_26")).toBeNull();
    expect(quarterKeyFromLabel("Q5 FY26")).toBeNull();
  });

  it.each([
    ["2026-01-15T10:00:00+05:30", "q4_26"],
    ["2026-03-31T23:59:00+05:30", "q4_26"],
    ["2026-04-01T00:01:00+05:30", "q1_27"],
    ["2026-03-31T18:45:00Z", "q1_27"], // already 1 April in India
    ["2026-09-30T12:00:00+05:30", "q2_27"],
    ["2026-11-22T12:00:00+05:30", "q3_27"],
  ])("the quarter of %s is %s", (iso, key) => {
    expect(quarterKeyOfDate(new Date(iso))).toBe(key);
  });

  it("knows quarter bounds and neighbours", () => {
    expect(quarterBounds({ q: 4, fy: 26 })).toEqual({ start: "2026-01-01", end: "2026-03-31" });
    expect(quarterBounds({ q: 1, fy: 27 })).toEqual({ start: "2026-04-01", end: "2026-06-30" });
    expect(quarterBounds({ q: 3, fy: 24 })).toEqual({ start: "2023-10-01", end: "2023-12-31" });
    expect(previousQuarter({ q: 1, fy: 27 })).toEqual({ q: 4, fy: 26 });
    expect(nextQuarter({ q: 4, fy: 26 })).toEqual({ q: 1, fy: 27 });
    expect(["q1_27", "q4_25", "q4_26"].sort(compareQuarterKeys)).toEqual(["q4_25", "q4_26", "q1_27"]);
  });
});

describe("Asia/Kolkata day boundaries", () => {
  const at = new Date("2026-11-21T20:00:00Z"); // 01:30 IST on 22 November

  it("finds the IST day of an instant", () => {
    expect(istDateString(at)).toBe("2026-11-22");
    expect(istDayStart(at).toISOString()).toBe("2026-11-21T18:30:00.000Z");
    expect(istDayEnd(at).toISOString()).toBe("2026-11-22T18:30:00.000Z");
    expect(istWindowStart(at, 3).toISOString()).toBe("2026-11-19T18:30:00.000Z");
    expect(toIstIso(at)).toBe("2026-11-22T01:30:00+05:30");
  });

  it("resolves from/to bounds inclusively", () => {
    expect(resolveBound("2026-05-01", "from").toISOString()).toBe("2026-04-30T18:30:00.000Z");
    expect(resolveBound("2026-05-01", "to").toISOString()).toBe("2026-05-01T18:29:59.999Z");
    expect(resolveBound("2026-05-11T23:59:59Z", "to").toISOString()).toBe("2026-05-11T23:59:59.000Z");
    expect(resolveBound("2026-05-11T09:15:00", "from").toISOString()).toBe("2026-05-11T03:45:00.000Z");
  });
});
