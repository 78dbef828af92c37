import { describe, expect, it } from "vitest";
import type { LiveStatus } from "@/lib/query/live";
import type { LiveSnapshot } from "./live-hub";
import { liveBadgeCopy } from "./live-status";

function snapshot(status: Partial<LiveStatus> & Pick<LiveStatus, "state">): LiveSnapshot {
  return { connection: "open", statuses: { alerts: { product: "alerts", message: "", at: "2026-11-25T05:10:00.000Z", ...status } }, polls: {}, openedAt: 1, url: "/api/live" } as LiveSnapshot;
}

describe("the live badge's words", () => {
  it("pauses on the plan's request limit until the time the service gave, in IST", () => {
    const copy = liveBadgeCopy({ snapshot: snapshot({ state: "error", reason: "rate_limited", retryInMs: 90_000, message: "Your plan's request limit was reached; checking again shortly." }), product: "alerts" });
    expect(copy.state).toBe("rate_paused");
    expect(copy.label).toBe("Paused: resumes at 10:41 IST");
    expect(copy.label).not.toMatch(/stopped/);
  });

  it("says the market is closed and when live alerts resume instead of a bare Live, and Live while it trades", () => {
    const note = "Market closed: next session Tue 09:15 IST; live alerts resume then";
    expect(liveBadgeCopy({ snapshot: snapshot({ state: "connected" }), product: "alerts", closedNote: note })).toMatchObject({ state: "connected", label: note, marketClosed: true });
    expect(liveBadgeCopy({ snapshot: snapshot({ state: "connected" }), product: "alerts" })).toMatchObject({ label: "Live", marketClosed: false });
    // Already while connecting (the page's first HTML), so the badge keeps its words and size when the stream opens.
    expect(liveBadgeCopy({ snapshot: snapshot({ state: "connecting" }), product: "alerts", closedNote: note })).toMatchObject({ state: "connecting", label: note, marketClosed: true });
    expect(liveBadgeCopy({ snapshot: snapshot({ state: "connecting" }), product: "alerts" })).toMatchObject({ label: "Connecting", marketClosed: false });
    const idle = { ...snapshot({ state: "connecting" }), connection: "idle" } as LiveSnapshot;
    expect(liveBadgeCopy({ snapshot: idle, product: "alerts", closedNote: note })).toMatchObject({ state: "idle", label: note, marketClosed: true });
    const polling = liveBadgeCopy({ snapshot: snapshot({ state: "polling", pollEveryMs: 12_000 }), product: "alerts", closedNote: note });
    expect(polling.label).toBe("Checking every 12 s");
    expect(polling.detail.startsWith(note)).toBe(true);
    // A page's own states win: a past range is "Live off" whatever the market does.
    expect(liveBadgeCopy({ snapshot: snapshot({ state: "connected" }), product: "alerts", closedNote: note, off: "a past range" }).label).toBe("Live off");
  });
});
