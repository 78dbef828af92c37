import { createServer, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ADMIN_STATE, readFixtures } from "./support/fixtures";
import { untilSettled } from "./support/desk";
import { DESK_PAGES } from "./support/pages";
import { expect, test } from "./support/test";

/**
 * Nothing on a page moves while it loads (issue 18's desktop "hold"; Lighthouse's CLS). A page's HTML streams: React
 * sends the shell first and a Suspense boundary that finished after the first 12.8 kB of HTML as its own segment
 * (`<div hidden id="S:…">`), its fallback painted until the segment arrives. On loopback all of it usually comes before
 * the first paint, so what moves on a phone shows here only now and then. So a proxy plays the phone's network: the
 * shell trickles in (a slice, a pause), and the streamed segments wait until the browser has painted the shell, as they
 * would a round trip later. A browser that painted a part-parsed shell would move what it drew as the rest arrived (the
 * top bar's cluster, a table's columns, a header's filters); AppShell's expect link holds the first frame until the
 * shell is whole, and the test checks that frame had it. It adds up the layout shifts until the page has hydrated and
 * settled. Layout only: how soon anything paints is measured in bench/.
 */

/** A shift total this small is a pixel or two of one element; the failures this guards against were 0.0025 to 0.1. */
const MOST = 0.001;

/** The shell's body arrives in slices this big, each after a pause long enough for the browser to paint what it has. */
const SLICE = 3_000;
const PAUSE_MS = 40;

/**
 * Forwards to the desk. A document's shell (its bytes up to the first streamed segment) trickles from `<body` on: a
 * slice, a pause, the next, as a slow network delivers it, so the browser paints the shell part-parsed and anything
 * that moves when the rest of it arrives (a right-aligned row whose later items come in the next packet) shows. From
 * the first streamed segment on, the bytes wait for `release()`, which lets every document asked for so far through.
 */
function startHoldingProxy(target: URL): Promise<{ server: Server; url: string; release: () => void; held: () => number; waiting: () => number }> {
  const mark = Buffer.from('<div hidden id="S:');
  const body = Buffer.from("<body");
  interface Doc {
    released: boolean;
    /** Bytes from the first streamed segment on, while held; null before the segment and after the release. */
    pending: Buffer[] | null;
    /** Through the shell: the segment has arrived (held), or the document ended without one. */
    shellDone: boolean;
    inBody: boolean;
    ended: boolean;
    res: ServerResponse;
    /** Writes in order: a chunk's slices and pauses finish before the next chunk's. */
    chain: Promise<void>;
  }
  let docs: Doc[] = [];
  const flush = (doc: Doc) => {
    for (const part of doc.pending ?? []) doc.res.write(part);
    doc.pending = null;
    if (doc.ended) doc.res.end();
  };
  const trickle = async (doc: Doc, bytes: Buffer) => {
    let rest = bytes;
    if (!doc.inBody) {
      const at = rest.indexOf(body);
      if (at === -1) {
        doc.res.write(rest);
        return;
      }
      doc.res.write(rest.subarray(0, at));
      rest = rest.subarray(at);
      doc.inBody = true;
    }
    for (let i = 0; i < rest.length; i += SLICE) {
      doc.res.write(rest.subarray(i, i + SLICE));
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
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
        const doc: Doc = { released: false, pending: null, shellDone: false, inBody: false, ended: false, res, chain: Promise.resolve() };
        docs.push(doc);
        answer.on("data", (chunk: Buffer) => {
          doc.chain = doc.chain.then(async () => {
            if (doc.pending) {
              doc.pending.push(chunk);
              return;
            }
            if (doc.shellDone) {
              res.write(chunk);
              return;
            }
            const at = chunk.indexOf(mark);
            await trickle(doc, at === -1 ? chunk : chunk.subarray(0, at));
            if (at === -1) return;
            doc.shellDone = true;
            if (doc.released) res.write(chunk.subarray(at));
            else doc.pending = [chunk.subarray(at)];
          });
        });
        answer.on("end", () => {
          doc.chain = doc.chain.then(() => {
            doc.ended = true;
            doc.shellDone = true;
            if (!doc.pending) res.end();
          });
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
        waiting: () => docs.filter((d) => !d.shellDone).length,
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
      // The first frame the browser renders: on a desk page (AppShell's expect link in the head), whether its shell was
      // whole by then. The pages outside the desk's shell (change password, not found) have no link.
      requestAnimationFrame(() =>
        Object.assign(window, {
          __firstFrame: !document.querySelector('head link[rel="expect"]') ? "no desk shell" : document.getElementById("shell-end") ? "whole shell" : "part of the shell",
        }),
      );
    });
    const page = await context.newPage();
    let streamed = 0;
    let wholeFirstFrames = 0;
    try {
      for (const { name, path } of DESK_PAGES) {
        await test.step(name, async () => {
          await page.goto(`${proxy.url}${path}`, { waitUntil: "commit" });
          // The whole shell has trickled in and is painted before the rest of the page is let through.
          await expect.poll(() => proxy.waiting(), { timeout: 20_000 }).toBe(0);
          await page.waitForFunction(() => performance.getEntriesByType("paint").some((e) => e.name === "first-contentful-paint"));
          if (proxy.held() > 0) streamed++;
          // The browser rendered nothing until the whole shell was in (AppShell's expect link): its first frame had it.
          const firstFrame = await page.evaluate(() => (window as unknown as { __firstFrame: string }).__firstFrame);
          expect.soft(firstFrame, `${name}'s first frame`).not.toBe("part of the shell");
          if (firstFrame === "whole shell") wholeFirstFrames++;
          proxy.release();
          await page.waitForLoadState("load");
          // Whatever a page changes right after hydration (a status from the browser's clock, a live badge) is painted.
          await untilSettled(page);
          const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; at: number; what: string[] }[] }).__shifts);
          const total = shifts.reduce((sum, s) => sum + s.value, 0);
          expect.soft(total, `${name} at ${viewport.width} px moved while it loaded:\n${shifts.map((s) => `  ${s.value.toFixed(4)} at ${s.at} ms: ${s.what.join("; ")}`).join("\n")}`).toBeLessThan(MOST);
        });
      }
      // The hold itself took place: most pages stream a segment (a check that held nothing would pass unseen).
      expect(streamed, "pages whose streamed segments the proxy held").toBeGreaterThanOrEqual(DESK_PAGES.length / 2);
      expect(wholeFirstFrames, "desk pages whose first frame had the whole shell").toBeGreaterThanOrEqual(DESK_PAGES.length - 2);
    } finally {
      await context.close();
      proxy.server.closeAllConnections();
      await new Promise((resolve) => proxy.server.close(resolve));
    }
  });
}
