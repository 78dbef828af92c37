import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_TRANSCRIPT_BYTES, readTranscriptText } from "./concall-transcripts";
import type { RunningServer } from "../core/embedded-service";
import { issueApiKey } from "../core/embedded-service";
import { saveAlphaKey } from "./stored-keys";
import { deskRoute } from "../routes";
import { checkedResultLines } from "./batch-results";
import type { TestDesk } from "@/test/support/desk";
import { upstreamByteCap } from "../core/upstream-fetch";
import { browserRequest, createTestDesk, makeAccount, makeUser, makeUserWithKey, runBatchJob, storeKeyUnchecked, withServiceAndDesk } from "@/test/support/desk";
import { upstreamStream } from "./upstream-stream";
import type { SessionUser } from "../identity/users";

const MB = 1024 * 1024;
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return `http://127.0.0.1:${address.port}`;
}

/** A chunked answer of `total` bytes written as fast as the reader lets it; `written` counts what left the server. */
function chunkedAnswer(total: number) {
  const state = { written: 0, closed: false };
  const line = Buffer.from(`${JSON.stringify({ id: "r", custom_id: "c", status: "completed", response: { status_code: 200, body: { summary: "x".repeat(900) } } })}\n`);
  const block = Buffer.concat(Array.from({ length: Math.ceil((64 * 1024) / line.length) }, () => line));
  const handler: http.RequestListener = (_req, res) => {
    res.writeHead(200, { "content-type": "application/jsonl" });
    res.on("close", () => (state.closed = true));
    const pump = () => {
      while (state.written < total && !state.closed) {
        state.written += block.length;
        if (!res.write(block)) return void res.once("drain", pump);
      }
      if (!state.closed) res.end();
    };
    pump();
  };
  return { state, handler };
}

describe("upstreamStream: large answers flow under the endpoint's cap", () => {
  it("a 96 MB chunked batch result is read only as it is pulled, and cut at the 64 MB cap with the connection dropped", async () => {
    const answer = chunkedAnswer(96 * MB);
    const url = await serve(answer.handler);
    const path = "/v1/batch/jobs/job_big/results";
    const cap = upstreamByteCap(path);
    expect(cap).toBe(64 * MB);
    const stream = await upstreamStream(`${url}${path}`);
    expect(stream.status).toBe(200);
    // Nothing pulled: the server is held back by the sockets' buffers, far below the answer.
    await new Promise((r) => setTimeout(r, 300));
    const heldBack = answer.state.written;
    expect(heldBack).toBeLessThan(16 * MB);

    let received = 0;
    let bufferPeak = 0;
    const buffersBefore = process.memoryUsage().arrayBuffers;
    const failure = await (async () => {
      try {
        for await (const chunk of stream.body) {
          received += chunk.length;
          bufferPeak = Math.max(bufferPeak, process.memoryUsage().arrayBuffers - buffersBefore);
        }
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toMatchObject({ code: "upstream_contract_violation", status: 502, message: expect.stringContaining("64 MB") });
    // Read: the cap and at most the one chunk that crossed it; passed on: never beyond the cap.
    expect(stream.bytesRead()).toBeGreaterThan(cap);
    expect(stream.bytesRead() - cap).toBeLessThan(MB);
    expect(received).toBeLessThanOrEqual(cap);
    await new Promise((r) => setTimeout(r, 100));
    expect(answer.state.closed).toBe(true);
    expect(answer.state.written).toBeLessThan(cap + 16 * MB);
    console.info(JSON.stringify({ capBytes: cap, bytesRead: stream.bytesRead(), passedOn: received, serverWrote: answer.state.written, heldBackUnread: heldBack, bufferPeakMBWithGarbage: Math.round(bufferPeak / MB) }));
  }, 30_000);

  it("a declared Content-Length over the cap is refused before any body is read", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-length": String(70 * MB) });
      res.write("x");
    });
    await expect(upstreamStream(`${url}/v1/batch/jobs/j/results`)).rejects.toMatchObject({ code: "upstream_contract_violation" });
  });

  it("answers outside the contract fail before the body: a redirect, a negative charge, an error body of another shape; a contract error is the client's", async () => {
    const url = await serve((req, res) => {
      if (req.url?.includes("redirect")) return void (res.writeHead(302), res.end());
      if (req.url?.includes("charge")) return void (res.writeHead(200, { "x-credits-charged": "-3" }), res.end("{}"));
      if (req.url?.includes("html")) return void (res.writeHead(400, { "content-type": "text/html" }), res.end("<h1>db-7.local</h1>"));
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "not_found", message: "No such batch job" } }));
    });
    await expect(upstreamStream(`${url}/v1/redirect`)).rejects.toMatchObject({ code: "upstream_contract_violation", message: expect.stringContaining("redirect") });
    await expect(upstreamStream(`${url}/v1/charge`)).rejects.toMatchObject({ code: "upstream_contract_violation", message: expect.stringContaining("X-Credits-Charged") });
    const html = await upstreamStream(`${url}/v1/html`).catch((e: unknown) => e);
    expect(html).toMatchObject({ code: "upstream_contract_violation" });
    expect(String((html as Error).message)).not.toContain("db-7");
    await expect(upstreamStream(`${url}/v1/batch/jobs/x/results`)).rejects.toMatchObject({ code: "not_found", status: 404 });
  });
});

async function* chunksOf(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function collect(lines: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of lines) parts.push(part);
  return Buffer.concat(parts).toString("utf8");
}

describe("checkedResultLines", () => {
  const good = (i: number) => JSON.stringify({ id: `r${i}`, custom_id: `c${i}`, status: "completed", response: { status_code: 200, body: { summary: `## ₹ ${i}` } } });

  it("passes the bytes as they came, whatever the chunking (lines and multi-byte characters split across chunks)", async () => {
    const text = `${[1, 2, 3].map(good).join("\n")}\n\n${good(4)}`;
    for (const size of [1, 3, 7, 64, 10_000]) expect(await collect(checkedResultLines(chunksOf(text, size)))).toBe(text);
  });

  it("refuses a line outside the contract, and one that is not JSON, naming the line; nothing after it passes", async () => {
    const passed: string[] = [];
    const bad = `${good(1)}\n${JSON.stringify({ id: "r2", status: "completed" })}\n${good(3)}\n`;
    await expect(
      (async () => {
        for await (const part of checkedResultLines(chunksOf(bad, 5))) passed.push(part.toString());
      })(),
    ).rejects.toMatchObject({ code: "upstream_contract_violation", message: expect.stringContaining("Line 2") });
    expect(passed.join("")).not.toContain("r3");
    await expect(collect(checkedResultLines(chunksOf(`${good(1)}\nnot json\n`, 100)))).rejects.toMatchObject({ message: expect.stringContaining("Line 2 of the job's results is not JSON") });
    await expect(collect(checkedResultLines(chunksOf("x".repeat(5000), 100), 1000))).rejects.toMatchObject({ message: expect.stringContaining("longer than 1000 bytes") });
  });
});

describe("GET /api/batches/[id]/results.jsonl", () => {
  let service: RunningServer;
  let desk: TestDesk;
  withServiceAndDesk((s, d) => ((service = s), (desk = d)));

  const route = (ctx = desk.ctx) => deskRoute("downloadBatchResults", { ctx });
  async function download(user: SessionUser | null, jobId: string, ctx = desk.ctx): Promise<Response> {
    const request = await browserRequest(ctx, user, `/api/batches/${encodeURIComponent(jobId)}/results.jsonl`);
    return route(ctx)(request, { params: { id: jobId } });
  }

  it("streams a finished job's every line, byte for byte what the service sends its key; another key of the account gets 404", async () => {
    const ctx = desk.ctx;
    const { user, accountId, key } = await makeUserWithKey({ ctx, service });
    const lines = ["TCS", "INFY", "RELIANCE", "HDFCBANK"].map((symbol, i) => ({ custom_id: `l${i}`, symbols: [symbol], mode: "news_context" as const, context_window_days: 7 }));
    const { job, status } = await runBatchJob(ctx, user, lines);
    expect(status).toBe("completed");

    const response = await download(user, job.data.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    expect(response.headers.get("content-disposition")).toContain(`${job.data.id}-results.jsonl`);
    const streamed = Buffer.from(await response.arrayBuffer());
    const direct = await fetch(`${service.url}/v1/batch/jobs/${job.data.id}/results`, { headers: { "X-API-Key": key } });
    expect(direct.status).toBe(200);
    expect(streamed.equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
    const ids = streamed.toString("utf8").trim().split("\n").map((l) => (JSON.parse(l) as { custom_id: string }).custom_id);
    expect(ids.sort()).toEqual(["l0", "l1", "l2", "l3"]);
    expect(streamed.toString("utf8")).not.toContain(key);

    // Batch jobs are the key's: a colleague on another key of the same account does not see this one.
    const colleague = await makeUser(ctx);
    await saveAlphaKey({ userId: colleague.id, key: issueApiKey({ ctx: service.service.ctx, input: { accountId } }).key, ctx });
    const theirs = await download(colleague, job.data.id);
    expect(theirs.status).toBe(404);
  }, 30_000);

  it("asks for a session and a stored key", async () => {
    expect((await download(null, "batch_x")).status).toBe(401);
    const keyless = await makeUser(desk.ctx);
    const answer = await download(keyless, "batch_x");
    expect(answer.status).toBe(428);
  });

  it("a line outside the contract aborts the download: the body fails, never a file that looks whole", async () => {
    const good = JSON.stringify({ id: "r1", custom_id: "c1", status: "completed", response: { status_code: 200, body: { summary: "fine" } } });
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/jsonl" });
      res.end(`${good}\n${JSON.stringify({ id: "r2", custom_id: 7 })}\n${good.replace("r1", "r3")}\n`);
    });
    const other = await createTestDesk({ config: { alphaBaseUrl: url } });
    try {
      const user = await makeUser(other.ctx);
      const { accountId } = makeAccount(service);
      // Stored without asking upstream: the fake knows no accounts.
      await storeKeyUnchecked(other.ctx, user.id, "ak_test_fake", accountId);
      const response = await download(user, "batch_bad", other.ctx);
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow(/Line 2 of the job's results is outside/);
    } finally {
      await other.close();
    }
  });
});

describe("the transcript reader reads through the streaming path", () => {
  it("a chunked transcript past 2 MB is refused after reading at most the cap and one chunk; one under it is read whole", async () => {
    const big = chunkedAnswer(40 * MB);
    let small = false;
    const url = await serve((req, res) => {
      if (req.url?.startsWith("/v1/assets/transcripts/small.txt")) {
        small = true;
        res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
        return void res.end("Operator: Good evening — ₹ and all.");
      }
      big.handler(req, res);
    });
    const other = await createTestDesk({ config: { alphaBaseUrl: url } });
    try {
      const link = (name: string) => `${url}/v1/assets/transcripts/${name}.txt?expires=9999999999&signature=abc`;
      await expect(readTranscriptText({ ctx: other.ctx, input: { url: link("big") } })).rejects.toMatchObject({ code: "payload_too_large", status: 413 });
      await new Promise((r) => setTimeout(r, 100));
      expect(big.state.closed).toBe(true);
      expect(big.state.written).toBeLessThan(MAX_TRANSCRIPT_BYTES + 16 * MB);
      const read = await readTranscriptText({ ctx: other.ctx, input: { url: link("small") } });
      expect(small).toBe(true);
      expect(read.text).toBe("Operator: Good evening — ₹ and all.");
    } finally {
      await other.close();
    }
  });
});
