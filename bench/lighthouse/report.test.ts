import { describe, expect, it } from "vitest";
import { diagnostics, figuresOf, type LhrLike, medianRun, meetsMobileAim, table } from "./report";

/** The parts of a Lighthouse 12 result bench:lighthouse reads, in the shapes Lighthouse writes them. */
const lhr: LhrLike = {
  categories: { performance: { score: 0.734 } },
  environment: { benchmarkIndex: 2767.4 },
  audits: {
    "largest-contentful-paint": { numericValue: 3214.6 },
    "total-blocking-time": { numericValue: 512.2 },
    "first-contentful-paint": { numericValue: 1180 },
    "cumulative-layout-shift": { numericValue: 0.0123 },
    "speed-index": { numericValue: 2000 },
    "largest-contentful-paint-element": {
      details: {
        type: "list",
        items: [
          { type: "table", items: [{ node: { type: "node", selector: "main > div > h1", nodeLabel: "Earnings\n   calendar", snippet: "<h1>" } }] },
          {
            type: "table",
            items: [
              { phase: "TTFB", timing: 600.4 },
              { phase: "Load Delay", timing: 0 },
              { phase: "Render Delay", timing: 2614.2 },
            ],
          },
        ],
      },
    },
    "long-tasks": {
      details: {
        type: "table",
        items: [
          { url: "http://127.0.0.1:3102/_next/static/chunks/a.js", duration: 90 },
          { url: "http://127.0.0.1:3102/_next/static/chunks/b.js?x=1", duration: 310.6 },
          { url: "Unattributable", duration: 55 },
          { url: "http://127.0.0.1:3102/earnings", duration: 70 },
        ],
      },
    },
    "bootup-time": { details: { type: "table", items: [{ url: "http://127.0.0.1:3102/_next/static/chunks/b.js", total: 400 }] } },
    "render-blocking-resources": { details: { type: "opportunity", items: [{ url: "http://127.0.0.1:3102/_next/static/css/app.css", wastedMs: 150 }] } },
    metrics: { details: { type: "debugdata", items: [{ observedLargestContentfulPaint: 240.4, observedFirstContentfulPaint: 200 }] } },
    "network-requests": {
      details: {
        type: "table",
        items: [
          { url: "http://127.0.0.1:3102/earnings", resourceType: "Document", networkEndTime: 80, transferSize: 15_000 },
          { url: "http://127.0.0.1:3102/_next/static/chunks/a.js", resourceType: "Script", networkEndTime: 150, transferSize: 40_960 },
          { url: "http://127.0.0.1:3102/_next/static/chunks/b.js", resourceType: "Script", networkEndTime: 240.4, transferSize: 10_240 },
          { url: "http://127.0.0.1:3102/_next/static/chunks/c.js", resourceType: "Script", networkEndTime: 300, transferSize: 70_000 },
          { url: "http://127.0.0.1:3102/api/usage", resourceType: "Fetch", networkEndTime: 100, transferSize: 2_000 },
        ],
      },
    },
  },
};

describe("figuresOf", () => {
  it("reads the score, the five figures and the diagnostics of a Lighthouse result", () => {
    const f = figuresOf(lhr, "earnings", "mobile", "1.00 0.50 0.20");
    expect(f).toMatchObject({ page: "earnings", profile: "mobile", score: 73, lcpMs: 3214.6, tbtMs: 512.2, fcpMs: 1180, cls: 0.0123, load: "1.00 0.50 0.20" });
    expect(f.lcpElement).toBe("main > div > h1 “Earnings calendar”");
    expect(f.lcpPhases).toEqual({ TTFB: 600, "Load Delay": 0, "Render Delay": 2614 });
    expect(f.longTasks).toEqual([
      { url: "/_next/static/chunks/b.js?x=1", ms: 311 },
      { url: "/_next/static/chunks/a.js", ms: 90 },
      { url: "/earnings", ms: 70 },
    ]);
    expect(f.renderBlocking).toEqual([{ url: "/_next/static/css/app.css", ms: 150 }]);
    // a.js and b.js had arrived by the observed LCP (240.4 ms); c.js, the document and the fetch are not counted.
    expect(f.scriptsBeforeLcp).toEqual({ count: 2, kB: 50, observedLcpMs: 240 });
    expect(diagnostics([f])).toContain("scripts loaded before the observed LCP (240 ms): 2, 50 kB");
    expect(f.error).toBeUndefined();
    expect(f.benchmarkIndex).toBe(2767);
  });

  it("says how fast the machine was: Lighthouse's benchmark index under the table", () => {
    const f = figuresOf(lhr, "earnings", "mobile", "");
    expect(table([f, { ...f, page: "news", benchmarkIndex: 2900 }, { ...f, page: "usage", benchmarkIndex: 2600 }])).toContain(
      "Lighthouse's benchmark index of this machine (higher is faster): median 2767, 2600–2900 over 3 loads.",
    );
    expect(table([{ ...f, benchmarkIndex: null }])).not.toContain("benchmark index");
  });

  it("puts each profile's 1-minute load average beside its figures", () => {
    const m = figuresOf(lhr, "earnings", "mobile", "1.20 0.90 0.40");
    const d = { ...m, profile: "desktop" as const, score: 100, lcpMs: 512, tbtMs: 0, fcpMs: 250, cls: 0, load: "2.31 1.10 0.50" };
    expect(table([d, m])).toContain("| earnings ✗ | 100 | 512 ms | 0 ms | 250 ms | 0.000 | 2.31 | 73 | 3.21 s | 512 ms | 1.18 s | 0.012 | 1.20 |");
  });

  it("keeps a runtime error and reports missing figures as null", () => {
    const f = figuresOf({ categories: { performance: { score: null } }, audits: {}, runtimeError: { code: "NO_FCP", message: "The page did not paint" } }, "news", "desktop", "");
    expect(f).toMatchObject({ score: null, lcpMs: null, tbtMs: null, lcpElement: null, scriptsBeforeLcp: null, error: "NO_FCP: The page did not paint" });
    expect(table([f])).toContain("| news | error |");
  });
});

describe("the mobile aim and the median run", () => {
  const base = figuresOf(lhr, "alerts", "mobile", "");
  it("needs a score of 90, LCP under 2.5 s and TBT under 200 ms together", () => {
    expect(meetsMobileAim(base)).toBe(false);
    expect(meetsMobileAim({ ...base, score: 95, lcpMs: 2400, tbtMs: 150 })).toBe(true);
    expect(meetsMobileAim({ ...base, score: 95, lcpMs: 2500, tbtMs: 150 })).toBe(false);
    expect(meetsMobileAim({ ...base, score: 95, lcpMs: 2400, tbtMs: 200 })).toBe(false);
  });
  it("takes the run with the median score", () => {
    expect(medianRun([{ ...base, score: 70 }, { ...base, score: 91 }, { ...base, score: 80 }]).score).toBe(80);
  });
  it("marks pages that miss the mobile aim in the table and lists their LCP element", () => {
    const rows = [base, { ...base, profile: "desktop" as const, score: 99 }];
    expect(table(rows)).toMatch(/\| alerts ✗ \| 99 \|/);
    expect(diagnostics(rows)).toContain("alerts: LCP main > div > h1");
  });
});
