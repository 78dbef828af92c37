import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../lib/alpha/errors";
import { streamUrl } from "../lib/alpha/streams";
import { revokeApiKey, setAccountStatus } from "./accounts";
import type { RunningServer } from "./server";
import { startServer } from "./server";
import { openDatabase } from "./store/db";
import { TestClient } from "../test/support/service-streams";
import { makeTestContext } from "../test/support/service-summaries";
import { createTestAccount } from "../test/support/service";

/** Edges outside the app's handlers, against the real HTTP + WebSocket server. */

let running: RunningServer;
let dir: string;
let dbPath: string;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "alpha-hard-edges-"));
  dbPath = join(dir, "service.db");
  running = await startServer({ databasePath: dbPath, port: 0, simulator: false }, { seed: false });
  port = Number(new URL(running.url).port);
});
afterAll(async () => {
  await running.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes raw bytes on a fresh connection and resolves with everything the server sent before closing. */
function rawExchange(bytes: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = data.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body });
    });
    setTimeout(() => socket.end(), 3_000).unref();
  });
}

const errorOf = (text: string) => errorBodySchema.parse(JSON.parse(text)).error;

describe("hard edges of the service's port", () => {
  it.each([
    ["/v1/daily-summary/", "application/json"],
    ["/v1/batch/jobs", "multipart/form-data; boundary=x"],
  ])("cuts a chunked body to %s off at the cap with 413 in the error shape, without reading it all", async (path, contentType) => {
    const { key } = createTestAccount(running.service.ctx, { balance: 100 });
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const result = await new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
      let sentBytes = 0;
      let answered = false;
      const req = request(
        { host: "127.0.0.1", port, path, method: "POST", headers: { "X-API-Key": key, "Content-Type": contentType, "Transfer-Encoding": "chunked" } },
        (res) => {
          answered = true;
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sentBytes }));
        },
      );
      req.on("error", (error) => (answered ? undefined : reject(error)));
      const pump = () => {
        // Up to 300 MB, as in the report; the server must answer long before.
        while (!answered && sentBytes < 300 * 1024 * 1024) {
          sentBytes += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(errorOf(result.body)).toMatchObject({ code: "payload_too_large" });
    expect(result.sentBytes).toBeLessThan(64 * 1024 * 1024);
  });

  it("answers oversized headers with 431, and a malformed request, a `*` target or no Host with 400, all in the error shape", async () => {
    const big = await rawExchange(`GET /v1/account HTTP/1.1\r\nHost: x\r\nX-Filler: ${"a".repeat(40_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expect(big.headers).toMatch(/content-type: application\/json/i);
    expect(errorOf(big.body).code).toBe("request_header_fields_too_large");
    const garbage = await rawExchange("THIS IS NOT HTTP\r\n\r\n");
    expect(garbage.status).toBe(400);
    expect(errorOf(garbage.body).code).toBe("bad_request");
    for (const target of ["GET * HTTP/1.1\r\nHost: x\r\n\r\n", "GET /v1/account HTTP/1.1\r\n\r\n"]) {
      const odd = await rawExchange(target);
      expect(odd.status, target).toBe(400);
      expect(errorOf(odd.body).code).toBe("bad_request");
    }
  });

  it("answers /v1/ws without an upgrade with 426 saying what to do, and a bad handshake with a JSON 400", async () => {
    const plain = await fetch(`${running.url}/v1/ws`);
    expect(plain.status).toBe(426);
    expect(plain.headers.get("upgrade")).toBe("websocket");
    expect(errorOf(await plain.text())).toMatchObject({ code: "upgrade_required", message: expect.stringContaining("WebSocket") });

    const { key } = createTestAccount(running.service.ctx);
    const bad = await rawExchange(
      `GET /v1/ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nX-API-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: not-a-key\r\n\r\n`,
    );
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body)).toMatchObject({ code: "invalid_upgrade", message: expect.stringContaining("Sec-WebSocket-Key") });
    const noVersion = await rawExchange(
      `GET /v1/ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nX-API-Key: ${key}\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
    );
    expect(noVersion.status).toBe(400);
    expect(errorOf(noVersion.body).code).toBe("invalid_upgrade");
  });

  it("closes a socket within a second when another process revokes its key or disables its account, and drops a withdrawn add-on", async () => {
    // The CLI's writes, made on a second connection to the same database file.
    const cli = makeTestContext({ db: openDatabase(dbPath) });
    try {
      const revoked = createTestAccount(running.service.ctx, { plan: "pro" });
      const a = await TestClient.connect(streamUrl(running.url), revoked.key);
      a.subscribe("news", ["TCS"]);
      await a.next((f) => f.status === "subscribed");
      let t0 = Date.now();
      revokeApiKey({ ctx: cli, input: { keyId: revoked.keyId } });
      expect(await a.next((f) => f.code === "key_revoked", "key_revoked", 1_000)).toMatchObject({ error: expect.stringContaining("revoked") });
      expect((await a.waitClosed(1_000)).code).toBe(1008);
      expect(Date.now() - t0).toBeLessThan(1_000);

      const disabled = createTestAccount(running.service.ctx, { plan: "pro" });
      const b = await TestClient.connect(streamUrl(running.url), disabled.key);
      t0 = Date.now();
      setAccountStatus({ ctx: cli, input: { accountId: disabled.account.id, status: "disabled" } });
      await b.next((f) => f.code === "account_disabled", "account_disabled", 1_000);
      await b.waitClosed(1_000);
      expect(Date.now() - t0).toBeLessThan(1_000);

      const downgraded = createTestAccount(running.service.ctx, { plan: "pro" });
      const c = await TestClient.connect(streamUrl(running.url), downgraded.key);
      c.subscribe("news", []);
      await c.next((f) => f.status === "subscribed" && f.product === "news");
      c.subscribe("alerts", ["TCS"]);
      await c.next((f) => f.status === "subscribed" && f.product === "alerts");
      // A plan change to starter_100: no full feed any more; alerts stays.
      cli.db
        .prepare("UPDATE accounts SET plan_id = 'starter', websocket_addons = ? WHERE id = ?")
        .run(JSON.stringify(["news", "alerts"].map((product) => ({ product, tier: "starter_100", enabled: true }))), downgraded.account.id);
      const dropped = await c.next((f) => f.code === "forbidden", "forbidden", 1_000);
      expect(dropped).toMatchObject({ product: "news" });
      expect(c.closed).toBeNull();
      c.close();
    } finally {
      cli.db.close();
    }
  });
});
