import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { matchEndpoint } from "../lib/alpha/catalogue";
import { CLIENT_REQUEST_ID_HEADER, clientRequestIdOf } from "../lib/alpha/client-request-id";
import { STREAM_PATH } from "../lib/alpha/streams";
import { AlphaError, invalidParameter, isAlphaError } from "../lib/alpha/errors";
import { applyMeterHeaders, DebitBatcher, newMeterState } from "./billing/meter";
import { RateLimiter } from "./billing/rate-limit";
import type { Clock } from "./clock";
import { systemClock } from "./clock";
import type { ServiceConfig, ServiceConfigInput } from "./config";
import { serviceConfigSchema } from "./config";
import type { ServiceContext } from "./context";
import type { AppEnv, RouteDeps } from "./endpoint";
import { EventBus } from "./events";
import { registerOpenApiRoute } from "./openapi";
import { startBatchWorker } from "./batch/worker";
import { registerBatchRoutes } from "./batch/routes";
import { registerAccountRoutes } from "./routes/account";
import { registerAlertRoutes } from "./routes/alerts";
import { registerAnnouncementRoutes } from "./routes/announcements";
import { registerAssetRoutes } from "./routes/assets";
import { registerBlockDealRoutes } from "./routes/block-deals";
import { registerCitationRoutes } from "./routes/citations";
import { registerConcallRoutes } from "./routes/concalls";
import { registerEarningsRoutes } from "./routes/earnings";
import { registerNewsRoutes } from "./routes/news";
import { ResponseCache } from "./routes/response-cache";
import { registerSymbolRoutes } from "./routes/symbols";
import { resolveSigningSecret } from "./signing";
import { defaultSummaryEngine } from "./summaries/daily-summary";
import { summaryEngineFromConfig } from "./summaries/lm-engine";
import { registerSummaryRoutes } from "./summaries/routes";
import type { Db } from "./store/db";

export type { AppEnv, RouteDeps } from "./endpoint";

export interface CreateServiceOptions {
  db: Db;
  clock?: Clock;
  config: ServiceConfig | ServiceConfigInput;
  bus?: EventBus;
  /** Where a 500's detail goes (never to the client); one JSON line on stderr by default. */
  logError?: (entry: { requestId: string; method: string; path: string; error: unknown }) => void;
  /** Run the batch worker in the background (default true); tests pass false and drive startBatchWorker themselves. */
  batchWorker?: boolean;
}

export interface Service {
  app: Hono<AppEnv>;
  ctx: ServiceContext;
  fetch: (req: Request) => Promise<Response>;
  /** Stops background work (rate-limit flushing, workers added by route modules); the database stays open. */
  close(): void;
}

const SECURITY_HEADERS: readonly [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "no-referrer"],
  ["Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"],
];

/** GET-only routes outside the catalogue, for telling a wrong method (405) from an unknown path (404). */
const EXTRA_GET_ROUTES = [/^\/v1\/openapi\.json$/, /^\/v1\/ws$/, /^\/v1\/assets\/(logos|transcripts|recordings|earnings|intimations|announcements)\/[^/]+$/];

function defaultLogError(entry: { requestId: string; method: string; path: string; error: unknown }): void {
  const error = entry.error instanceof Error ? { name: entry.error.name, message: entry.error.message, stack: entry.error.stack } : entry.error;
  console.error(JSON.stringify({ level: "error", msg: "unhandled error", requestId: entry.requestId, method: entry.method, path: entry.path, error }));
}

function pathOf(c: Context<AppEnv>): string {
  return c.req.path.replace(/\/+$/, "") || "/";
}

function allowedMethods(path: string): string[] {
  const methods = (["GET", "POST", "DELETE"] as const).filter((m) => matchEndpoint(m, path) !== null);
  if (EXTRA_GET_ROUTES.some((re) => re.test(path)) && !methods.includes("GET")) methods.push("GET");
  return methods;
}

/** Builds the Alpha service: a Hono app over the database, answering the interface rule for rule. */
export function createService(options: CreateServiceOptions): Service {
  const config = serviceConfigSchema.parse(options.config);
  const clock = options.clock ?? systemClock;
  const ctx: ServiceContext = {
    db: options.db,
    clock,
    config,
    bus: options.bus ?? new EventBus(),
    signingSecret: resolveSigningSecret(options.db, config.signingSecret),
    publicUrl: (config.publicUrl ?? `http://${config.host}:${config.port}`).replace(/\/+$/, ""),
  };
  const limiter = new RateLimiter(options.db, clock);
  const cache = new ResponseCache(options.db, config.responseCacheEntries);
  const debits = new DebitBatcher(ctx);
  const closers: (() => void)[] = [];
  const deps: RouteDeps = { ctx, limiter, onClose: (fn) => closers.push(fn) };
  const logError = options.logError ?? defaultLogError;

  const app = new Hono<AppEnv>({ strict: false });

  app.use("*", async (c, next) => {
    const meter = newMeterState();
    c.set("ctx", ctx);
    c.set("limiter", limiter);
    c.set("cache", cache);
    c.set("debits", debits);
    c.set("meter", meter);
    c.set("requestId", `req_${randomUUID().replaceAll("-", "")}`);
    c.set("clientRequestId", clientRequestIdOf(c.req.header(CLIENT_REQUEST_ID_HEADER)));
    await next();
    const headers = c.res.headers;
    for (const [name, value] of SECURITY_HEADERS) headers.set(name, value);
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
    headers.set("X-Request-Id", c.get("requestId"));
    const clientRequestId = c.get("clientRequestId");
    if (clientRequestId) headers.set(CLIENT_REQUEST_ID_HEADER, clientRequestId);
    applyMeterHeaders(headers, meter);
  });

  registerOpenApiRoute(app);
  registerAssetRoutes(app);
  registerEarningsRoutes(app);
  registerAlertRoutes(app);
  registerAnnouncementRoutes(app);
  registerNewsRoutes(app);
  registerBlockDealRoutes(app);
  registerConcallRoutes(app);
  registerSymbolRoutes(app);
  registerCitationRoutes(app);
  registerAccountRoutes(app, deps);
  // Route modules of other parts plug in here, one line each: registerXRoutes(app, deps).
  // The deterministic engine, or a language model restyling its prose when one is configured (held to the same citations).
  const engine = summaryEngineFromConfig(defaultSummaryEngine, config);
  registerSummaryRoutes(app, { ...deps, engine });
  registerBatchRoutes(app, deps);
  if (options.batchWorker ?? true) {
    const worker = startBatchWorker(ctx, { engine });
    deps.onClose(() => void worker.stop());
  }

  // Without an Upgrade header the stream path reaches the app: say what to do instead of 404.
  app.get(STREAM_PATH, (c) => {
    c.header("Upgrade", "websocket");
    return c.json(
      new AlphaError(
        "upgrade_required",
        `${STREAM_PATH} is a WebSocket endpoint: open it with a WebSocket client (ws:// or wss://, an Upgrade: websocket handshake) and the key in X-API-Key or api_key`,
      ).toBody(),
      426,
    );
  });

  app.notFound((c) => {
    const path = pathOf(c);
    const allowed = allowedMethods(path);
    if (allowed.length > 0 && !allowed.includes(c.req.method)) {
      c.header("Allow", allowed.join(", "));
      return c.json(new AlphaError("method_not_allowed", `${c.req.method} is not allowed on ${path}; use ${allowed.join(" or ")}`).toBody(), 405);
    }
    return c.json(new AlphaError("not_found", `No route ${c.req.method} ${path}`).toBody(), 404);
  });

  app.onError((error, c) => {
    let alpha: AlphaError;
    if (isAlphaError(error)) alpha = error;
    else if (error instanceof z.ZodError) alpha = invalidParameter(error);
    else if (error instanceof HTTPException && error.status < 500) {
      alpha = new AlphaError(error.status === 413 ? "payload_too_large" : "invalid_parameter", error.message || "Bad request", { status: error.status });
    } else {
      logError({ requestId: c.get("requestId"), method: c.req.method, path: c.req.path, error });
      alpha = new AlphaError("internal_error", `Something went wrong on our side; quote request ${c.get("requestId")} if it persists`);
    }
    if (alpha.retryAfter !== undefined) c.header("Retry-After", String(alpha.retryAfter));
    return c.json(alpha.toBody(), alpha.status as 400);
  });

  return {
    app,
    ctx,
    fetch: async (req) => app.fetch(req),
    close: () => {
      for (const fn of closers.splice(0)) fn();
      debits.flush();
      limiter.close();
    },
  };
}
