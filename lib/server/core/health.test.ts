import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { DeskContext } from "../core/context";
import { createDeskContext } from "../core/context";
import { tempDir } from "@/test/support/desk";
import { deskRoute } from "../routes";

const opened: DeskContext[] = [];
afterAll(async () => {
  for (const ctx of opened) await ctx.close();
});

async function desk(redisUrl?: string): Promise<DeskContext> {
  const ctx = await createDeskContext({
    sqlitePath: join(tempDir(), "desk.db"),
    redisUrl,
    secrets: { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) },
    config: { alphaBaseUrl: "http://127.0.0.1:9" },
  });
  opened.push(ctx);
  return ctx;
}

const ask = (ctx: DeskContext) => deskRoute("health", { ctx })(new Request("http://desk.test/api/health"));

describe("GET /api/health", () => {
  it("answers 200 for the one-process default: SQLite, memory, timers", async () => {
    const ctx = await desk();
    const response = await ask(ctx);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { status: "ok", instance: ctx.instanceId, database: { ok: true, kind: "sqlite" }, shared: { ok: true, kind: "memory" }, jobs: { kind: "memory" } } });
  });

  it("answers 503 when the shared store cannot be reached, without naming where it is", async () => {
    // Nothing listens on port 9 (discard): Redis is unreachable.
    const ctx = await desk("redis://127.0.0.1:9");
    const response = await ask(ctx);
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ data: { status: "unavailable", database: { ok: true }, shared: { ok: false, kind: "redis" } } });
    expect(text).not.toMatch(/127\.0\.0\.1|redis:\/\//);
  });
});
