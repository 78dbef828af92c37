import { describe, expect, it } from "vitest";
import { holdingSchema } from "@/lib/alpha/summaries";
import { checkHolding, checkIsin, checkItemChange, checkWatchlistName } from "./watchlist-rules";
import { isinSchema, updateWatchlistItemInputSchema, watchlistNameSchema } from "@/lib/desk/watchlists";

/** The first message zod gives for each top-level field (or "" for the value itself). */
function zodProblems(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? "")] ??= issue.message;
  return out;
}

describe("the browser's watchlist checks and the routes' schemas agree", () => {
  it.each(["Core", "  Long book  ", "", "   ", "x".repeat(60), ` ${"x".repeat(60)} `, "x".repeat(61), "M&M / बैंक"])("name %j", (name) => {
    const schema = watchlistNameSchema.safeParse(name);
    const check = checkWatchlistName(name);
    expect(check.ok).toBe(schema.success);
    if (check.ok && schema.success) expect(check.value).toBe(schema.data);
    if (!check.ok && !schema.success) expect(check.message).toBe(schema.error.issues[0]?.message);
  });

  it.each(["INE467B01029", " ine467b01029 ", "INE467B0102", "INE467B01029X", "1NE467B01029", "INE467B0102A", "", "not-an-isin"])("ISIN %j", (isin) => {
    const schema = isinSchema.safeParse(isin);
    const check = checkIsin(isin);
    expect(check.ok).toBe(schema.success);
    if (check.ok && schema.success) expect(check.value).toBe(schema.data);
    if (!check.ok && !schema.success) expect(check.message).toBe(schema.error.issues[0]?.message);
  });

  const holdings: { symbol: string; exposure?: number; label?: string }[] = [
    { symbol: "TCS" },
    { symbol: " m&m ", exposure: 0, label: "  core " },
    { symbol: "BAJAJ-AUTO", exposure: 1_250_000.5 },
    { symbol: "" },
    { symbol: "bad one!" },
    { symbol: "A".repeat(26) },
    { symbol: "TCS", exposure: -1 },
    { symbol: "TCS", exposure: Number.POSITIVE_INFINITY },
    { symbol: "TCS", exposure: Number.NaN },
    { symbol: "TCS", label: "x".repeat(80) },
    { symbol: "TCS", label: "x".repeat(81) },
    { symbol: "-TCS", exposure: -5, label: "y".repeat(90) },
  ];
  it.each(holdings)("holding %j", (holding) => {
    const schema = holdingSchema.safeParse(holding);
    const check = checkHolding(holding);
    expect(check.ok).toBe(schema.success);
    if (check.ok && schema.success) expect(check.value).toEqual(schema.data);
    if (!check.ok && !schema.success) {
      // The same fields are refused; the symbol's and the exposure's sentences are the contract's own.
      const zod = zodProblems(schema.error.issues);
      expect(Object.keys(check.problems).sort()).toEqual(Object.keys(zod).sort());
      if (check.problems.symbol) expect(check.problems.symbol).toBe(zod.symbol);
      if (check.problems.exposure && Number.isFinite(holding.exposure)) expect(check.problems.exposure).toBe(zod.exposure);
    }
  });

  const changes: { exposure: number | null; label: string | null }[] = [
    { exposure: null, label: null },
    { exposure: 0, label: " core " },
    { exposure: 12.5, label: "x".repeat(80) },
    { exposure: -0.01, label: null },
    { exposure: Number.POSITIVE_INFINITY, label: null },
    { exposure: null, label: ` ${"x".repeat(81)}` },
    { exposure: -1, label: "x".repeat(81) },
  ];
  it.each(changes)("item change %j", (change) => {
    const schema = updateWatchlistItemInputSchema.safeParse(change);
    const check = checkItemChange(change);
    expect(check.ok).toBe(schema.success);
    if (check.ok && schema.success) expect(check.value).toEqual({ exposure: schema.data.exposure ?? null, label: schema.data.label ?? null });
    if (!check.ok && !schema.success) {
      const zod = zodProblems(schema.error.issues);
      expect(Object.keys(check.problems).sort()).toEqual(Object.keys(zod).sort());
      if (check.problems.label) expect(check.problems.label).toBe(zod.label);
      if (check.problems.exposure && Number.isFinite(change.exposure)) expect(check.problems.exposure).toBe(zod.exposure);
    }
  });
});
