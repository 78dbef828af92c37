import { deskRoute } from "../routes";
import { describe, expect, it } from "vitest";
import { seasonViewSchema } from "@/lib/desk/season";
import { resultsDeadlineMs, trackedSeasonAt } from "@/lib/market/season";
import type { RunningServer } from "../core/embedded-service";
import { createWatchlist } from "../portfolio/watchlists";
import { addCompany, addUpcomingEarnings } from "@/test/support/service";
import { browserRequest, makeUserWithKey, randomName, withServiceForDesks } from "@/test/support/desk";
import { trackSeason } from "./season-tracker";

let service: RunningServer;
const { desk } = withServiceForDesks((started) => (service = started));

async function deskAt(now?: Date) {
  const ctx = await desk(now ? { now: () => now } : {});
  const { user, ...account } = await makeUserWithKey({ ctx, service });
  return { ctx, user, key: account.key };
}

/** What the service's free calls say, read straight from it with the key: filings of the quarter and booked meetings. */
async function serviceTruth(key: string, quarter: string, symbols: string[]) {
  const get = async (path: string) => {
    const res = await fetch(`${service.url}${path}`, { headers: { "X-API-Key": key } });
    expect(res.headers.get("x-credits-charged")).toBe("0");
    return (await res.json()) as { data: { symbol: string; quarter?: string; date?: string }[] };
  };
  const index = await get(`/v1/earnings/index?quarter=${quarter}&symbols=${symbols.join(",")}&limit=100`);
  const upcoming = await get(`/v1/earnings/upcoming?symbols=${symbols.join(",")}&limit=50`);
  return { filed: new Map(index.data.map((r) => [r.symbol, r.date])), booked: new Map(upcoming.data.filter((r) => r.quarter === quarter).map((r) => [r.symbol, r.date])) };
}

/** A company listed on the exchange that has filed nothing yet (a fresh listing, as the service would hold it). */
function listFreshCompany(): string {
  return addCompany(service.service.ctx.db).symbol;
}

describe("the results-season tracker", () => {
  it("places a watchlist's companies as the service's free index and calendar have them, at no cost", async () => {
    const { ctx, user, key } = await deskAt();
    const quarter = trackedSeasonAt(Date.now());
    const nextQuarter = (await trackSeason({ ctx, user, input: { scope: "watchlists" } })).seasons.at(-1) ?? quarter;
    // Symbols that reported the tracked season, symbols booked for the next one, and a fresh listing with nothing.
    const reported = (await serviceTruth(key, quarter, ["TCS", "INFY", "RELIANCE", "HDFCBANK", "ITC", "SBIN"])).filed;
    const upcoming = await (await fetch(`${service.url}/v1/earnings/upcoming?limit=50`, { headers: { "X-API-Key": key } })).json() as { data: { symbol: string; quarter: string }[] };
    const bookedNext = [...new Set(upcoming.data.filter((r) => r.quarter === nextQuarter).map((r) => r.symbol))].slice(0, 3);
    // Between seasons the calendar lists nothing until the first intimations: a listing books its meeting for the next one.
    if (bookedNext.length === 0) {
      const booking = listFreshCompany();
      addUpcomingEarnings(service.service.ctx.db, { symbol: booking, quarter: nextQuarter, date_ms: Date.now() + 10 * 86_400_000 });
      bookedNext.push(booking);
    }
    const fresh = listFreshCompany();
    const symbols = [...new Set([...[...reported.keys()].slice(0, 3), ...bookedNext, fresh])];
    const list = await createWatchlist({ ctx, user, input: { name: randomName("season"), items: symbols.map((symbol) => ({ symbol })) } });
    const balance = async () => ((await (await fetch(`${service.url}/v1/account`, { headers: { "X-API-Key": key } })).json()) as { data: { balance: number } }).data.balance;
    const before = await balance();

    for (const q of [quarter, nextQuarter]) {
      const view = seasonViewSchema.parse(await trackSeason({ ctx, user, input: { scope: "watchlist", watchlist: list.id, quarter: q } }));
      const truth = await serviceTruth(key, q, symbols);
      expect(view.quarter).toBe(q);
      expect(view.watchlist).toEqual({ id: list.id, name: list.name });
      expect(view.deadline).toBe(new Date(resultsDeadlineMs(q)).toISOString());
      expect(view.companies.map((c) => c.symbol).sort()).toEqual([...symbols].sort());
      const passed = Date.now() >= resultsDeadlineMs(q);
      for (const c of view.companies) {
        const filed = truth.filed.get(c.symbol);
        const booked = truth.booked.get(c.symbol);
        if (filed) expect(c, c.symbol).toMatchObject({ status: "reported", at: filed, late: Date.parse(filed) >= resultsDeadlineMs(q) });
        else if (booked) expect(c, c.symbol).toMatchObject({ status: "booked", at: booked });
        else expect(c, c.symbol).toMatchObject({ status: "pending", at: null, late: passed });
      }
      expect(view.counts.total).toBe(symbols.length);
      expect(view.counts.reported + view.counts.booked + view.counts.pending).toBe(symbols.length);
    }
    const tracked = await trackSeason({ ctx, user, input: { scope: "watchlist", watchlist: list.id } });
    expect(tracked.quarter).toBe(quarter);
    expect(tracked.counts.reported).toBeGreaterThanOrEqual(1);
    // The fresh listing filed nothing: once the deadline passed it is late, before it it has days left.
    const freshRow = tracked.companies.find((c) => c.symbol === fresh);
    expect(freshRow?.status).toBe("pending");
    expect(freshRow?.late).toBe(Date.now() >= resultsDeadlineMs(quarter));
    // An ETF and a gold bond in a book file no results: left out of the board (never late), and named as left out.
    const broker = await createWatchlist({ ctx, user, input: { name: randomName("broker"), items: [{ symbol: "TCS" }, { symbol: "NIFTYBEES" }, { symbol: "SGBAUG28V" }, { symbol: "TATAMOTORS" }] } });
    const withFunds = await trackSeason({ ctx, user, input: { scope: "watchlist", watchlist: broker.id } });
    expect(withFunds.companies.map((c) => c.symbol)).toEqual(["TCS"]);
    expect(withFunds.counts.total).toBe(1);
    expect(withFunds.instruments).toEqual([
      { symbol: "NIFTYBEES", label: "ETF" },
      { symbol: "SGBAUG28V", label: "Sovereign gold bond" },
    ]);
    expect(withFunds.retired).toEqual([{ symbol: "TATAMOTORS", to: ["TMPV", "TMCV"] }]);
    expect(await balance()).toBe(before);
  });

  it("applies the fourth quarter's 60 days: after Q4's deadline its filings are on time and the silent are late", async () => {
    // Pinned a week after Q4 FY26's deadline (31 Mar + 60 days): the service holds that quarter's filings as history.
    const now = new Date("2026-06-06T12:00:00+05:30");
    const { ctx, user } = await deskAt(now);
    const fresh = listFreshCompany();
    const view = await trackSeason({ ctx, user, input: { scope: "universe" } });
    expect(view.quarter).toBe("q4_26");
    expect(view.deadlineDays).toBe(60);
    expect(view.deadline).toBe(new Date("2026-05-31T00:00:00+05:30").toISOString());
    expect(view.daysLeft).toBeLessThan(0);
    expect(view.counts.reported).toBeGreaterThan(0);
    // Every filing of the service is on time (60 days, not 45): a 45-day rule would flag those of 15-30 May.
    const reported = view.companies.filter((c) => c.status === "reported");
    expect(reported.every((c) => !c.late)).toBe(true);
    // The universe is every company the free data knows: the fresh listing has filed nothing, so it is not in it.
    expect(view.companies.some((c) => c.symbol === fresh)).toBe(false);
    const withFresh = await createWatchlist({ ctx, user, input: { name: randomName("q4"), items: [{ symbol: fresh }, ...reported.slice(0, 2).map((c) => ({ symbol: c.symbol }))] } });
    const mine = await trackSeason({ ctx, user, input: { scope: "watchlist", watchlist: withFresh.id } });
    expect(mine.companies[0]).toMatchObject({ symbol: fresh, status: "pending", late: true });
    expect(mine.counts).toMatchObject({ late: 1, reported: 2, total: 3 });
  });

  it("answers over GET /api/season with the contract's shape, and refuses a bad query before any call", async () => {
    const { ctx, user } = await deskAt();
    const route = deskRoute("getSeason", { ctx });
    const ok = await route(await browserRequest(ctx, user, "/api/season?scope=watchlists"));
    expect(ok.status).toBe(200);
    const body = seasonViewSchema.parse(((await ok.json()) as { data: unknown }).data);
    expect(body.companies).toEqual([]);
    expect(body.counts.total).toBe(0);
    for (const bad of ["/api/season?scope=watchlist", "/api/season?quarter=q9_99", "/api/season?scope=everything", "/api/season?quarter=q1_20"]) {
      const res = await route(await browserRequest(ctx, user, bad));
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_parameter");
    }
    const other = await route(await browserRequest(ctx, user, "/api/season?scope=watchlist&watchlist=not-mine"));
    expect(other.status).toBe(404);
    const anonymous = await route(await browserRequest(ctx, null, "/api/season"));
    expect(anonymous.status).toBe(401);
  });
});
