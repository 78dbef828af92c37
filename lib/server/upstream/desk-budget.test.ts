import { describe, expect, it } from "vitest";
import { getDeskSpend } from "../money/spend-view";
import { deskRoute } from "../routes";
import { toJsonl } from "@/components/batches/batch-lines";
import { createAlphaClient } from "@/lib/alpha/client";
import { callAlpha } from "./alpha-proxy";
import { knownRpm } from "./background-budget";
import type { RunningServer } from "../core/embedded-service";
import { issueApiKey } from "../core/embedded-service";
import { saveAlphaKey } from "./stored-keys";
import { prepareLiveRelay } from "../live/relay";
import type { TestDesk } from "@/test/support/desk";
import { browserRequest, countingFetch, makeAccount, makeUser, withServiceAndDesk } from "@/test/support/desk";
import { forgetUsageSnapshot, getUsageSnapshot } from "../money/usage";

/** The desk's own calls on a Sandbox account (10 requests a minute), counted at the upstream. */

let service: RunningServer;
let desk: TestDesk;
const counting = countingFetch();

withServiceAndDesk((s, d) => ((service = s), (desk = d)), { fetch: counting.fetch });

describe("the desk's budget for its own calls", () => {
  it("the key check's profile and rpm serve the first pages: the gauge, the live relay and the usage page ask no profile again", async () => {
    const { accountId, key } = makeAccount(service, { plan: "sandbox", balance: 1_000 });
    const user = await makeUser(desk.ctx);
    const put = deskRoute("putAlphaKey", { ctx: desk.ctx });
    const saved = await put(await browserRequest(desk.ctx, user, "/api/settings/alpha-key", { method: "PUT", body: JSON.stringify({ key }) }));
    expect(saved.status).toBe(200);
    expect(counting.count("/v1/account")).toBe(1);
    // The Sandbox's 10 requests a minute are known before the first page: background calls are thrifty from the start.
    expect(knownRpm({ ctx: desk.ctx, accountId })).toBe(10);

    const gauge = await getUsageSnapshot({ user, ctx: desk.ctx });
    expect(gauge.account.account_id).toBe(accountId);
    await prepareLiveRelay({ ctx: desk.ctx, user });
    expect(counting.count("/v1/account")).toBe(1);
    expect(counting.count("/v1/account/usage")).toBe(1);

    // The usage page with nothing spent: desk + outside already equals debited_today, so the ledger is not read.
    const spend = await getDeskSpend({ user, input: { range: "24h", scope: "me" }, ctx: desk.ctx });
    expect(spend.today).toMatchObject({ desk: 0, outside: 0, debitedToday: 0 });
    expect(counting.count("/v1/account/ledger")).toBe(0);
    expect(counting.count("/v1/account/usage")).toBe(1);

    // Spend made with the key outside the desk: the totals disagree, so the next view reads the ledger and adds up.
    const direct = createAlphaClient({ baseUrl: service.url, apiKey: key });
    await direct.listNews({ query: { symbols: ["TCS"], limit: 1 } });
    const afterOutside = (await direct.getAccountUsage({})).data.data.debited_today;
    expect(afterOutside).toBeGreaterThan(0);
    await forgetUsageSnapshot({ ctx: desk.ctx, accountId });
    const reconciled = await getDeskSpend({ user, input: { range: "24h", scope: "me" }, ctx: desk.ctx });
    expect(counting.count("/v1/account/ledger")).toBe(1);
    expect(reconciled.today).toMatchObject({ desk: 0, outside: afterOutside, debitedToday: afterOutside });
  });

  it("a key's batch list is shared a few seconds by every tab of that key, never with another key of the account", async () => {
    const { accountId, key: keyA } = makeAccount(service, { balance: 10_000 });
    const keyB = issueApiKey({ ctx: service.service.ctx, input: { accountId } }).key;
    const alice = await makeUser(desk.ctx);
    const bob = await makeUser(desk.ctx);
    await saveAlphaKey({ userId: alice.id, key: keyA, ctx: desk.ctx });
    await saveAlphaKey({ userId: bob.id, key: keyB, ctx: desk.ctx });
    const before = counting.count("/v1/batch/jobs");
    const input = { query: { limit: 50 } };
    const tabs = await Promise.all([callAlpha({ ctx: desk.ctx, user: alice, id: "listBatchJobs", input }), callAlpha({ ctx: desk.ctx, user: alice, id: "listBatchJobs", input })]);
    await callAlpha({ ctx: desk.ctx, user: alice, id: "listBatchJobs", input });
    expect(counting.count("/v1/batch/jobs") - before).toBe(1);
    expect(tabs[1].meta.cached).toBe(true);
    // Bob's key has its own jobs: his list is asked for with his key.
    await callAlpha({ ctx: desk.ctx, user: bob, id: "listBatchJobs", input });
    expect(counting.count("/v1/batch/jobs") - before).toBe(2);
    // A job submitted through the desk shows at once: the shared list is forgotten.
    const job = await callAlpha({ ctx: desk.ctx, user: alice, id: "createBatchJob", input: { body: { file: toJsonl([{ custom_id: "a", symbols: ["TCS"] }]) } } });
    const listed = await callAlpha({ ctx: desk.ctx, user: alice, id: "listBatchJobs", input });
    expect(listed.data.data.map((j) => j.id)).toContain(job.data.id);
  });
});
