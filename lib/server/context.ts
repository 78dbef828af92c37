import "server-only";
/**
 * DeskContext: what every desk verb receives — the database, the secrets, the upstream settings, a clock and the
 * in-process single-flight map. `createDeskContext` builds one from explicit settings (tests, scripts, bench);
 * `getDeskContext()` in lib/server/default-context.ts builds the process-wide one from the environment.
 */
import type { DeskDb, DeskDialect } from "./db";
import { openDeskDb } from "./db";
import { upstreamFetch } from "./upstream-fetch";
import type { DeskSecrets } from "./secrets";
import type { ForwardedTrust } from "./security";
import { NO_FORWARDED_TRUST } from "./security";

export interface DeskConfig {
  /** Base URL of the Alpha API, without a trailing slash. */
  alphaBaseUrl: string;
  /** The desk's public URL when known (DESK_URL); requests are also accepted from their own origin. */
  deskUrl: string | null;
  /** Per-attempt timeout of an upstream call. */
  upstreamTimeoutMs: number;
  /** Which forwarded headers to believe, and where the socket's address is stamped (lib/server/security.ts). */
  forwarded: ForwardedTrust;
  /** A session unused for this long ends (DESK_SESSION_IDLE_MINUTES). */
  sessionIdleMs: number;
  /** Failed sign-ins on one account (from any source) slow its later attempts by this much, doubling... */
  signInDelayStepMs: number;
  /** ...up to this much. */
  signInDelayMaxMs: number;
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
  /** Identical upstream calls in flight, keyed like the response cache: one call, many waiters. */
  flights: Map<string, Promise<unknown>>;
  /** Short-lived memo of free account calls (the gauge polls), keyed by upstream account. */
  memo: Map<string, { expiresAt: number; value: Promise<unknown> }>;
  close(): Promise<void>;
}

export const DEFAULT_DESK_CONFIG: Omit<DeskConfig, "alphaBaseUrl"> = {
  deskUrl: null,
  forwarded: NO_FORWARDED_TRUST,
  sessionIdleMs: 8 * 60 * 60_000,
  upstreamTimeoutMs: 15_000,
  signInDelayStepMs: 1_000,
  signInDelayMaxMs: 5_000,
};

export interface CreateDeskContextInput {
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  pgSchema?: string;
  secrets: DeskSecrets;
  config: Partial<DeskConfig> & { alphaBaseUrl: string };
  now?: () => Date;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export async function createDeskContext(input: CreateDeskContextInput): Promise<DeskContext> {
  const { db, dialect } = await openDeskDb({ databaseUrl: input.databaseUrl, sqlitePath: input.sqlitePath, pgSchema: input.pgSchema });
  return {
    db,
    dialect,
    config: { ...DEFAULT_DESK_CONFIG, ...input.config, alphaBaseUrl: input.config.alphaBaseUrl.replace(/\/+$/, "") },
    secrets: input.secrets,
    now: input.now ?? (() => new Date()),
    fetch: input.fetch ?? upstreamFetch,
    sleep: input.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    flights: new Map(),
    memo: new Map(),
    close: () => db.destroy(),
  };
}
