import { describe, expect, it, vi } from "vitest";

/** How many times the rows' schemas (zod and the contract's shapes) were loaded. */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("./live-schemas", async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

import { liveHub, type LiveRow } from "./live-hub";
import { streamOpenedBy } from "@/test/support/fake-event-source";

describe("a stream opening during a page's load (issue 18)", () => {
  it("shows the relay's status and polls without loading zod; the rows' schemas load with the first row", async () => {
    try {
      const rows: LiveRow[] = [];
      const { source, opened: registration } = await streamOpenedBy(() => liveHub().register({ products: ["alerts"], symbols: [], important: false, pollAll: false, onRow: (row) => rows.push(row) }));
      source.onopen?.();
      source.send("status", { product: "alerts", state: "polling", message: "Checking every 30 s.", pollEveryMs: 30_000, at: "2026-11-24T10:00:00Z" });
      source.send("poll", { product: "alerts", at: "2026-11-24T10:00:30Z", items: 0, creditsCharged: 0 });
      // Read at once, with no schema to wait for.
      expect(liveHub().getSnapshot()).toMatchObject({ connection: "open", statuses: { alerts: { state: "polling", pollEveryMs: 30_000 } }, polls: { alerts: { items: 0 } } });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(loads.count).toBe(0);

      source.send("alerts", { id: "a1", symbol: "TCS", type: "price_alert" });
      await vi.waitFor(() => expect(rows.map((r) => r.id)).toEqual(["a1"]));
      expect(loads.count).toBe(1);
      registration.unregister();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
