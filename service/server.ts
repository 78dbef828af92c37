import type { Server } from "node:http";
import { createServer, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { AlphaError } from "../lib/alpha/errors";
import type { Service } from "./app";
import { createService } from "./app";
import type { Clock } from "./clock";
import { systemClock } from "./clock";
import type { ServiceConfig, ServiceConfigInput } from "./config";
import { serviceConfigFromEnv, serviceConfigSchema } from "./config";
import { startImportRelay } from "./dataset/import-relay";
import { seedDataset } from "./dataset/seed";
import type { MarketSimulator } from "./simulator/simulator";
import { calendarFromFile } from "./simulator/calendar-file";
import { startMarketSimulator } from "./simulator/simulator";
import type { AttachStreamsOptions, StreamsHandle } from "./streams/attach";
import { attachStreams } from "./streams/attach";
import { openDatabase } from "./store/db";

export interface RunningServer {
  /** Base URL the server answers on (the bound port, even when 0 was asked for). */
  url: string;
  service: Service;
  server: Server;
  /** WebSocket streams on `GET /v1/ws`. */
  streams: StreamsHandle;
  /** The market simulator, when `config.simulator` is on. */
  simulator: MarketSimulator | null;
  close(): Promise<void>;
}

export interface StartServerOptions {
  clock?: Clock;
  /** Seed the dataset on first start (default true); seeding is skipped when the database already holds it. */
  seed?: boolean;
  /** Dataset volume factor for fast tests (default 1). */
  seedScale?: number;
  /** Stream options (heartbeat scheduler, tier overrides for benchmarks). */
  streams?: AttachStreamsOptions;
}

/** Opens the database, seeds it on first start, and serves the Alpha API over HTTP on the configured host and port. */
export async function startServer(configInput: ServiceConfig | ServiceConfigInput = {}, options: StartServerOptions = {}): Promise<RunningServer> {
  const config = serviceConfigSchema.parse(configInput);
  const clock = options.clock ?? systemClock;
  const db = openDatabase(config.databasePath);
  if (options.seed !== false && config.generator) {
    const report = seedDataset(db, { seed: config.datasetSeed, now: clock.now(), scale: options.seedScale });
    // Seeding leaves tens of megabytes in the WAL; fold them into the database before serving.
    if (report.seeded) db.pragma("wal_checkpoint(TRUNCATE)");
  }
  const service = createService({ db, clock, config });

  const server = await new Promise<Server>((resolve, reject) => {
    // A request Node parsed but the adapter cannot turn into a Request (no Host, `*` target) gets the error body too.
    const listener = getRequestListener(service.fetch, { hostname: config.host, errorHandler: requestErrorResponse });
    // Node's own refusal of an HTTP/1.1 request without Host has an empty body; refuse it here instead.
    const s = createServer({ requireHostHeader: false }, (req, res) => {
      if (req.httpVersionMajor === 1 && req.httpVersionMinor >= 1 && !req.headers.host) {
        const body = JSON.stringify(new AlphaError("bad_request", "An HTTP/1.1 request needs a Host header").toBody());
        res.writeHead(400, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body), Connection: "close" });
        return void res.end(body);
      }
      void listener(req, res);
    });
    s.once("listening", () => resolve(s));
    s.once("error", reject);
    s.listen(config.port, config.host);
  });
  answerClientErrors(server);
  const port = (server.address() as AddressInfo).port;
  const url = config.publicUrl?.replace(/\/+$/, "") ?? `http://${config.host}:${port}`;
  service.ctx.publicUrl = url;
  // Parts that live on the HTTP server (WebSocket streams, the simulator) attach here, one line each.
  const streams = attachStreams(server, service, options.streams);
  const importRelay = startImportRelay(service.ctx);
  const simulator = config.simulator && config.generator ? startMarketSimulator(service.ctx, {
          seed: config.datasetSeed,
          speed: config.simulatorSpeed,
          ...(config.marketCalendarPath ? { calendar: calendarFromFile(config.marketCalendarPath) } : {}),
        }) : null;

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      simulator?.stop();
      importRelay.stop();
      streams.close();
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 2_000).unref();
    }).finally(() => {
      service.close();
      db.close();
    }));
  return { url, service, server, streams, simulator, close };
}

/** The answer to a request the HTTP adapter could not build (the app's own errors never get here). */
function requestErrorResponse(error: unknown): Response {
  const message = error instanceof Error && error.name === "RequestError" ? error.message : "The request could not be read";
  const alpha = new AlphaError("bad_request", `${message}; send an origin-form path and a Host header`);
  return new Response(JSON.stringify(alpha.toBody()), { status: 400, headers: { "Content-Type": "application/json; charset=utf-8", Connection: "close" } });
}

/**
 * Errors Node answers before any handler runs (oversized headers, malformed requests) get the error body too,
 * instead of Node's empty 400/431.
 */
export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
    const alpha =
      error.code === "HPE_HEADER_OVERFLOW"
        ? new AlphaError("request_header_fields_too_large", "The request headers are too large; send fewer or shorter headers (at most 16 KB in all)")
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? new AlphaError("bad_request", "The request was not received in time", { status: 408 })
          : new AlphaError("bad_request", "The request could not be parsed as HTTP/1.1");
    const body = JSON.stringify(alpha.toBody());
    socket.end(
      `HTTP/1.1 ${alpha.status} ${STATUS_CODES[alpha.status] ?? "Error"}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

async function main(): Promise<void> {
  const running = await startServer(serviceConfigFromEnv());
  console.log(JSON.stringify({ level: "info", msg: "Alpha service listening", url: running.url, openapi: `${running.url}/v1/openapi.json` }));
  const shutdown = (signal: string) => {
    console.log(JSON.stringify({ level: "info", msg: "shutting down", signal }));
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(JSON.stringify({ level: "error", msg: "failed to start", error: error instanceof Error ? error.message : String(error) }));
    process.exit(1);
  });
}
