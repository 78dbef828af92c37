import "server-only";
import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes" || v === "on");

/** The desk's environment, parsed once. `process.env` is read nowhere else in the desk. */
export const env = createEnv({
  server: {
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    /** The Alpha API the desk calls. Unset: `npm start` runs the embedded service and sets it; otherwise http://127.0.0.1:4010. */
    ALPHA_BASE_URL: z.url().optional(),
    /** PostgreSQL for the desk database; unset means SQLite at `${DESK_DATA_DIR}/desk.db`. */
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL").optional(),
    /**
     * Redis for what several desk instances share (single flights, counters, back-offs, memos, leases, live events);
     * with DATABASE_URL, any instance serves any request. Unset: this process's memory (one instance).
     */
    REDIS_URL: z.string().regex(/^rediss?:\/\//, "must be a redis:// URL").optional(),
    /** The PostgreSQL schema pg-boss keeps the desk's job queue in (DATABASE_URL only). */
    DESK_JOBS_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,40}$/).default("desk_jobs"),
    /** Namespace of the desk's Redis keys, when several desks share one Redis. */
    DESK_REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,40}$/).default("alpha-desk:"),
    /** The build's deployment id (next.config.ts deploymentId): set the same on every instance of one deploy. */
    NEXT_DEPLOYMENT_ID: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/).optional(),
    /** Where the desk keeps its SQLite file and generated secrets. */
    DESK_DATA_DIR: z.string().default("data"),
    /** Signs session tokens (next-auth). Generated once into DESK_DATA_DIR when unset. */
    AUTH_SECRET: z.string().min(32).optional(),
    /** AES-256-GCM key for stored Alpha keys: 32 bytes, base64. Generated once into DESK_DATA_DIR when unset. */
    DESK_ENCRYPTION_KEY: z.string().optional(),
    /** Public URL of the desk, for auth callbacks, origin checks and secure cookies (https → Secure). */
    DESK_URL: z.url().optional(),
    /** Set by `npm start` in the embedded default: the sign-in page shows the demo credentials. */
    DESK_DEMO_MODE: flag,
    /**
     * Proxies in front of the desk whose X-Forwarded-For/-Host/-Proto it believes (0: none, the default; any client
     * can send those headers). Behind one reverse proxy set 1; behind a CDN and a proxy, 2.
     */
    DESK_TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /** Set by `npm start`'s preload (scripts/peer-address.mjs): the header that carries the socket's address. Never set it by hand. */
    DESK_PEER_HEADER: z.string().regex(/^x-alpha-desk-peer-[0-9a-f]{16}$/).optional(),
    /** A session unused for this many minutes ends; the user signs in again. Sessions end after 7 days regardless. */
    DESK_SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(480),
    /** Per-attempt timeout of a call to the Alpha API, in milliseconds. */
    DESK_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** How often the scheduled-brief runner looks for due briefs, in seconds. */
    DESK_BRIEF_TICK_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    /** Run scheduled briefs in this process (on by default; turn off on instances that should not). */
    DESK_BRIEF_RUNNER: z.enum(["1", "0", "true", "false", "on", "off"]).default("on").transform((v) => v === "1" || v === "true" || v === "on"),
    /** SMTP for alert e-mail, as a URL (smtp://user:password@host:587 or smtps://…:465). Unset: e-mail channels refuse. */
    DESK_SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
    /** The From of alert e-mail. */
    DESK_MAIL_FROM: z.string().min(3).default("Alpha Desk <alerts@alpha-desk.invalid>"),
    /** Telegram's Bot API base URL (a self-hosted Bot API server works too). */
    DESK_TELEGRAM_API_URL: z.url().default("https://api.telegram.org"),
    /** Allow webhooks to private, loopback and link-local addresses (always allowed outside production). */
    DESK_WEBHOOK_ALLOW_PRIVATE: flag,
    /** Run alert rules and deliveries in this process (on by default). */
    DESK_ALERTS: z.enum(["1", "0", "true", "false", "on", "off"]).default("on").transform((v) => v === "1" || v === "true" || v === "on"),
  },
  client: {},
  experimental__runtimeEnv: {},
  emptyStringAsUndefined: true,
});
