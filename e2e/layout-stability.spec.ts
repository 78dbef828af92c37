import { createServer, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ADMIN_STATE, readFixtures } from "./support/fixtures";
import { DESK_PAGES } from "./support/pages";
import { expect, test } from "./support/test";

/**
 * Nothing on a page moves while it loads (issue 18's desktop "hold"; Lighthouse's CLS). A page's HTML streams: React
 * sends the shell first and a Suspense boundary that finished after the first 12.8 kB of HTML as its own segment
 * (`<div hidden id="S:…">`), its fallback painted until the segment arrives. On loopback both usually come before the
 * first paint, so a skeleton that differs from its content shows only now and then (summaries' briefs moved in about
 * one load in five). Here a proxy holds every page's streamed segments until the browser has painted the shell, as a
 * phone's network does a round trip later, and the test adds up the layout shifts from then until the page has
 * hydrated and settled. Layout only: how soon anything paints is measured in bench/.
 */

/** A shift total this small is a pixel or two of one element; the failures this guards against were 0.0025 to 0.1. */
const MOST = 0.001;

/**
 * Forwards to the desk. A document's bytes from its first streamed segment on wait for `release()`, which lets every
 * document asked for so far through, held or not yet (a segment that reaches the proxy after the release passes).
 */
function startHoldingProxy(target: URL): Promise<{ server: Server; url: string; release: () => void; held: () => number }> {
  const mark = Buffer.from('<div hidden id="S:');
  interface Doc {
    released: boolean;
    pending: Buffer[] | null;
    ended: boolean;
    res: ServerResponse;
  }
  let docs: Doc[] = [];
  const flush = (doc: Doc) => {
    for (const part of doc.pending ?? []) doc.res.write(part);
    doc.pending = null;
    if (doc.ended) doc.res.end();
  };
  const server = createServer((req, res) => {
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host, "accept-encoding": "identity" } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!String(answer.headers["content-type"] ?? "").startsWith("text/html")) {
          answer.pipe(res);
          return;
        }
        const doc: Doc = { released: false, pending: null, ended: false, res };
        docs.push(doc);
        answer.on("data", (chunk: Buffer) => {
          if (doc.pending) {
            doc.pending.push(chunk);
            return;
          }
          const at = doc.released ? -1 : chunk.indexOf(mark);
          if (at === -1) {
            res.write(chunk);
            return;
          }
          res.write(chunk.subarray(0, at));
          doc.pending = [chunk.subarray(at)];
        });
        answer.on("end", () => {
          doc.ended = true;
          if (!doc.pending) res.end();
        });
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://127.0.0.1:${port}`,
        held: () => docs.filter((d) => d.pending).length,
        release: () => {
          for (const doc of docs) {
            doc.released = true;
            flush(doc);
          }
          docs = [];
        },
      });
    });
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`no layout shift while a page streams in and hydrates, at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(180_000);
    const proxy = await startHoldingProxy(new URL(readFixtures().deskUrl));
    // The session cookie is the desk's host's, whatever the port, so the proxy's pages are signed in as the admin.
    const context = await browser.newContext({ storageState: ADMIN_STATE, viewport });
    await context.addInitScript(() => {
      const shifts: { value: number; at: number; what: string[] }[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
          if (entry.hadRecentInput) continue;
          const what = entry.sources.map(({ node, previousRect: a, currentRect: b }) => {
            const el = node instanceof Element ? node : node?.parentElement;
            const name = el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("data-slot") ? `[${el.getAttribute("data-slot")}]` : ""} “${(el.textContent ?? "").trim().slice(0, 40)}”` : "?";
            return `${name} (${Math.round(a.x)},${Math.round(a.y)} ${Math.round(a.width)}×${Math.round(a.height)} → ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)})`;
          });
          shifts.push({ value: entry.value, at: Math.round(entry.startTime), what });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const page = await context.newPage();
    let streamed = 0;
    try {
      for (const { name, path } of DESK_PAGES) {
        await test.step(name, async () => {
          await page.goto(`${proxy.url}${path}`, { waitUntil: "commit" });
          // The shell is painted before the rest of the page is let through.
          await page.waitForFunction(() => performance.getEntriesByType("paint").some((e) => e.name === "first-contentful-paint"));
          if (proxy.held() > 0) streamed++;
          proxy.release();
          await page.waitForLoadState("load");
          await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
          await expect(page.locator("[data-slot=lazy-part][data-hydrated=false]")).toHaveCount(0, { timeout: 20_000 });
          // Whatever a page changes right after hydration (a status from the browser's clock, a live badge) has a moment.
          await page.waitForTimeout(750);
          const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; at: number; what: string[] }[] }).__shifts);
          const total = shifts.reduce((sum, s) => sum + s.value, 0);
          expect.soft(total, `${name} at ${viewport.width} px moved while it loaded:\n${shifts.map((s) => `  ${s.value.toFixed(4)} at ${s.at} ms: ${s.what.join("; ")}`).join("\n")}`).toBeLessThan(MOST);
        });
      }
      // The hold itself took place: most pages stream a segment (a check that held nothing would pass unseen).
      expect(streamed, "pages whose streamed segments the proxy held").toBeGreaterThanOrEqual(DESK_PAGES.length / 2);
    } finally {
      await context.close();
      proxy.server.closeAllConnections();
      await new Promise((resolve) => proxy.server.close(resolve));
    }
  });
}
