import { describe, expect, it } from "vitest";
import { NSE_VIEW } from "./calendar";
import { describeMarketStatus, liveClosedNote } from "./status-copy";

const at = (iso: string) => Date.parse(`${iso}+05:30`);

describe("the market status in words", () => {
  it("names the phase and the next session in IST", () => {
    expect(describeMarketStatus(NSE_VIEW, at("2026-11-25T09:03:00"))).toMatchObject({ phase: "pre_open", label: "Pre-open", trading: true });
    expect(describeMarketStatus(NSE_VIEW, at("2026-11-25T11:00:00"))).toMatchObject({ phase: "open", label: "Market open", detail: "Normal market until 15:30 IST." });
    expect(describeMarketStatus(NSE_VIEW, at("2026-11-25T15:45:00"))).toMatchObject({ phase: "closing", label: "Closing session" });
    expect(describeMarketStatus(NSE_VIEW, at("2026-11-25T05:45:00"))).toMatchObject({ phase: "closed", nextSession: "today 09:15 IST" });
    const holiday = describeMarketStatus(NSE_VIEW, at("2026-11-24T10:00:00"));
    expect(holiday).toMatchObject({ phase: "holiday", label: "Holiday", nextSession: "Wed 09:15 IST" });
    expect(holiday.detail).toMatch(/Guru Nanak/);
    expect(describeMarketStatus(NSE_VIEW, at("2026-11-27T20:00:00")).nextSession).toBe("Mon 09:15 IST");
    expect(describeMarketStatus(NSE_VIEW, at("2026-11-08T18:30:00"))).toMatchObject({ phase: "open", detail: "Normal market (Muhurat trading (Samvat 2083)) until 19:15 IST." });
  });

  it("tells a live feed when it resumes while the market is shut, and nothing while it trades", () => {
    expect(liveClosedNote(describeMarketStatus(NSE_VIEW, at("2026-11-23T22:00:00")), "alerts")).toBe("Market closed: next session Wed 09:15 IST; live alerts resume then");
    expect(liveClosedNote(describeMarketStatus(NSE_VIEW, at("2026-11-27T20:00:00")), "news")).toBe("Market closed: next session Mon 09:15 IST; live news resumes then");
    expect(liveClosedNote(describeMarketStatus(NSE_VIEW, at("2026-11-25T10:00:00")), "alerts")).toBeNull();
    expect(liveClosedNote(describeMarketStatus(NSE_VIEW, at("2026-11-25T09:05:00")), "alerts")).toBeNull();
  });
});
