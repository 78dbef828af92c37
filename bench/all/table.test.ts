import { describe, expect, it } from "vitest";
import type { RouteSize } from "../../scripts/bundle-sizes";
import { allMet, issueRows, markdown, type StepResult } from "./table";

const size = (route: string, gzipKb: number, aimKb = 200): RouteSize => ({ route, gzipKb, rawKb: gzipKb * 3, budgetKb: aimKb, aimKb, overBudget: gzipKb > aimKb, missingChunks: 0, zodChunks: [] });
const sizes = [size("/", 140.3), size("/_not-found", 137), size("/alerts", 199), size("/today", 178.1), size("/sign-in", 152.8, 170), size("/join", 153.7, 170)];

const step = (name: string, json: Record<string, unknown> | null, exitCode = 0): StepResult => ({
  name,
  exitCode,
  json,
  loadBefore: [1.2, 0.8, 0.5],
  loadAfter: [2.9, 1.4, 0.7],
  startedAt: "2026-11-26T01:00:00.000Z",
  endedAt: "2026-11-26T01:05:00.000Z",
  waitedS: 40,
  quiet: true,
});

const page = (p: string, profile: "desktop" | "mobile", score: number, lcpMs: number, tbtMs: number, load = "1.10 0.90 0.50") => ({ page: p, profile, score, lcpMs, tbtMs, fcpMs: 800, cls: 0, load, benchmarkIndex: 2400 });

/** The JSON lines the benches print, in their own shapes (only the fields the table reads, and a few it does not). */
const lines = {
  lighthouse: {
    bench: "lighthouse",
    lighthouse: [page("sign-in", "desktop", 100, 500, 0, "1.40 1.00 0.60"), page("alerts", "desktop", 100, 600, 0), page("sign-in", "mobile", 99, 1500, 90), page("alerts", "mobile", 97, 2300, 150)],
    settle: [
      { page: "sign-in", quietMs: 400, loadedMs: 600, quietLoad: "1.3 1 0.6", loadedLoad: "4.9 2 1" },
      { page: "alerts", quietMs: 820, loadedMs: 980, quietLoad: "1.9 1 0.6", loadedLoad: "6.1 2 1" },
    ],
  },
  service: { bench: "service", service: { reqPerSec: 13093, p99: 10 }, serviceNoCache: { reqPerSec: 7988, p99: 17 }, ratio: 0.913, ratioNoCache: 0.557, noCacheQueries: { sent: 254009, distinct: 254009 } },
  proxy: {
    bench: "proxy",
    proxyCached: { reqPerSec: 862 },
    floorMemory: { reqPerSec: 988 },
    proxyFresh: { reqPerSec: 669 },
    floorForward: { reqPerSec: 777 },
    ratios: { cachedVsFloorMemory: 0.87, freshVsFloorForward: 0.86, pairedCachedVsFloorMemory: 0.92, pairedFreshVsFloorForward: 0.87, cpuCachedVsFloorMemory: 0.85, cpuFreshVsFloorForward: 0.9, memberFreshVsFloorForward: 0.89 },
  },
  streams: { bench: "streams", clients: 1000, store_to_last_client_ms: { p50: 11.4, p90: 20, p99: 28.1, max: 30 }, bare_ws_broadcast_to_last_client_ms: { p50: 10.5, p90: 18, p99: 23.6, max: 25 }, ratio_to_bare: { p50: 1.09, p99: 1.19 } },
  relay: { clients: 1000, p50: 25.4, p90: 31.1, p99: 37.6, max: 39.1, memory: { perConnectionBytes: 22733 }, upstreamSockets: { open: 2, after: 2, products: 2 } },
};
const allSteps = () => Object.entries(lines).map(([name, json]) => step(name, json));

describe("the issue's table from the benches' JSON lines", () => {
  it("gives every row its figure, its aim and whether it was met, with the load beside it", () => {
    const rows = issueRows(sizes, allSteps());
    expect(rows.map((r) => r.met)).toEqual(Array(rows.length).fill(true));
    expect(rows).toHaveLength(13);
    const by = (what: string) => rows.find((r) => r.what.startsWith(what))!;
    expect(by("first-load JS per signed-in route").figure).toBe("178.1–199.0 kB, 4 of 4 within 200 (largest /alerts); Next's own `/` 140.3, `/_not-found` 137.0 kB");
    expect(by("first-load JS, signed-out").figure).toBe("`/sign-in` 152.8 kB, `/join` 153.7 kB");
    expect(by("first page load").figure).toBe("quiet 0.40–0.82 s; one core kept busy 0.60–0.98 s");
    expect(by("first page load").load).toBe("quiet 1.3–1.9; busy 4.9–6.1");
    expect(by("Lighthouse, desktop").load).toBe("1.1–1.4; benchmark index 2400");
    expect(by("the same: LCP").figure).toBe("1.50–2.30 s, 2 of 2 under 2.5 s");
    expect(by("service `GET /v1/news?limit=50`, response cache on").figure).toBe("13093 req/s, 0.91× bare, p99 10 ms");
    expect(by("service `GET /v1/news?limit=50`, response cache on").load).toBe("1.2 → 2.9");
    expect(by("same, cache off").figure).toContain("0.56× bare, p99 17 ms (254009 sent, 254009 distinct)");
    expect(by("desk proxy, `fresh=1`").figure).toBe("669 vs 777 req/s: 0.86× (0.90× by CPU per call); median of the rounds' own ratios 0.87×; a member on the organisation's key 0.89×");
    expect(by("WebSocket fan-out").figure).toContain("p50 11.4 / p99 28.1 ms; 1.09× a bare `ws` broadcast at p50");
    expect(by("the desk's SSE relay").figure).toBe("p50 25.4 / p90 31.1 / p99 37.6 / max 39.1 ms; 2 upstream sockets for 2 products; RSS +22.2 kB per stream");
    expect(allMet(sizes, allSteps())).toBe(true);
  });

  it("says no where a figure misses its aim", () => {
    const steps = allSteps();
    const lh = steps.find((s) => s.name === "lighthouse")!;
    lh.json = { ...lines.lighthouse, lighthouse: [...lines.lighthouse.lighthouse.slice(0, 3), page("alerts", "mobile", 95, 2510, 150)] };
    const proxy = steps.find((s) => s.name === "proxy")!;
    proxy.json = { ...lines.proxy, ratios: { ...lines.proxy.ratios, freshVsFloorForward: 0.79 } };
    const relay = steps.find((s) => s.name === "relay")!;
    relay.json = { ...lines.relay, upstreamSockets: { open: 3, after: 3, products: 2 } };
    const rows = issueRows([...sizes, size("/block-deals", 200.4)], steps);
    const missed = rows.filter((r) => r.met === false).map((r) => r.what);
    expect(missed).toEqual([
      "first-load JS per signed-in route (gzip -9)",
      "the same: LCP",
      "desk proxy, `fresh=1`, vs (b) a bare Next.js route forwarding with one keep-alive call",
      "the desk's SSE relay, 1000 browsers, one account",
    ]);
    expect(markdown(sizes, steps)).toContain("Mobile aim (score ≥ 90, LCP < 2.5 s, TBT < 200 ms): missed on alerts.");
    expect(markdown(sizes, steps)).toMatch(/\| alerts ✗ \| 100 \|/);
  });

  it("with several runs per page, takes each page's median run and counts every load beside it", () => {
    const steps = allSteps();
    const runs = (lcps: number[]) => lcps.map((lcpMs) => ({ score: lcpMs < 2500 ? 97 : 94, lcpMs, tbtMs: 120 }));
    steps.find((s) => s.name === "lighthouse")!.json = {
      ...lines.lighthouse,
      lighthouse: [
        ...lines.lighthouse.lighthouse.slice(0, 2),
        { ...page("sign-in", "mobile", 99, 1500, 90), runs: runs([1500, 1480, 1900]) },
        { ...page("alerts", "mobile", 97, 2300, 120), runs: runs([2300, 2570, 2210]) },
      ],
    };
    const rows = issueRows(sizes, steps);
    expect(rows.find((r) => r.what.startsWith("Lighthouse, mobile"))!.what).toBe("Lighthouse, mobile (simulated slow 4G, 4× CPU), each page's median run of 3: score");
    expect(rows.find((r) => r.what === "the same: LCP")).toMatchObject({ figure: "1.50–2.30 s, 2 of 2 (every load: 5 of 6) under 2.5 s", met: true });
    expect(rows.find((r) => r.what === "the same: TBT")).toMatchObject({ figure: "90–120 ms, 2 of 2 (every load: 6 of 6) under 200 ms", met: true });
  });

  it("holds a 'hold' row to the issue's figure within ten per cent", () => {
    const steps = allSteps();
    const service = steps.find((s) => s.name === "service")!;
    service.json = { ...lines.service, ratio: 0.84 };
    expect(issueRows(sizes, steps).find((r) => r.what.includes("response cache on"))!.met).toBe(true);
    service.json = { ...lines.service, ratio: 0.83 };
    expect(issueRows(sizes, steps).find((r) => r.what.includes("response cache on"))!.met).toBe(false);
    const streams = steps.find((s) => s.name === "streams")!;
    streams.json = { ...lines.streams, store_to_last_client_ms: { p50: 11, p90: 20, p99: 35, max: 40 } };
    expect(issueRows(sizes, steps).find((r) => r.what.startsWith("WebSocket"))!.met).toBe(false);
  });

  it("marks a bench that failed or did not run, and is not all met then", () => {
    const steps = allSteps().filter((s) => s.name !== "streams");
    steps.find((s) => s.name === "relay")!.json = null;
    steps.find((s) => s.name === "relay")!.exitCode = 1;
    const rows = issueRows(sizes, steps);
    expect(rows.find((r) => r.what.startsWith("WebSocket"))).toMatchObject({ figure: "not run", met: null, load: "–" });
    expect(rows.find((r) => r.what.startsWith("the desk's SSE relay"))).toMatchObject({ figure: "no figures (the bench exited with 1)", met: null });
    expect(allMet(sizes, steps)).toBe(false);
    expect(markdown(sizes, steps)).toContain("- relay: 2026-11-26T01:00:00.000Z → 2026-11-26T01:05:00.000Z, load 1.20 0.80 0.50 → 2.90 1.40 0.70, after 40 s waiting for a quiet machine; exited with 1");
  });

  it("keeps the table a table: a figure's pipe is escaped", () => {
    const steps = allSteps();
    expect(markdown(sizes, steps).split("\n")[0]).toBe("| what | figure | aim | met | load average (1 min) |");
    for (const line of markdown(sizes, steps).split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| page") && !l.includes("---"))) {
      expect(line.replace(/\\\|/g, "").split("|").length).toBeGreaterThanOrEqual(7);
    }
  });
});
