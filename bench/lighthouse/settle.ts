/**
 * "First page load, navigation to settled" with Playwright: a fresh browser context per navigation (empty cache,
 * the session cookie only), then the time from navigation start until the page is settled — no `aria-busy="true"`
 * skeleton left, no request in flight (live streams, which never end, excepted) and the load event done — held for
 * 500 ms. The figure is the last moment any of those changed, on the page's own clock (navigation start = 0), so the
 * 500 ms quiet window is not counted.
 */
import type { Browser, Cookie, Page } from "@playwright/test";

/** Installed before any page script: stamps, on the page's clock, when the last skeleton went. */
const INIT_SCRIPT = `(() => {
  const w = window;
  w.__settle = { busyAt: -1, clearedAt: 0 };
  const check = () => {
    const busy = document.querySelector('[aria-busy="true"]') !== null;
    if (busy) w.__settle.busyAt = performance.now();
    else if (w.__settle.busyAt >= 0 && w.__settle.clearedAt < w.__settle.busyAt) w.__settle.clearedAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-busy"] });
})();`;

interface PageState {
  busy: boolean;
  ready: boolean;
  clearedAt: number;
  lastResponseEnd: number;
  loadEnd: number;
}

async function readState(page: Page): Promise<PageState> {
  return page.evaluate(() => {
    const w = window as unknown as { __settle?: { clearedAt: number } };
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return {
      busy: document.querySelector('[aria-busy="true"]') !== null,
      ready: document.readyState === "complete",
      clearedAt: w.__settle?.clearedAt ?? 0,
      lastResponseEnd: resources.reduce((m, r) => Math.max(m, r.responseEnd), 0),
      loadEnd: nav?.loadEventEnd ?? 0,
    };
  });
}

export interface SettleResult {
  path: string;
  ms: number | null;
  error?: string;
}

/** One cold navigation to `url`; resolves with the time to settled (ms) or an error after `timeoutMs`. */
export async function measureSettle(browser: Browser, url: string, cookies: Cookie[], timeoutMs = 30_000): Promise<SettleResult> {
  const path = new URL(url).pathname + new URL(url).search;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    if (cookies.length) await context.addCookies(cookies);
    await context.addInitScript(INIT_SCRIPT);
    const page = await context.newPage();
    let inFlight = 0;
    const streaming = (type: string) => type === "eventsource" || type === "websocket";
    page.on("request", (r) => {
      if (!streaming(r.resourceType())) inFlight++;
    });
    const done = (r: { resourceType(): string }) => {
      if (!streaming(r.resourceType())) inFlight = Math.max(0, inFlight - 1);
    };
    page.on("requestfinished", done);
    page.on("requestfailed", done);

    await page.goto(url, { waitUntil: "commit", timeout: timeoutMs });
    const deadline = Date.now() + timeoutMs;
    let quietSince: number | null = null;
    let last: PageState | null = null;
    while (Date.now() < deadline) {
      const state = await readState(page);
      const quiet = !state.busy && state.ready && inFlight === 0;
      if (!quiet) quietSince = null;
      else if (quietSince === null) quietSince = Date.now();
      last = state;
      if (quietSince !== null && Date.now() - quietSince >= 500) {
        // Read again: a resource that finished during the quiet window's first poll has its responseEnd now.
        const final = await readState(page);
        return { path, ms: Math.round(Math.max(final.clearedAt, final.lastResponseEnd, final.loadEnd)) };
      }
      await page.waitForTimeout(50);
    }
    return { path, ms: null, error: `not settled in ${timeoutMs / 1000} s (busy ${last?.busy}, ${inFlight} requests in flight)` };
  } catch (error) {
    return { path, ms: null, error: error instanceof Error ? error.message.split("\n")[0]! : String(error) };
  } finally {
    await context.close();
  }
}
