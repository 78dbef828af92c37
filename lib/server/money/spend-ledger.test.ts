import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { deskRoute } from "../routes";
import { reconcileToday } from "./spend-view";

import { createAlphaClient } from "@/lib/alpha/client";
import { callAlpha } from "../upstream/alpha-proxy";
import type { RunningServer } from "../core/embedded-service";
import { issueApiKey } from "../core/embedded-service";
import { saveAlphaKey } from "../upstream/stored-keys";
import { getSpendSeries } from "../records/spend";
import type { TestDesk } from "@/test/support/desk";
import { browserRequest, makeAccount, makeUser, runBatchJob, withServiceAndDesk } from "@/test/support/desk";

let service: RunningServer;
let desk: TestDesk;
withServiceAndDesk((s, d) => ((service = s), (desk = d)));

describe("spend that adds up", () => {
  it("desk spend of the day + outside the desk = the account's debited_today, after single calls, a finished batch job and direct calls", async () => {
    const ctx = desk.ctx;
    const { accountId, key } = makeAccount(service);
    const admin = await makeUser(ctx, "admin");
    const user = await makeUser(ctx);
    await saveAlphaKey({ userId: user.id, key, ctx });
    await saveAlphaKey({ userId: admin.id, key: issueApiKey({ ctx: service.service.ctx, input: { accountId } }).key, ctx });

    // Single paid calls through the desk.
    const single = [
      await callAlpha({ ctx, user, id: "listNews", input: { query: { symbols: ["TCS"], limit: 5 } } }),
      await callAlpha({ ctx, user, id: "listEarnings", input: { query: { limit: 3 } } }),
      await callAlpha({ ctx, user, id: "listAlerts", input: { query: { limit: 3 } } }),
    ];
    const singleCredits = single.reduce((sum, r) => sum + r.meta.creditsCharged, 0);
    expect(singleCredits).toBeGreaterThan(0);

    // A batch job through the desk, run to the end: its line debits come later, from the service's worker.
    const lines = ["TCS", "INFY", "RELIANCE"].map((symbol, i) => ({ custom_id: `l${i}`, symbols: [symbol], mode: "news_context" as const, context_window_days: 7 }));
    const { job, status } = await runBatchJob(ctx, user, lines);
    expect(status).toBe("completed");

    // Calls straight to the service with the same key, and with another key of the account: outside the desk.
    const direct = createAlphaClient({ baseUrl: service.url, apiKey: key });
    const outside = [await direct.listNews({ query: { symbols: ["INFY"], limit: 4 } }), await direct.listAnnouncements({ query: { limit: 2 } })];
    const outsideCredits = outside.reduce((sum, r) => sum + (r.meta.creditsCharged ?? 0), 0);
    expect(outsideCredits).toBeGreaterThan(0);

    const today = await reconcileToday({ ctx, user });
    const debitedToday = (await direct.getAccountUsage({})).data.data.debited_today;
    expect(today.debitedToday).toBe(debitedToday);
    expect(today.desk + today.outside).toBe(debitedToday);
    expect(today.outside).toBe(outsideCredits);
    expect(today.batchLines).toBe(debitedToday - outsideCredits - singleCredits - job.meta.creditsCharged);
    expect(today.batchLines).toBeGreaterThan(0);

    // The user's own series shows the batch line debits under their endpoint; the admin's view shows outside too.
    const mine = await getSpendSeries({ input: { userId: user.id, range: "24h" }, ctx });
    expect(mine.byEndpoint["batch.summary"]).toBe(today.batchLines);
    expect(mine.total).toBe(today.desk);
    const response = await deskRoute("getSpend", { ctx })(await browserRequest(ctx, admin, "/api/usage/spend?range=24h&scope=all"));
    const { data } = (await response.json()) as { data: { total: number; outside: { total: number }; today: { desk: number; outside: number; debitedToday: number }; byUser: { userId: string; credits: number }[] } };
    expect(data.total + data.outside.total).toBe(debitedToday);
    expect(data.today.desk + data.today.outside).toBe(data.today.debitedToday);
    expect(data.byUser.find((u) => u.userId === user.id)?.credits).toBe(today.desk);

    // More spend outside, then asked again: still to the credit.
    await direct.listNews({ query: { symbols: ["HDFCBANK"], limit: 3 } });
    const again = await reconcileToday({ ctx, user });
    expect(again.debitedToday).toBe((await direct.getAccountUsage({})).data.data.debited_today);
    expect(again.desk + again.outside).toBe(again.debitedToday);
    expect(again.outside).toBeGreaterThan(today.outside);

    // The spend CSV, read as a spreadsheet would: the admin's file sums to the ledger, the member's to their desk spend.
    const csv = async (who: typeof user, scope: string) => deskRoute("exportCharges", { ctx })(await browserRequest(ctx, who, `/api/usage/charges.csv?range=24h&scope=${scope}`));
    const sumCredits = async (response: Response) => {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/csv");
      const parsed = Papa.parse<Record<string, string>>(await response.text(), { header: true, skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      return { rows: parsed.data, credits: parsed.data.reduce((sum, row) => sum + Number(row.credits), 0) };
    };
    const all = await sumCredits(await csv(admin, "all"));
    expect(all.credits).toBe(again.debitedToday);
    expect(all.rows.filter((r) => r.source === "outside the desk").reduce((sum, r) => sum + Number(r.credits), 0)).toBe(again.outside);
    const own = await sumCredits(await csv(user, "me"));
    expect(own.credits).toBe(again.desk);
    expect(new Set(own.rows.map((r) => r.member))).toEqual(new Set([user.email]));
    expect((await csv(user, "all")).status).toBe(403);
    expect((await csv(user, "yesterday")).status).toBe(400);
  });
});
