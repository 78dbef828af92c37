import { describe, expect, it } from "vitest";
import { toAlert, type DeskAlert as Alert } from "@/lib/alpha/alerts";
import { alertsInput, groupAlerts, isNotableAlert, matchesAlertFilters, mergeAlerts, normalizeAlertTypes, rangeEnded } from "./alert-model";

const at = (iso: string) => iso;
function alert(id: string, symbol: string, timestamp: string, extra: Partial<Alert> = {}): Alert {
  return { id, symbol, type: "price_alert", reason: "r", timestamp: at(timestamp), meta: { primary_drivers: [] }, ...extra };
}

describe("alert types", () => {
  it("folds the aliases onto the public filter values and drops what is unknown", () => {
    expect(normalizeAlertTypes(["52W_HIGH_60", "52w_high", "vol_alert", "rvol_alert", "nonsense", " earnings "])).toEqual(["52w_high", "rvol_alert", "earnings"]);
  });

  it("matches live alerts by output type: rvol_alert selects vol_alert", () => {
    const vol = alert("a", "TCS", "2026-05-12T06:00:00Z", { type: "vol_alert" });
    // A stream frame names its type `alert_type`: the boundary's mapper folds it into `type`.
    const streamed = toAlert({ ...alert("b", "TCS", "2026-05-12T06:00:00Z"), type: undefined, alert_type: "vol_alert" });
    expect(matchesAlertFilters(vol, { types: ["rvol_alert"], from: null, to: null })).toBe(true);
    expect(matchesAlertFilters(streamed, { types: ["rvol_alert"], from: null, to: null })).toBe(true);
    expect(matchesAlertFilters(vol, { types: ["price_alert"], from: null, to: null })).toBe(false);
  });

  it("matches dates as whole IST days, both ends inclusive", () => {
    const lateIst = alert("a", "TCS", "2026-05-12T18:00:00Z"); // 12 May 23:30 IST
    expect(matchesAlertFilters(lateIst, { types: [], from: "2026-05-12", to: "2026-05-12" })).toBe(true);
    expect(matchesAlertFilters(lateIst, { types: [], from: "2026-05-13", to: null })).toBe(false);
    expect(matchesAlertFilters(lateIst, { types: [], from: null, to: "2026-05-11" })).toBe(false);
    expect(rangeEnded("2026-05-12", Date.parse("2026-05-12T18:29:00Z"))).toBe(false);
    expect(rangeEnded("2026-05-12", Date.parse("2026-05-12T18:31:00Z"))).toBe(true);
  });
});

describe("folding", () => {
  it("folds one symbol's alerts within 15 minutes into one group at its newest, even with others between", () => {
    const groups = groupAlerts([
      alert("t1", "TCS", "2026-05-12T06:00:00Z"),
      alert("i1", "INFY", "2026-05-12T06:05:00Z"),
      alert("t2", "TCS", "2026-05-12T06:10:00Z"),
      alert("t3", "TCS", "2026-05-12T06:14:00Z"),
      alert("t0", "TCS", "2026-05-12T05:40:00Z"),
    ]);
    expect(groups.map((g) => [g.symbol, g.alerts.map((a) => a.id)])).toEqual([
      ["TCS", ["t3", "t2", "t1"]],
      ["INFY", ["i1"]],
      ["TCS", ["t0"]],
    ]);
  });

  it("merges stream and page rows once each, newest first", () => {
    const a = alert("a", "TCS", "2026-05-12T06:00:00Z");
    const b = alert("b", "TCS", "2026-05-12T07:00:00Z");
    expect(mergeAlerts([a], [b, a]).map((x) => x.id)).toEqual(["b", "a"]);
  });
});

describe("backfill query and notifications", () => {
  it("narrows the paid page by every filter, with at most 20 symbols", () => {
    const symbols = Array.from({ length: 25 }, (_, i) => `S${i}`);
    const input = alertsInput({ symbols, types: ["rvol_alert"], important: true, from: "2026-05-01", to: null }, 2);
    expect(input.query).toEqual({ symbols: symbols.slice(0, 20), type: ["rvol_alert"], important: true, from: "2026-05-01", page: 2, limit: 50 });
  });

  it("counts results, 52-week and big moves as important when the feed cannot say", () => {
    expect(isNotableAlert(alert("a", "TCS", "2026-05-12T06:00:00Z", { price: { value: 1, change_percent: -6.1, as_of: "x" } }), false)).toBe(true);
    expect(isNotableAlert(alert("a", "TCS", "2026-05-12T06:00:00Z", { price: { value: 1, change_percent: 2, as_of: "x" } }), false)).toBe(false);
    expect(isNotableAlert(alert("a", "TCS", "2026-05-12T06:00:00Z", { type: "earnings" }), false)).toBe(true);
    expect(isNotableAlert(alert("a", "TCS", "2026-05-12T06:00:00Z"), true)).toBe(true);
  });
});
