import "server-only";
/**
 * DeskContext: what every desk verb receives — the database, the secrets, the upstream settings, a clock, what
 * instances share (ctx.shared) and the job queue (ctx.jobs). `createDeskContext` builds one from explicit settings
 * (tests, scripts, bench); `getDeskContext()` in lib/server/core/default-context.ts builds the process-wide one.
 */
import type { DeskDb, DeskDialect } from "./db";
import { openDeskDb } from "./db";
import { upstreamFetch } from "./upstream-fetch";
import type { DeskSecrets } from "./secrets";
import type { ForwardedTrust } from "./forwarded";
import { NO_FORWARDED_TRUST } from "./forwarded";
import { randomBytes } from "node:crypto";
import type { SharedInfra } from "../shared";
import type { DeliveryConfig } from "./delivery-config";
import { DEFAULT_DELIVERY_CONFIG } from "./delivery-config";
import { createSharedInfra } from "../shared";
import type { JobQueue } from "../shared/jobs";
import { createMemoryJobQueue, createPgBossJobQueue } from "../shared/jobs";

export interface DeskConfig {
  /** Base URL of the Alpha API, without a trailing slash. */
  alphaBaseUrl: string;
  /** The desk's public URL when known (DESK_URL); requests are also accepted from their own origin. */
  deskUrl: string | null;
  /** Per-attempt timeout of an upstream call. */
  upstreamTimeoutMs: number;
  /** Which forwarded headers to believe, and where the socket's address is stamped (lib/server/core/forwarded.ts). */
  forwarded: ForwardedTrust;
  /** A session unused for this long ends (DESK_SESSION_IDLE_MINUTES). */
  sessionIdleMs: number;
  /** Failed sign-ins on one account (from any source) slow its later attempts by this much, doubling... */
  signInDelayStepMs: number;
  /** ...up to this much. */
  signInDelayMaxMs: number;
  /** Where a saved market calendar is also written for the embedded service's simulator; null: nowhere. */
  marketCalendarFile: string | null;
  /** SMTP, Telegram and webhook settings of alert delivery (lib/server/delivery). */
  delivery: DeliveryConfig;
}

export interface DeskContext {
  db: DeskDb;
  dialect: DeskDialect;
  config: DeskConfig;
  secrets: DeskSecrets;
  now(): Date;
  /** How the desk reaches the Alpha API (upstreamFetch: node:http with keep-alive). */
  fetch: typeof fetch;
  sleep(ms: number): Promise<void>;
  /**
   * What instances share (lib/server/shared): single flights keyed like the response cache, counters, memos scoped
   * by upstream account, leases and live event streams. This process's memory, or Redis with REDIS_URL.
   */
  shared: SharedInfra;
  /** Work that runs once: pg-boss on PostgreSQL, this process's timers otherwise (lib/server/shared/jobs.ts). */
  jobs: JobQueue;
  /** This process among the desk's instances (lease owner, health answer). */
  instanceId: string;
  close(): Promise<void>;
}

export const DEFAULT_DESK_CONFIG: Omit<DeskConfig, "alphaBaseUrl"> = {
  deskUrl: null,
  forwarded: NO_FORWARDED_TRUST,
  sessionIdleMs: 8 * 60 * 60_000,
  upstreamTimeoutMs: 15_000,
  signInDelayStepMs: 1_000,
  signInDelayMaxMs: 5_000,
  marketCalendarFile: null,
  delivery: DEFAULT_DELIVERY_CONFIG,
};

export interface CreateDeskContextInput {
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  pgSchema?: string;
  /** Redis for what instances share; unset: this process's memory. */
  redisUrl?: string | undefined;
  /** Namespace of the desk's Redis keys (tests use a random one). */
  redisPrefix?: string;
  /** Where pg-boss keeps its tables (PostgreSQL only). */
  jobsSchema?: string;
  secrets: DeskSecrets;
  config: Partial<DeskConfig> & { alphaBaseUrl: string };
  now?: () => Date;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export async function createDeskContext(input: CreateDeskContextInput): Promise<DeskContext> {
  const { db, dialect } = await openDeskDb({ databaseUrl: input.databaseUrl, sqlitePath: input.sqlitePath, pgSchema: input.pgSchema });
  const shared = createSharedInfra({ redisUrl: input.redisUrl, redisPrefix: input.redisPrefix });
  const jobs = input.databaseUrl
    ? createPgBossJobQueue({ connectionString: input.databaseUrl, schema: input.jobsSchema ?? (input.pgSchema ? `${input.pgSchema}_jobs` : "desk_jobs") })
    : createMemoryJobQueue();
  return {
    db,
    dialect,
    config: { ...DEFAULT_DESK_CONFIG, ...input.config, alphaBaseUrl: input.config.alphaBaseUrl.replace(/\/+$/, "") },
    secrets: input.secrets,
    now: input.now ?? (() => new Date()),
    fetch: input.fetch ?? upstreamFetch,
    sleep: input.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    shared,
    jobs,
    instanceId: randomBytes(8).toString("hex"),
    close: async () => {
      await jobs.close();
      await shared.close();
      await db.destroy();
    },
  };
}
