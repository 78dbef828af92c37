import { describe, expect, it } from "vitest";
import { statusInfo } from "./summary-result";
import { statusBadge } from "./summary-status";

describe("summary statuses", () => {
  it("labels each known status, and a status it does not know by its own name", () => {
    expect(statusBadge("success")).toEqual({ label: "Generated", variant: "positive" });
    expect(statusBadge("success_no_news")).toEqual({ label: "No news", variant: "neutral" });
    expect(statusBadge("success_no_signal")).toEqual({ label: "No signal", variant: "warning" });
    expect(statusBadge("error")).toEqual({ label: "Failed", variant: "negative" });
    expect(statusBadge("queued")).toEqual({ label: "queued", variant: "neutral" });
    // Names an object already has are statuses like any other, not its properties.
    expect(statusBadge("constructor")).toEqual({ label: "constructor", variant: "neutral" });
  });

  it("explains the free outcomes only, with the badge's label and colour", () => {
    expect(statusInfo("success")).toEqual({ label: "Generated", variant: "positive", explain: null });
    expect(statusInfo("success_no_news").explain).toContain("No credits were charged");
    expect(statusInfo("success_no_signal").explain).toContain("No credits were charged");
    expect(statusInfo("error")).toMatchObject({ label: "Failed", variant: "negative" });
    expect(statusInfo("error").explain).toContain("knows none of the symbols");
    expect(statusInfo("toString")).toEqual({ label: "toString", variant: "neutral", explain: null });
  });
});
