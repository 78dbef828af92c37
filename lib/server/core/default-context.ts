import "server-only";
/** The process-wide DeskContext, built once from lib/server/core/env.ts (kept on globalThis so every bundle shares it). */
import { join } from "node:path";
import { connection } from "next/server";
import { MARKET_CALENDAR_FILE_NAME } from "@/lib/market/calendar";
import type { DeskContext } from "./context";
import { createDeskContext } from "./context";
import { DEFAULT_DELIVERY_CONFIG } from "./delivery-config";
import { env } from "./env";
import type { DeskSecrets } from "./secrets";
import { loadDeskSecrets } from "./secrets";
import type { ForwardedTrust } from "./forwarded";

/** Where `npm run service` listens by default: `npm run dev` next to it works with no settings. */
export const DEFAULT_ALPHA_BASE_URL = "http://127.0.0.1:4010";

const holder = globalThis as typeof globalThis & { __alphaDeskContext?: Promise<DeskContext>; __alphaDeskSecrets?: DeskSecrets };

/** The session secret and vault key (environment, else generated once into DESK_DATA_DIR); synchronous, cached. */
export function getDeskSecrets(): DeskSecrets {
  holder.__alphaDeskSecrets ??= loadDeskSecrets({ dataDir: env.DESK_DATA_DIR, authSecret: env.AUTH_SECRET, encryptionKey: env.DESK_ENCRYPTION_KEY });
  return holder.__alphaDeskSecrets;
}

/** The desk's public URL when configured; https there makes the session cookie Secure. */
export function getDeskUrl(): string | null {
  return env.DESK_URL ?? null;
}

/** Which X-Forwarded-* headers to believe (DESK_TRUST_PROXY) and where npm start stamps the peer address. */
export function getForwardedTrust(): ForwardedTrust {
  return { hops: env.DESK_TRUST_PROXY, peerHeader: env.DESK_PEER_HEADER ?? null };
}

export async function getDeskContext(): Promise<DeskContext> {
  // Prerendering stops here: `next build` never opens the database or writes secrets into the data folder.
  await connection();
  return getProcessDeskContext();
}

/** The same context outside a request (the server's background work, started by instrumentation.ts). */
export function getProcessDeskContext(): Promise<DeskContext> {
  holder.__alphaDeskContext ??= Promise.resolve()
    .then(() =>
      createDeskContext({
        databaseUrl: env.DATABASE_URL,
        redisUrl: env.REDIS_URL,
        redisPrefix: env.DESK_REDIS_PREFIX,
        jobsSchema: env.DESK_JOBS_SCHEMA,
        sqlitePath: join(env.DESK_DATA_DIR, "desk.db"),
        secrets: getDeskSecrets(),
        config: {
          alphaBaseUrl: env.ALPHA_BASE_URL ?? DEFAULT_ALPHA_BASE_URL,
          deskUrl: getDeskUrl(),
          forwarded: getForwardedTrust(),
          sessionIdleMs: env.DESK_SESSION_IDLE_MINUTES * 60_000,
          upstreamTimeoutMs: env.DESK_UPSTREAM_TIMEOUT_MS,
          marketCalendarFile: join(env.DESK_DATA_DIR, MARKET_CALENDAR_FILE_NAME),
          delivery: {
            ...DEFAULT_DELIVERY_CONFIG,
            smtpUrl: env.DESK_SMTP_URL ?? null,
            mailFrom: env.DESK_MAIL_FROM,
            telegramApiUrl: env.DESK_TELEGRAM_API_URL,
            allowPrivateWebhooks: env.DESK_WEBHOOK_ALLOW_PRIVATE || env.NODE_ENV !== "production",
            vapidFile: join(env.DESK_DATA_DIR, "vapid.json"),
          },
        },
      }),
    )
    .catch((error: unknown) => {
      holder.__alphaDeskContext = undefined;
      throw error;
    });
  return holder.__alphaDeskContext;
}
