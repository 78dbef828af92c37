import "server-only";
/**
 * For load balancers and rolling deploys: 200 when this instance reaches its database and shared store, 503 otherwise,
 * with the same body. It names kinds and timings, never an address, a URL or a secret.
 */
import { sql } from "kysely";
import type { z } from "zod";
import type { healthSchema } from "@/lib/desk/routes";
import type { DeskContext } from "./context";
import { env } from "./env";
import { reply, type DeskReply } from "./reply";

const CHECK_TIMEOUT_MS = 2_000;

async function timed(check: () => Promise<unknown>): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), CHECK_TIMEOUT_MS)))]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch {
    return { ok: false, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

export async function checkHealth({ ctx }: { ctx: DeskContext }): Promise<z.infer<typeof healthSchema>> {
  const [database, shared] = await Promise.all([timed(() => sql`SELECT 1`.execute(ctx.db)), timed(() => ctx.shared.ping())]);
  return {
    status: database.ok && shared.ok ? "ok" : "unavailable",
    instance: ctx.instanceId,
    deployment: env.NEXT_DEPLOYMENT_ID ?? null,
    database: { ...database, kind: ctx.dialect },
    shared: { ...shared, kind: ctx.shared.kind },
    jobs: { kind: ctx.jobs.kind },
  };
}

export async function answerHealth({ ctx }: { ctx: DeskContext }): Promise<DeskReply<z.infer<typeof healthSchema>>> {
  const health = await checkHealth({ ctx });
  return reply(health, { status: health.status === "ok" ? 200 : 503 });
}
