import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { AlphaError } from "../../lib/alpha/errors";
import { STREAM_PATH } from "../../lib/alpha/streams";
import { findCallerByKey, getAccount } from "../accounts";
import { apiKeyOf } from "../auth";
import type { ServiceContext } from "../context";
import { StreamConnection } from "./connection";
import type { HubStats, LoadPublishableRow } from "./hub";
import { StreamHub } from "./hub";
import { CLOSE_GOING_AWAY, DEFAULT_MAX_BUFFERED_BYTES, HEARTBEAT_INTERVAL_MS, MAX_CLIENT_MESSAGE_BYTES } from "./protocol";
import type { Scheduler } from "./scheduler";
import { realScheduler } from "./scheduler";
import type { StreamTierCaps, StreamTierTable } from "./tiers";
import { STREAM_TIERS, connectionCap, streamEntitlementOf } from "./tiers";
import { createRowLoader } from "./wire";
import { prepared } from "../store/prepared";
import { refuseUpgrade } from "../../lib/node/refuse-upgrade";

const CLOSE_GRACE_MS = 5_000;
/** How often the auth version is read: a revoke, disable or plan change in any process reaches open sockets within it. */
const AUTH_CHECK_MS = 250;
/** Real-time liveness: a socket that has not answered a ping for two rounds is gone (no FIN ever came). */
const PING_INTERVAL_MS = 30_000;

export interface AttachStreamsOptions {
  /** Drives heartbeats; tests pass a ManualScheduler on the service's ManualClock. */
  scheduler?: Scheduler;
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  /** Replaces or adds tiers (e.g. a bench account with a higher connection cap). */
  tiers?: Readonly<Record<string, StreamTierCaps>>;
  /** A connection cap for one account that overrides its tiers' (benchmarks). */
  connectionCapFor?: (accountId: string) => number | undefined;
  /** Replaces the stored-row mapper (tests of the hub alone). */
  loadRow?: LoadPublishableRow;
  /** Real-time ping round for dead-peer detection (default 30 s). */
  pingIntervalMs?: number;
  /** Where a failure to publish goes (never to the writer that stored the row); one JSON line on stderr by default. */
  logError?: (entry: { msg: string; error: unknown }) => void;
}

export interface StreamsHandle {
  close(): void;
  stats(): HubStats;
}

/**
 * Serves `GET /v1/ws` on an http server: authenticates the upgrade with the REST rules (key in X-API-Key or
 * api_key; 401/403 with the JSON error body, no upgrade), enforces the account's connection cap, and publishes
 * every stored event from the service's bus to the matching subscriptions.
 */
export function attachStreams(httpServer: Server, service: { ctx: ServiceContext }, options: AttachStreamsOptions = {}): StreamsHandle {
  const { ctx } = service;
  const scheduler = options.scheduler ?? realScheduler;
  const tiers: StreamTierTable = { ...STREAM_TIERS, ...options.tiers };
  const hub = new StreamHub({
    clock: ctx.clock,
    scheduler,
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS,
    loadRow: options.loadRow ?? createRowLoader(ctx),
  });
  const connections = new Set<StreamConnection>();
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false, maxPayload: MAX_CLIENT_MESSAGE_BYTES });
  const logError = options.logError ?? defaultLogError;
  // A publish failure must not surface in the writer: its row is committed and REST serves it regardless.
  const offBus = ctx.bus.on((event) => {
    try {
      hub.publish(event);
    } catch (error) {
      logError({ msg: `publishing ${event.product} ${event.id} failed`, error });
    }
  });
  const stopPings = realScheduler.every(options.pingIntervalMs ?? PING_INTERVAL_MS, () => {
    for (const conn of connections) conn.checkAlive();
  });
  // The CLI revokes keys and changes plans from another process: a trigger-kept counter tells us when to re-check.
  const authVersion = () => (prepared(ctx.db, "SELECT auth FROM data_version WHERE id = 1").get() as { auth: number } | undefined)?.auth ?? 0;
  let seenAuth = authVersion();
  const stopAuthWatch = realScheduler.every(AUTH_CHECK_MS, () => {
    if (connections.size === 0 || !ctx.db.open) return;
    const now = authVersion();
    if (now === seenAuth) return;
    seenAuth = now;
    for (const conn of connections) conn.recheck();
  });
  let closed = false;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname.replace(/\/+$/, "");
    if (path !== STREAM_PATH) {
      // Another upgrade handler may own this path; answer only when there is none.
      if (httpServer.listenerCount("upgrade") === 1) refuseUpgrade(socket, new AlphaError("not_found", `No WebSocket endpoint at ${path || "/"}; use ${STREAM_PATH}`));
      return;
    }
    socket.on("error", () => socket.destroy());
    try {
      if (closed) throw new AlphaError("internal_error", "The stream server is shutting down", { status: 503 });
      const key = apiKeyOf({ url: req.url ?? "/", header: (name) => headerOf(req, name) });
      if (!key) throw new AlphaError("missing_api_key", "Send an API key in the X-API-Key header (or the api_key query parameter)");
      const found = findCallerByKey(ctx, key);
      if (!found) throw new AlphaError("invalid_api_key", "The API key is not valid (unknown or revoked)");
      if (found.account.status !== "active") throw new AlphaError("account_disabled", "This account is disabled");
      const cap = options.connectionCapFor?.(found.caller.accountId) ?? connectionCap(streamEntitlementOf(found.account), tiers);
      if (hub.connectionsOf(found.caller.accountId) >= cap) {
        throw new AlphaError("rate_limit_exceeded", `This account may hold at most ${cap} WebSocket connection(s); close one first`, {
          details: { limit: "websocket_connections", max: cap },
        });
      }
      const caller = found.caller;
      wss.handleUpgrade(req, socket, head, (ws) => {
        const conn = new StreamConnection(ws, socket, caller, {
          hub,
          tiers,
          entitlement: () => {
            const account = getAccount(ctx, caller.accountId);
            return account ? streamEntitlementOf(account) : null;
          },
          keyValid: () => prepared(ctx.db, "SELECT 1 FROM api_keys WHERE id = ? AND revoked_at IS NULL").get(caller.keyId) !== undefined,
          maxBufferedBytes: options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
          closeGraceMs: CLOSE_GRACE_MS,
          after: realScheduler.after,
        });
        connections.add(conn);
        ws.on("close", () => connections.delete(conn));
      });
    } catch (error) {
      refuseUpgrade(socket, error instanceof AlphaError ? error : new AlphaError("internal_error", "The stream could not be opened"));
    }
  };
  httpServer.on("upgrade", onUpgrade);
  // A handshake ws cannot accept (bad Sec-WebSocket-Key or version, wrong Upgrade, bad protocol list) gets the error body.
  wss.on("wsClientError", (error: Error, socket: Duplex, req: IncomingMessage) => {
    if (req.method !== "GET") return refuseUpgrade(socket, new AlphaError("method_not_allowed", `${STREAM_PATH} is opened with GET`));
    refuseUpgrade(socket, new AlphaError("invalid_upgrade", `The WebSocket handshake was refused: ${error.message}`));
  });

  return {
    close() {
      if (closed) return;
      closed = true;
      httpServer.off("upgrade", onUpgrade);
      offBus();
      stopPings();
      stopAuthWatch();
      hub.stop();
      for (const conn of connections) conn.cutOff(CLOSE_GOING_AWAY, "server shutting down");
      connections.clear();
      wss.close();
    },
    stats: () => hub.stats(),
  };
}

function defaultLogError(entry: { msg: string; error: unknown }): void {
  const error = entry.error instanceof Error ? { name: entry.error.name, message: entry.error.message, stack: entry.error.stack } : entry.error;
  console.error(JSON.stringify({ level: "error", msg: entry.msg, error }));
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

