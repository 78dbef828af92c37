import "server-only";
/**
 * A batch job's results streamed as a download, each line checked against the contract as it passes: a bad line or an
 * answer past the cap aborts the file, so a partial file never looks whole. Free, so no spend row.
 */
import { prepareRequest } from "@/lib/alpha/client";
import { batchResultLineSchema } from "@/lib/alpha/batch";
import { AlphaError } from "@/lib/alpha/errors";
import type { DeskContext } from "../core/context";
import type { DeskFile } from "../core/reply";
import { withUserKey } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { assertJobVisible } from "../teams/visibility";
import { mapUpstreamError } from "./alpha-proxy";
import { assertNotBackingOff, backOff, rememberRpm } from "./background-budget";
import type { UpstreamStream } from "./upstream-stream";
import { upstreamStream } from "./upstream-stream";

/** One result line is a summary with its details: far below this. */
export const MAX_RESULT_LINE_BYTES = 4 * 1024 * 1024;
const NEWLINE = 0x0a;

function checkLine(line: Buffer, number: number): void {
  const text = line.toString("utf8");
  if (text.trim() === "") return;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AlphaError("upstream_contract_violation", `Line ${number} of the job's results is not JSON`);
  }
  const parsed = batchResultLineSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AlphaError("upstream_contract_violation", `Line ${number} of the job's results is outside the Alpha API's interface (${issue?.path.join(".") || "line"}: ${issue?.message ?? "invalid"})`);
  }
}

/** The body's bytes as they came, released a chunk's worth of whole lines at a time, each line checked first. */
export async function* checkedResultLines(chunks: AsyncIterable<Buffer>, maxLine = MAX_RESULT_LINE_BYTES): AsyncGenerator<Buffer> {
  let pending: Buffer = Buffer.alloc(0);
  let number = 0;
  for await (const chunk of chunks) {
    const data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
      checkLine(data.subarray(start, end), ++number);
      start = end + 1;
    }
    pending = Buffer.from(data.subarray(start));
    if (pending.length > maxLine) throw new AlphaError("upstream_contract_violation", `Line ${number + 1} of the job's results is longer than ${maxLine} bytes`);
    if (start > 0) yield data.subarray(0, start);
  }
  if (pending.length) {
    checkLine(pending, ++number);
    yield pending;
  }
}

export async function downloadBatchResults({ ctx, user, jobId, signal }: { ctx: DeskContext; user: SessionUser; jobId: string; signal?: AbortSignal }): Promise<DeskFile> {
  const prepared = prepareRequest("getBatchJobResults", { path: { job_id: jobId } });
  const { apiKey, accountId, source } = await withUserKey({ userId: user.id, ctx });
  // On the organisation's key, only the member who submitted the job (and admins) may read it.
  await assertJobVisible({ ctx, user, input: { jobId, source } });
  await assertNotBackingOff({ ctx, accountId });
  let upstream: UpstreamStream;
  try {
    upstream = await upstreamStream(`${ctx.config.alphaBaseUrl.replace(/\/+$/, "")}${prepared.url}`, {
      headers: { ...prepared.headers, "X-API-Key": apiKey },
      timeoutMs: ctx.config.upstreamTimeoutMs,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    const mapped = mapUpstreamError(error, apiKey);
    if (mapped.status === 429) await backOff({ ctx, accountId, retryAfterSeconds: mapped.retryAfter });
    throw mapped;
  }
  const limit = Number(upstream.headers["x-ratelimit-limit"]);
  if (Number.isFinite(limit) && limit > 0) rememberRpm({ ctx, accountId, rpm: limit });

  const lines = checkedResultLines(upstream.body);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value));
      } catch (error) {
        upstream.cancel();
        const message = error instanceof AlphaError ? error.message : String(error);
        console.error(JSON.stringify({ level: "error", msg: "batch results stream broken off", jobId, error: message }));
        controller.error(error);
      }
    },
    async cancel() {
      upstream.cancel();
      await lines.return(undefined).catch(() => undefined);
    },
  });
  return { filename: `${jobId.replace(/[^A-Za-z0-9_-]/g, "_")}-results.jsonl`, contentType: "application/x-ndjson; charset=utf-8", body };
}
