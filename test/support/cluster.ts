/**
 * Several desk instances in one test process that share nothing but PostgreSQL and Redis: each has its own context
 * (database pool, Redis connections, job queue, in-process maps), all on one fresh PostgreSQL schema, one Redis key
 * prefix and one pg-boss schema, with the same secrets (as instances of one deploy have).
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { sql } from "kysely";
import type { DeskConfig, DeskContext } from "../../lib/server/core/context";
import { createDeskContext } from "../../lib/server/core/context";
import { postgresAvailable, TEST_DATABASE_URL } from "./desk";

export const TEST_REDIS_URL = "redis://127.0.0.1:6379";

export async function redisAvailable(url = process.env.TEST_REDIS_URL ?? TEST_REDIS_URL): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * Whether PostgreSQL and Redis answer. In CI both must: the suite fails there rather than skip. Elsewhere the
 * caller skips its tests, and this says so once, plainly.
 */
export async function clusterServersUp(what: string): Promise<boolean> {
  const [pg, redis] = await Promise.all([postgresAvailable(process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL), redisAvailable()]);
  const missing = [pg ? null : "PostgreSQL at 127.0.0.1:5432", redis ? null : "Redis at 127.0.0.1:6379"].filter(Boolean).join(" and ");
  if (missing && process.env.CI) throw new Error(`${missing} must be reachable in CI for ${what}`);
  if (missing) console.warn(`SKIPPED: ${what} need ${missing}, which ${missing.includes(" and ") ? "are" : "is"} not reachable here`);
  return !missing;
}

export interface TestCluster {
  desks: DeskContext[];
  schema: string;
  redisPrefix: string;
  close(): Promise<void>;
}

export async function createTestCluster(options: { instances?: number; config: Partial<DeskConfig> & { alphaBaseUrl: string }; fetch?: typeof fetch[] }): Promise<TestCluster> {
  const secrets = { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) };
  const schema = `desk_cluster_${randomBytes(6).toString("hex")}`;
  const redisPrefix = `desk-test:${randomBytes(6).toString("hex")}:`;
  const config = { upstreamTimeoutMs: 5_000, signInDelayStepMs: 0, signInDelayMaxMs: 0, ...options.config };
  const desks: DeskContext[] = [];
  for (let i = 0; i < (options.instances ?? 2); i++) {
    const fetchOf = options.fetch?.[i];
    desks.push(
      await createDeskContext({
        databaseUrl: process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL,
        pgSchema: schema,
        jobsSchema: `${schema}_jobs`,
        redisUrl: process.env.TEST_REDIS_URL ?? TEST_REDIS_URL,
        redisPrefix,
        secrets,
        config,
        ...(fetchOf ? { fetch: fetchOf } : {}),
      }),
    );
  }
  return {
    desks,
    schema,
    redisPrefix,
    close: async () => {
      const first = desks[0];
      if (first) {
        await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(first.db).catch(() => undefined);
        await sql`DROP SCHEMA IF EXISTS ${sql.id(`${schema}_jobs`)} CASCADE`.execute(first.db).catch(() => undefined);
      }
      for (const desk of desks) await desk.close();
      const redis = new Redis(process.env.TEST_REDIS_URL ?? TEST_REDIS_URL);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    },
  };
}
