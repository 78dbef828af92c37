import { describe, expect, it, vi } from "vitest";
import { liveUrl } from "@/lib/query/live";
import { liveQuerySchema } from "@/lib/desk/live";
import { liveHub, type LiveRow, union } from "./live-hub";
import { streamOpenedBy } from "@/test/support/fake-event-source";

describe("one stream per tab", () => {
  it("carries the union of what the tab's components follow", () => {
    expect(union([
      { products: ["alerts"], symbols: ["TCS"], important: false, pollAll: false },
      { products: ["news"], symbols: ["INFY", "TCS"], important: false, pollAll: false },
    ])).toEqual({ products: ["alerts", "news"], symbols: ["TCS", "INFY"], important: false, pollAll: false });
    // One component wanting every symbol widens the stream to every symbol.
    expect(union([
      { products: ["alerts"], symbols: ["TCS"], important: true, pollAll: false },
      { products: ["alerts"], symbols: [], important: false, pollAll: false },
    ])).toMatchObject({ symbols: [], important: false });
  });

  it("names a subscription by one stable URL the relay parses back", () => {
    const url = liveUrl({ products: ["news", "alerts"], symbols: ["infy", "TCS", "INFY"], important: true });
    expect(url).toBe("/api/live?products=alerts%2Cnews&symbols=INFY%2CTCS&important=1");
    const params = new URL(url, "http://desk").searchParams;
    expect(liveQuerySchema.parse(Object.fromEntries(params))).toEqual({ products: ["alerts", "news"], symbols: ["INFY", "TCS"], important: true, detailed: true, poll_all: false });
  });
});

describe("the hub's events", () => {
  it("checks each event against its schema (loaded on demand) and hands on rows in the order they came", async () => {
    try {
      const rows: LiveRow[] = [];
      const { source, opened: registration } = await streamOpenedBy(() => liveHub().register({ products: ["alerts"], symbols: [], important: false, pollAll: false, onRow: (row) => rows.push(row) }));
      expect(source.url).toBe("/api/live?products=alerts");
      source.send("status", { product: "alerts", state: "connected", message: "On the stream.", at: "2026-11-24T10:00:00Z" });
      source.send("status", { product: "alerts", state: "sleeping", message: "not a state", at: "2026-11-24T10:00:01Z" });
      source.send("alerts", { id: "a1", symbol: "TCS", type: "price_alert" });
      source.send("alerts", { symbol: "INFY" });
      source.send("alerts", "{not json");
      source.send("alerts", { id: "a2", symbol: "INFY" });
      source.send("alerts", { id: "a1", symbol: "TCS" });
      source.send("poll", { product: "alerts", at: "2026-11-24T10:00:02Z", items: "three", creditsCharged: 0 });
      await vi.waitFor(() => expect(rows.map((r) => r.id)).toEqual(["a1", "a2"]));
      expect(liveHub().getSnapshot().statuses.alerts).toMatchObject({ state: "connected", message: "On the stream." });
      expect(liveHub().getSnapshot().polls).toEqual({});
      registration.unregister();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("tells the page of a burst of events once, after the task that brought them, with the snapshot already current", async () => {
    const hub = liveHub();
    let told = 0;
    const off = hub.subscribe(() => (told += 1));
    try {
      const { source, opened: registration } = await streamOpenedBy(() => hub.register({ products: ["news"], symbols: ["TCS"], important: false, pollAll: false, onRow: () => undefined }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      told = 0;
      // What one network read of a new stream brings, dispatched by the browser in one task.
      source.onopen?.();
      source.send("status", { product: "news", state: "polling", message: "Checked every 30 s.", at: "2026-11-24T10:00:00Z", pollEveryMs: 30_000 });
      source.send("poll", { product: "news", at: "2026-11-24T10:00:01Z", items: 0, creditsCharged: 0 });
      expect(hub.getSnapshot()).toMatchObject({ connection: "open", statuses: { news: { state: "polling" } }, polls: { news: { items: 0 } } });
      expect(told).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(told).toBe(1);
      registration.unregister();
    } finally {
      off();
      vi.unstubAllGlobals();
    }
  });
});
