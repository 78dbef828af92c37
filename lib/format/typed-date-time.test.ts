import { describe, expect, it } from "vitest";
import { isoDayToTyped, typedToClock, typedToIsoDay } from "./typed-date-time";

describe("dates and times as typed in India", () => {
  it("shows an ISO day as dd/mm/yyyy and reads it back", () => {
    expect(isoDayToTyped("2027-12-27")).toBe("27/12/2027");
    expect(typedToIsoDay("27/12/2027")).toBe("2027-12-27");
    expect(typedToIsoDay("7.1.2027")).toBe("2027-01-07");
    expect(typedToIsoDay("2027-12-27")).toBe("2027-12-27");
    expect(typedToIsoDay("")).toBe("");
  });

  it("refuses days that do not exist and the month-first order", () => {
    expect(typedToIsoDay("31/02/2027")).toBeNull();
    expect(typedToIsoDay("12/27/2027")).toBeNull();
    expect(typedToIsoDay("tomorrow")).toBeNull();
  });

  it("reads 24-hour times only", () => {
    expect(typedToClock("9:15")).toBe("09:15");
    expect(typedToClock("1530")).toBe("15:30");
    expect(typedToClock("23:59")).toBe("23:59");
    expect(typedToClock("24:00")).toBeNull();
    expect(typedToClock("08:45 PM")).toBeNull();
  });
});
