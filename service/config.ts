import { z } from "zod";

/** The service's configuration. `service/server.ts` parses it from the environment; tests build it directly. */
export const serviceConfigSchema = z.object({
  /** SQLite file; `:memory:` for throwaway databases. */
  databasePath: z.string().default("data/service.db"),
  host: z.string().default("127.0.0.1"),
  port: z.coerce.number().int().min(0).max(65535).default(4010),
  /** Base URL clients reach the service at; signed asset links and logos are built on it. */
  publicUrl: z.string().url().optional(),
  /** HMAC secret for signed transcript and recording URLs; generated into the database when absent. */
  signingSecret: z.string().min(16).optional(),
  /** Cached answers of dataset-only read endpoints (exact: invalidated by any dataset write); 0 turns the cache off. */
  responseCacheEntries: z.coerce.number().int().min(0).max(100_000).default(512),
  /** Lifetime of signed asset URLs, in seconds. */
  assetUrlTtlSeconds: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Seed of the deterministic dataset generator. */
  datasetSeed: z.coerce.number().int().default(20_260_401),
  /** The synthetic data: seed the generated dataset on first start and allow the simulator. Off to serve only imported data. */
  generator: z.boolean().default(true),
  /** Run the market simulator (on by default for the embedded service, off in tests); needs `generator`. */
  simulator: z.boolean().default(false),
  /** Simulator speed factor: 1 is real time; 60 makes a minute pass in a second. */
  simulatorSpeed: z.coerce.number().positive().max(10_000).default(1),
  /**
   * A market calendar JSON file (lib/market/calendar.ts's schema) the simulator follows: market events only in its
   * sessions. Re-read when it changes; missing or invalid: the built-in NSE calendar.
   */
  marketCalendarPath: z.string().optional(),
  /**
   * An OpenAI-compatible endpoint (`…/v1`) and model that restyle summaries' prose (service/summaries/lm-engine.ts);
   * unset, summaries are the deterministic engine's. The key, when the endpoint needs one, is sent to it only.
   */
  summaryModelUrl: z.string().url().optional(),
  summaryModel: z.string().min(1).optional(),
  summaryModelKey: z.string().min(1).optional(),
});

export type ServiceConfig = z.infer<typeof serviceConfigSchema>;
export type ServiceConfigInput = z.input<typeof serviceConfigSchema>;

/** Reads ALPHA_SERVICE_* variables; the only place the service touches process.env. */
export function serviceConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const bool = (v: string | undefined) => (v === undefined ? undefined : ["1", "true", "yes", "on"].includes(v.toLowerCase()));
  return serviceConfigSchema.parse({
    databasePath: env.ALPHA_SERVICE_DB,
    host: env.ALPHA_SERVICE_HOST,
    port: env.ALPHA_SERVICE_PORT,
    publicUrl: env.ALPHA_SERVICE_PUBLIC_URL,
    signingSecret: env.ALPHA_SERVICE_SIGNING_SECRET,
    assetUrlTtlSeconds: env.ALPHA_SERVICE_ASSET_TTL,
    responseCacheEntries: env.ALPHA_SERVICE_RESPONSE_CACHE,
    datasetSeed: env.ALPHA_SERVICE_SEED,
    generator: bool(env.ALPHA_SERVICE_GENERATOR),
    simulator: bool(env.ALPHA_SERVICE_SIMULATOR),
    simulatorSpeed: env.ALPHA_SERVICE_SIMULATOR_SPEED,
    marketCalendarPath: env.ALPHA_SERVICE_MARKET_CALENDAR,
    summaryModelUrl: env.ALPHA_SERVICE_SUMMARY_MODEL_URL || undefined,
    summaryModel: env.ALPHA_SERVICE_SUMMARY_MODEL || undefined,
    summaryModelKey: env.ALPHA_SERVICE_SUMMARY_MODEL_KEY || undefined,
  });
}
