import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BatchLine } from "@/lib/alpha/batch";
import { toJsonl } from "@/components/batches/batch-lines";
import { callAlpha } from "./alpha-proxy";
import { getBatchInput, saveBatchInput } from "./batch-inputs";
import type { RunningServer } from "./embedded-service";
import { saveAlphaKey } from "./key-vault";
import type { TestDesk } from "./testing";
import { createTestDesk, makeAccount, makeUser, startTestService } from "./testing";

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
    await saveAlphaKey(user.id, makeAccount(service).key, desk.ctx);
    return user;
  }

  it("keeps the lines of the user's own job, and of no one else's", async () => {
    const ctx = desk.ctx;
    const [owner, stranger] = [await userWithKey(), await userWithKey()];
    const lines: BatchLine[] = [
      { custom_id: "a", symbols: ["TCS"], mode: "news_context", context_window_days: 2 },
      { custom_id: "b", items: [{ symbol: "INFY", exposure: 3 }] },
    ];
    const job = await callAlpha(owner, "createBatchJob", { body: { file: toJsonl(lines), display_name: "kept" } }, { ctx });
    const jobId = job.data.id;

    await expect(saveBatchInput(owner, jobId, { lines: lines.slice(0, 1) }, ctx)).rejects.toMatchObject({ code: "invalid_body" });
    await expect(saveBatchInput(stranger, jobId, { lines }, ctx)).rejects.toMatchObject({ code: "not_found", status: 404 });
    await expect(saveBatchInput(owner, jobId, { lines: [{ custom_id: "x" } as BatchLine, ...lines.slice(1)] }, ctx)).rejects.toMatchObject({ code: "invalid_body" });

    const saved = await saveBatchInput(owner, jobId, { display_name: "kept", lines }, ctx);
    expect(saved).toMatchObject({ jobId, displayName: "kept", lineCount: 2, lines });
    expect(await getBatchInput(owner, jobId, ctx)).toMatchObject({ lines });
    expect(await getBatchInput(stranger, jobId, ctx)).toBeNull();
  });
});
