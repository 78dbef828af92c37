import { describe, expect, it } from "vitest";
import { deskRoute } from "../routes";
import { SUMMARY_DEDUPE_WINDOW_MS } from "@/lib/desk/summaries";
import { canonicalSummaryRequest, findRecentSummary, getSummary, isWithinDedupeWindow, listSummaries, recordSummary } from "./summaries";
import type { TestDesk } from "@/test/support/desk";
import { browserRequest, makeUser, randomName, storeKeyUnchecked, testDialects, withDesk } from "@/test/support/desk";

const dialects = await testDialects();

const success = (summary = "# Watchlist summary\n\n- **TCS** rose") => ({ status: "success", summary, details: { request_id: "req_1", mode: "news_context" } });

describe("the dedupe window", () => {
  it("holds for ten minutes after a result, not before it and not after", () => {
    const made = new Date("2026-05-11T10:00:00+05:30");
    const at = (ms: number) => new Date(made.getTime() + ms);
    expect(SUMMARY_DEDUPE_WINDOW_MS).toBe(600_000);
    expect(isWithinDedupeWindow(made, at(0))).toBe(true);
    expect(isWithinDedupeWindow(made, at(SUMMARY_DEDUPE_WINDOW_MS - 1))).toBe(true);
    expect(isWithinDedupeWindow(made, at(SUMMARY_DEDUPE_WINDOW_MS))).toBe(false);
    expect(isWithinDedupeWindow(made, at(-1))).toBe(false);
  });

  it("treats the three request forms, symbol order and case alike, and mode and window apart", () => {
    const a = canonicalSummaryRequest({ symbols: ["TCS", "INFY"], mode: "news_context", context_window_days: 1 });
    expect(canonicalSummaryRequest({ items: [{ symbol: "INFY" }, { symbol: "TCS" }], mode: "news_context" })).toBe(a);
    expect(canonicalSummaryRequest({ symbols: ["TCS", "INFY"], mode: "news_context", context_window_days: 2 })).not.toBe(a);
    expect(canonicalSummaryRequest({ symbols: ["TCS", "INFY"], mode: "intraday_movements" })).not.toBe(a);
    expect(canonicalSummaryRequest({ items: [{ symbol: "TCS", exposure: 1 }, { symbol: "INFY" }], mode: "news_context" })).not.toBe(a);
    // exposure takes no window: none given and the default are the same request.
    expect(canonicalSummaryRequest({ symbols: ["TCS"] })).toBe(canonicalSummaryRequest({ symbols: ["TCS"], mode: "exposure" }));
  });
});

describe.each(dialects)("summary history on %s", (dialect) => {
  let desk: TestDesk;
  let now = new Date("2026-05-11T10:00:00+05:30").getTime();
  withDesk((d) => (desk = d), { dialect, now: () => new Date(now) });

  async function userWithKey(accountId = randomName("acct")) {
    const user = await makeUser(desk.ctx);
    await storeKeyUnchecked(desk.ctx, user.id, `ak_test_${randomName("k")}`, accountId);
    return user;
  }

  it("finds a paid result for the same request within ten minutes, and only then", async () => {
    const ctx = desk.ctx;
    const user = await userWithKey();
    const request = { symbols: ["TCS", "INFY"], mode: "news_context" as const, context_window_days: 3 };
    expect(await findRecentSummary({ user, input: { request }, ctx })).toBeNull();
    const entry = await recordSummary({ user, input: { request, response: success(), credits: 5, source: "watchlist:Core" }, ctx });
    expect(entry).toMatchObject({ status: "success", credits: 5, symbolCount: 2, mode: "news_context", contextWindowDays: 3, retentionOptOut: false, source: "watchlist:Core" });

    now += 9 * 60_000;
    const reordered = { items: [{ symbol: "INFY" }, { symbol: "TCS" }], mode: "news_context" as const, context_window_days: 3 };
    expect((await findRecentSummary({ user, input: { request: reordered }, ctx }))?.id).toBe(entry.id);
    // Another window, another user, or the same request after the window: no match.
    expect(await findRecentSummary({ user, input: { request: { ...request, context_window_days: 4 } }, ctx })).toBeNull();
    expect(await findRecentSummary({ user: await userWithKey(), input: { request }, ctx })).toBeNull();
    now += 60_000;
    expect(await findRecentSummary({ user, input: { request }, ctx })).toBeNull();
  });

  it("never reuses a free outcome, and keeps only the result of an opted-out request", async () => {
    const ctx = desk.ctx;
    const user = await userWithKey();
    const request = { symbols: ["QUIETCO"], mode: "intraday_movements" as const };
    await recordSummary({ user, input: { request, response: { status: "success_no_news", summary: "Nothing moved." }, credits: 0 }, ctx });
    expect(await findRecentSummary({ user, input: { request }, ctx })).toBeNull();

    now += 1_000;
    const secret = { items: [{ symbol: "RELIANCE", exposure: 1_00_00_000, label: "private sleeve" }], mode: "exposure" as const };
    const kept = await recordSummary({ user, input: { request: secret, response: success(), credits: 5, retention: "none", source: "typed" }, ctx });
    expect(kept).toMatchObject({ request: null, source: null, retentionOptOut: true, symbolCount: 1, summary: expect.stringContaining("TCS") });
    const stored = await getSummary({ user, id: kept.id, ctx });
    expect(JSON.stringify(stored)).not.toContain("private sleeve");
    expect((await findRecentSummary({ user, input: { request: secret }, ctx }))?.id).toBe(kept.id);

    const list = await listSummaries({ user, ctx });
    expect(list.map((e) => e.id)[0]).toBe(kept.id);
    expect(list[0]).not.toHaveProperty("summary");
    expect(list[0]?.preview).toMatch(/TCS rose/);
  });

  it("serves the routes to their owner only", async () => {
    const ctx = desk.ctx;
    const user = await userWithKey();
    const request = { symbols: ["HDFCBANK"], mode: "news_context" as const };
    const data = await recordSummary({ user, input: { request, response: success(), credits: 5 }, ctx });
    const lookup = await deskRoute("lookupSummary", { ctx })(
      await browserRequest(ctx, user, "/api/summaries/lookup", { method: "POST", body: JSON.stringify({ request: { symbols: ["hdfcbank"], mode: "news_context", context_window_days: 1 } }) }),
    );
    expect(((await lookup.json()) as { data: { id: string } | null }).data?.id).toBe(data.id);
    const bad = await deskRoute("lookupSummary", { ctx })(
      await browserRequest(ctx, user, "/api/summaries/lookup", { method: "POST", body: JSON.stringify({ request: { symbols: [] } }) }),
    );
    expect(bad.status).toBe(400);
    const other = await userWithKey();
    const peek = await deskRoute("getSummary", { ctx })(await browserRequest(ctx, other, `/api/summaries/${data.id}`), { params: { id: data.id } });
    expect(peek.status).toBe(404);
  });
});
