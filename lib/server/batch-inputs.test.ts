import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BatchLine } from "@/lib/alpha/batch";
import { toJsonl } from "@/components/batches/batch-lines";
import { callAlpha } from "./alpha-proxy";
import { getBatchInput } from "./batch-inputs";
import type { RunningServer } from "./embedded-service";
import { saveAlphaKey } from "./key-vault";
import type { TestDesk } from "@/test/support/desk";
import { createTestDesk, makeAccount, makeUser, startTestService } from "@/test/support/desk";

describe("the input lines the desk keeps for batch jobs", () => {
  let service: RunningServer;
  let desk: TestDesk;
  beforeAll(async () => {
    service = await startTestService();
    desk = await createTestDesk({ config: { alphaBaseUrl: service.url } });
  });
  afterAll(async () => {
    await desk.close();
    await service.close();
  });

  async function userWithKey() {
    const user = await makeUser(desk.ctx);
    await saveAlphaKey(user.id, makeAccount(service, { retentionOptOut: true }).key, desk.ctx);
    return user;
  }

  const lines: BatchLine[] = [
    { custom_id: "a", symbols: ["TCS"], mode: "news_context", context_window_days: 2 },
    { custom_id: "b", items: [{ symbol: "INFY", exposure: 3 }] },
  ];

  it("are written by the server from the upload the service accepted, for the owner only", async () => {
    const ctx = desk.ctx;
    const [owner, stranger] = [await userWithKey(), await userWithKey()];
    const job = await callAlpha(owner, "createBatchJob", { body: { file: toJsonl(lines), display_name: "kept" } }, { ctx });
    expect(job.meta.recordId).toBe(job.data.id);
    expect(await getBatchInput(owner, job.data.id, ctx)).toMatchObject({ jobId: job.data.id, displayName: "kept", lineCount: 2, lines });
    expect(await getBatchInput(stranger, job.data.id, ctx)).toBeNull();
  });

  it("are not kept under the content-retention opt-out, nor for an upload the service refused", async () => {
    const ctx = desk.ctx;
    const owner = await userWithKey();
    const job = await callAlpha(owner, "createBatchJob", { body: { file: toJsonl(lines) } }, { ctx, retention: "none" });
    expect(job.meta.recordId).toBeNull();
    expect(await getBatchInput(owner, job.data.id, ctx)).toBeNull();
    await expect(callAlpha(owner, "createBatchJob", { body: { file: `${toJsonl(lines)}{"custom_id":"a","symbols":["TCS"]}\n` } }, { ctx })).rejects.toMatchObject({ status: 400 });
    const rows = await ctx.db.selectFrom("batch_inputs" as never).selectAll().where("user_id" as never, "=", owner.id as never).execute();
    expect(rows).toHaveLength(0);
  });
});
