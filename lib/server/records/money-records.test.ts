import { deskRoute } from "../routes";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import type { RunningServer } from "../core/embedded-service";
import { getSpendSeries } from "./spend";
import { getSummary, listSummaries } from "./summaries";
import type { TestDesk } from "@/test/support/desk";
import { browserRequest, makeUserWithKey, withServiceAndDesk } from "@/test/support/desk";

let service: RunningServer;
let desk: TestDesk;
withServiceAndDesk((s, d) => ((service = s), (desk = d)));

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(join(dir, e.name)) : e.name === "route.ts" ? [join(dir, e.name)] : []));
}

describe("the server owns every money record", () => {
  it("writes the summary history from the upstream answer and its charge, and answers a repeat from it at 0 credits", async () => {
    const ctx = desk.ctx;
    const { user, key } = await makeUserWithKey({ ctx, service });
    const balance = async () => (await createAlphaClient({ baseUrl: service.url, apiKey: key }).getAccount({})).data.data.balance;
    const before = await balance();
    const post = async (label: string, fresh = false) => {
      const request = await browserRequest(ctx, user, `/api/alpha/v1/daily-summary/?label=${encodeURIComponent(label)}${fresh ? "&fresh=1" : ""}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ symbols: ["TCS", "INFY"], mode: "news_context", context_window_days: 7 }),
      });
      const response = await deskRoute("alphaGet", { ctx })(request);
      expect(response.status).toBe(200);
      return (await response.json()) as { data: { status: string; summary: string }; meta: { creditsCharged: number; cached: boolean; recordId: string } };
    };
    const first = await post("Watchlist “Core”");
    const charged = before - (await balance());
    expect(first.meta.creditsCharged).toBe(charged);
    const entry = await getSummary({ user, id: first.meta.recordId, ctx });
    expect(entry).toMatchObject({ status: first.data.status, summary: first.data.summary, credits: charged, source: "Watchlist “Core”" });

    const again = await post("Typed symbols");
    if (first.data.status === "success") {
      // A paid result is reused: the same record, nothing charged upstream.
      expect(again.meta).toMatchObject({ creditsCharged: 0, cached: true, recordId: first.meta.recordId });
      expect(await balance()).toBe(before - charged);
      // Asked for again on purpose (fresh): a new paid summary and a new record.
      const fresh = await post("Typed symbols", true);
      expect(fresh.meta.cached).toBe(false);
      expect(fresh.meta.recordId).not.toBe(first.meta.recordId);
      expect(before - (await balance())).toBe(charged + fresh.meta.creditsCharged);
    }
    expect((await listSummaries({ user, ctx })).map((e) => e.credits).reduce((a, b) => a + b, 0)).toBe(before - (await balance()));
    expect((await getSpendSeries({ input: { userId: user.id, range: "24h" }, ctx })).total).toBe(before - (await balance()));
  });

  it("has no route that takes an upstream body or a credit figure from the browser", () => {
    const files = routeFiles(join(process.cwd(), "app/api"));
    const summaries = readFileSync(join(process.cwd(), "app/api/summaries/route.ts"), "utf8");
    const inputs = readFileSync(join(process.cwd(), "app/api/batches/[id]/input/route.ts"), "utf8");
    expect(summaries).not.toMatch(/export const POST = deskRoute/);
    expect(inputs).not.toMatch(/export const (PUT|POST) = deskRoute/);
    for (const file of files) expect(readFileSync(file, "utf8"), file).not.toMatch(/RecordSummary|SaveBatchInput|recordSpend/);
  });
});
