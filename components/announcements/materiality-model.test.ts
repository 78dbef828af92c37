import { describe, expect, it } from "vitest";
import day from "./fixtures/materiality-day.json";
import type { Announcement } from "./announcement-model";
import { companyEvents, hiddenLedger, holdingWeights, kindOf, phrasePattern, scoreAnnouncements } from "./materiality-model";
import { DEFAULT_MATERIALITY } from "@/lib/desk/materiality";

const items = day.filings as Announcement[];
const context = (settings = DEFAULT_MATERIALITY) => ({ settings, weights: holdingWeights(day.watchlists), events: companyEvents(items, day.meetings) });

/** The fixture day scored with the default lexicon and bar: every filing's score, verdict and reasons, in order. */
const GOLDEN: Record<string, [kind: string, score: number, passes: boolean, reasons: string[]]> = {
  a01: ["Award/Receipt of Order", 98, true, ["30 Flagged important by the service", "10 Related important category: Capex/Expansion", "25 Material phrase “bag* order*”", "15 First Award/Receipt of Order filing by LT in 90 days", "18 60% of your watchlists"]],
  a02: ["Newspaper Publication", 3, false, ["-30 Routine phrase “newspaper publication*”", "15 First Newspaper Publication filing by LT in 90 days", "18 60% of your watchlists"]],
  a03: ["Trading Window", -12, false, ["-30 Routine phrase “trading window”", "15 First Trading Window filing by ITC in 90 days", "3 10% of your watchlists"]],
  a04: ["Duplicate Share Certificate", -12, false, ["-30 Routine phrase “duplicate share certificate*”", "15 First Duplicate Share Certificate filing by ITC in 90 days", "3 10% of your watchlists"]],
  a05: ["Outcome of Board Meeting", 84, true, ["30 Flagged important by the service", "10 Related important category: Dividend", "15 First Outcome of Board Meeting filing by TCS in 90 days", "10 Same day: results board meeting", "10 Same day: results filed", "9 30% of your watchlists"]],
  a06: ["Unaudited Financial Results", 64, true, ["30 Important category: Unaudited Financial Results", "15 First Unaudited Financial Results filing by TCS in 90 days", "10 Same day: results board meeting", "9 30% of your watchlists"]],
  a07: ["Change in Management", 80, true, ["30 Flagged important by the service", "25 Material phrase “resign*”", "10 Material phrase “chief executive”", "15 First Change in Management filing by HDFCBANK in 90 days"]],
  a08: ["Credit Rating", 15, false, ["15 First Credit Rating filing by HDFCBANK in 90 days"]],
  a09: ["Company Update", 50, true, ["10 Related important category: Acquisition", "25 Material phrase “acqui*”", "15 First Company Update filing by INFY in 90 days"]],
  a10: ["Company Update", 0, false, []],
  a11: ["Newspaper Publication", -15, false, ["-30 Routine phrase “newspaper publication*”", "15 First Newspaper Publication filing by SBIN in 90 days"]],
  a12: ["Newspaper Publication", -30, false, ["-30 Routine phrase “newspaper publication*”"]],
  a13: ["Dividend", 33, false, ["30 Important category: Dividend", "3 10% of your watchlists"]],
  a14: ["Dividend", 48, true, ["30 Important category: Dividend", "15 First Dividend filing by ITC in 90 days", "3 10% of your watchlists"]],
};

describe("materiality", () => {
  it("scores the fixture day as the golden file has it: score, verdict and every reason", () => {
    const scored = scoreAnnouncements(items, context());
    const got = Object.fromEntries(scored.map((s) => [s.item.id, [s.kind, s.score, s.passes, s.reasons.map((r) => `${r.points} ${r.text}`)]]));
    expect(got).toEqual(GOLDEN);
    // Each score is the sum of its reasons, and the same input scores the same.
    for (const s of scored) expect(s.score).toBe(s.reasons.reduce((sum, r) => sum + r.points, 0));
    expect(scoreAnnouncements(items, context())).toEqual(scored);
  });

  it("counts in the hidden ledger exactly the rows it hid, per kind", () => {
    const scored = scoreAnnouncements(items, context());
    const ledger = hiddenLedger(scored);
    const hidden = scored.filter((s) => !s.passes);
    expect(ledger.total).toBe(hidden.length);
    expect(ledger.kinds.reduce((n, k) => n + k.count, 0)).toBe(hidden.length);
    for (const k of ledger.kinds) expect(k.count).toBe(hidden.filter((s) => s.kind === k.kind).length);
    expect(ledger.kinds[0]).toEqual({ kind: "Newspaper Publication", count: 3, muted: false });
    expect(ledger.total + scored.filter((s) => s.passes).length).toBe(items.length);
  });

  it("follows the user's bar, lexicon and mutes", () => {
    const lower = scoreAnnouncements(items, context({ ...DEFAULT_MATERIALITY, bar: 30 }));
    expect(lower.find((s) => s.item.id === "a13")?.passes).toBe(true);
    const muted = scoreAnnouncements(items, context({ ...DEFAULT_MATERIALITY, muted: ["Dividend"] }));
    const a14 = muted.find((s) => s.item.id === "a14")!;
    expect(a14).toMatchObject({ passes: false, muted: true, score: 48 });
    expect(hiddenLedger(muted).kinds.find((k) => k.kind === "Dividend")).toEqual({ kind: "Dividend", count: 2, muted: true });
    const edited = scoreAnnouncements(items, context({ ...DEFAULT_MATERIALITY, material: [...DEFAULT_MATERIALITY.material, "postal ballot"] }));
    expect(edited.find((s) => s.item.id === "a02")?.reasons.map((r) => r.text)).toContain("Material phrase “postal ballot”");
  });

  it("counts a price alert or block deal seen the same IST day as a company event", () => {
    const events = companyEvents(items, day.meetings, [{ symbol: "HDFCBANK", at: "2026-11-27T04:00:00Z", what: "price alert" }, { symbol: "HDFCBANK", at: "2026-11-26T18:00:00Z", what: "block deal" }]);
    const a08 = scoreAnnouncements(items, { settings: DEFAULT_MATERIALITY, weights: new Map(), events }).find((s) => s.item.id === "a08")!;
    // 18:00 UTC on the 26th is 23:30 IST on the 26th: not the filing's day.
    expect(a08.reasons.map((r) => `${r.points} ${r.text}`)).toEqual(["15 First Credit Rating filing by HDFCBANK in 90 days", "10 Same day: price alert"]);
  });

  it("names exactly one first filing of a kind among filings stamped the same second", () => {
    const same = ["b", "a", "c"].map((id) => ({ id, symbol: "INFY", category: "Credit Rating", summary: "Rating reaffirmed.", date: "2026-11-27T10:00:00+05:30" }));
    const scored = scoreAnnouncements(same, { settings: DEFAULT_MATERIALITY, weights: new Map(), events: new Map() });
    expect(scored.filter((s) => s.reasons.some((r) => r.text.startsWith("First "))).map((s) => s.item.id)).toEqual(["a"]);
  });

  it("matches phrases as whole words, * within a word, case-blind", () => {
    expect(phrasePattern("order win*").test("Bags Order Wins worth ₹500 crore")).toBe(true);
    expect(phrasePattern("acqui*").test("to acquire a stake")).toBe(true);
    expect(phrasePattern("acqui*").test("reacquisition")).toBe(false);
    expect(phrasePattern("merger").test("demerger")).toBe(false);
    expect(phrasePattern("regulation 74(5)").test("certificate under Regulation 74(5) of SEBI")).toBe(true);
    expect(kindOf(items.find((i) => i.id === "a03")!, DEFAULT_MATERIALITY.noise)).toBe("Trading Window");
  });

  it("weighs holdings by exposure, else equally", () => {
    expect(Object.fromEntries(holdingWeights(day.watchlists))).toEqual({ LT: 0.6, TCS: 0.3, ITC: 0.1 });
    expect(Object.fromEntries(holdingWeights([{ items: [{ symbol: "A" }, { symbol: "B" }] }, { items: [{ symbol: "A" }] }]))).toEqual({ A: 2 / 3, B: 1 / 3 });
  });
});
