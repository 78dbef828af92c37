import { describe, expect, it } from "vitest";
import type { BatchLine } from "@/lib/alpha/batch";
import { toJsonl } from "@/components/batches/batch-lines";
import { callAlpha } from "../upstream/alpha-proxy";
import { getBatchInput } from "./batch-inputs";
import type { RunningServer } from "../core/embedded-service";
import { saveAlphaKey } from "../upstream/stored-keys";
import type { TestDesk } from "@/test/support/desk";
import { makeAccount, makeUser, withServiceAndDesk } from "@/test/support/desk";

describe("the input lines the desk keeps for batch jobs", () => {
  let service: RunningServer;
  let desk: TestDesk;
  withServiceAndDesk((s, d) => ((service = s), (desk = d)));

  async function userWithKey() {
    const user = await makeUser(desk.ctx);
    await saveAlphaKey({ userId: user.id, key: makeAccount(service, { retentionOptOut: true }).key, ctx: desk.ctx });
    return user;
  }

  const lines: BatchLine[] = [
    { custom_id: "a", symbols: ["TCS"], mode: "news_context", context_window_days: 2 },
    { custom_id: "b", items: [{ symbol: "INFY", exposure: 3 }] },
  ];

  it("are written by the server from the upload the service accepted, for the owner only", async () => {
    const ctx = desk.ctx;
    const [owner, stranger] = [await userWithKey(), await userWithKey()];
    const job = await callAlpha({ ctx, user: owner, id: "createBatchJob", input: { body: { file: toJsonl(lines), display_name: "kept" } } });
    expect(job.meta.recordId).toBe(job.data.id);
    expect(await getBatchInput({ user: owner, jobId: job.data.id, ctx })).toMatchObject({ jobId: job.data.id, displayName: "kept", lineCount: 2, lines });
    expect(await getBatchInput({ user: stranger, jobId: job.data.id, ctx })).toBeNull();
  });

  it("are not kept under the content-retention opt-out, nor for an upload the service refused", async () => {
    const ctx = desk.ctx;
    const owner = await userWithKey();
    const job = await callAlpha({ ctx, user: owner, id: "createBatchJob", input: { body: { file: toJsonl(lines) } }, options: { retention: "none" } });
    expect(job.meta.recordId).toBeNull();
    expect(await getBatchInput({ user: owner, jobId: job.data.id, ctx })).toBeNull();
    await expect(callAlpha({ ctx, user: owner, id: "createBatchJob", input: { body: { file: `${toJsonl(lines)}{"custom_id":"a","symbols":["TCS"]}\n` } } })).rejects.toMatchObject({ status: 400 });
    const rows = await ctx.db.selectFrom("batch_inputs" as never).selectAll().where("user_id" as never, "=", owner.id as never).execute();
    expect(rows).toHaveLength(0);
  });
});
