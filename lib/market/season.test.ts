import { describe, expect, it } from "vitest";
import { buildSeasonBoard, daysLeftTo, resultsDeadlineMs, seasonAt, trackableSeasons, trackedSeasonAt } from "./season";

const ist = (iso: string) => Date.parse(`${iso}+05:30`);

describe("the results season's rules", () => {
  it("gives a quarter 45 days after its end, and the fourth quarter 60", () => {
    // Q2 FY27 ends 30 Sep 2026: due by the end of 14 Nov. Q4 FY26 ends 31 Mar 2026: due by the end of 30 May.
    expect(resultsDeadlineMs("q2_27")).toBe(ist("2026-11-15T00:00:00"));
    expect(resultsDeadlineMs("q3_27")).toBe(ist("2027-02-15T00:00:00"));
    expect(resultsDeadlineMs("q4_26")).toBe(ist("2026-05-31T00:00:00"));
    expect(() => resultsDeadlineMs("Q9 FY26")).toThrow();
  });

  it("tracks the open season, and between seasons the one that just closed", () => {
    expect(trackedSeasonAt(ist("2026-10-20T10:00:00"))).toBe("q2_27");
    expect(trackableSeasons(ist("2026-10-20T10:00:00"))).toEqual(["q2_27"]);
    // 24 Nov: Q2 closed on 14 Nov, Q3 has not ended; the tracker shows Q2 and offers Q3.
    expect(seasonAt(ist("2026-11-24T10:00:00")).open).toBe(false);
    expect(trackedSeasonAt(ist("2026-11-24T10:00:00"))).toBe("q2_27");
    expect(trackableSeasons(ist("2026-11-24T10:00:00"))).toEqual(["q2_27", "q3_27"]);
    expect(trackedSeasonAt(ist("2026-05-20T10:00:00"))).toBe("q4_26");
  });

  it("counts days left on the IST calendar, the deadline's last day being 0", () => {
    const deadline = resultsDeadlineMs("q2_27");
    expect(daysLeftTo(deadline, ist("2026-11-14T23:00:00"))).toBe(0);
    expect(daysLeftTo(deadline, ist("2026-11-13T01:00:00"))).toBe(1);
    expect(daysLeftTo(deadline, ist("2026-11-15T00:30:00"))).toBe(-1);
  });

  it("marks each company reported, booked or pending, and late once the deadline passed", () => {
    const filings = [
      { symbol: "TCS", quarter: "q2_27", date: "2026-10-09T16:10:00+05:30" },
      { symbol: "TCS", quarter: "q1_27", date: "2026-07-10T16:10:00+05:30" },
      { symbol: "SLOWCO", quarter: "q2_27", date: "2026-11-17T18:00:00+05:30" },
    ];
    const meetings = [
      { symbol: "INFY", quarter: "q2_27", date: "2026-11-12T15:00:00+05:30" },
      { symbol: "WIPRO", quarter: "q2_27", date: "2026-11-20T15:00:00+05:30" },
      { symbol: "HAL", quarter: "q3_27", date: "2027-01-20T15:00:00+05:30" },
    ];
    const symbols = ["TCS", "INFY", "WIPRO", "SLOWCO", "HAL"];
    const during = buildSeasonBoard({ quarter: "q2_27", nowMs: ist("2026-11-01T12:00:00"), symbols, filings: filings.slice(0, 2), meetings });
    const at = (board: typeof during, s: string) => board.companies.find((c) => c.symbol === s);
    expect(at(during, "TCS")).toMatchObject({ status: "reported", at: filings[0]?.date, late: false });
    expect(at(during, "INFY")).toMatchObject({ status: "booked", late: false, daysLeft: 13 });
    // A meeting booked after the deadline is late already; a meeting for another quarter books nothing.
    expect(at(during, "WIPRO")).toMatchObject({ status: "booked", late: true });
    expect(at(during, "HAL")).toMatchObject({ status: "pending", late: false, daysLeft: 13 });
    expect(during.counts).toEqual({ reported: 1, booked: 2, pending: 2, late: 1, total: 5 });

    const after = buildSeasonBoard({ quarter: "q2_27", nowMs: ist("2026-11-18T12:00:00"), symbols, filings, meetings });
    expect(at(after, "SLOWCO")).toMatchObject({ status: "reported", late: true });
    expect(at(after, "HAL")).toMatchObject({ status: "pending", late: true, daysLeft: -4 });
    expect(after.companies[0]?.late).toBe(true);
    expect(after.elapsed).toBe(1);
  });

  it("gives the fourth quarter its 60 days: a filing on day 50 is on time there, late for another quarter", () => {
    const q4 = buildSeasonBoard({ quarter: "q4_26", nowMs: ist("2026-06-10T12:00:00"), symbols: ["A", "B"], filings: [{ symbol: "A", quarter: "q4_26", date: "2026-05-20T17:00:00+05:30" }], meetings: [] });
    expect(q4.deadlineDays).toBe(60);
    expect(q4.companies.find((c) => c.symbol === "A")).toMatchObject({ status: "reported", late: false });
    expect(q4.companies.find((c) => c.symbol === "B")).toMatchObject({ status: "pending", late: true });
    const q3 = buildSeasonBoard({ quarter: "q3_26", nowMs: ist("2026-02-25T12:00:00"), symbols: ["A"], filings: [{ symbol: "A", quarter: "q3_26", date: "2026-02-20T17:00:00+05:30" }], meetings: [] });
    expect(q3.deadlineDays).toBe(45);
    expect(q3.companies[0]).toMatchObject({ status: "reported", late: true });
  });
});
