import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { WebSocket } from "ws";
import type { Service } from "../../service/app";
import { ManualClock } from "../../service/clock";
import type { CompanyRecord } from "../../service/dataset/companies";
import { companies } from "../../service/dataset/companies";
import type { StreamProduct } from "../../lib/alpha/account";
import type { Rng } from "../../service/dataset/rng";
import { baseQuarterFinancials, buildAlert, buildAnnouncement, buildBlockDeal, buildConcall, buildEarnings, buildNews, companyRow, nextYearQuarter } from "../../service/dataset/rows";
import type { RecordContext } from "../../service/store/record";
import { recordAlert, recordAnnouncement, recordBlockDeal, recordConcall, recordEarnings, recordNews } from "../../service/store/record";
import { seedDataset } from "../../service/dataset/seed";
import type { Db } from "../../service/store/db";
import { insertCompany } from "../../service/store/writes";
import { createTestService } from "./service";
import type { AttachStreamsOptions, StreamsHandle } from "../../service/streams/attach";
import { attachStreams } from "../../service/streams/attach";
import { ManualScheduler } from "../../service/streams/scheduler";

/** Helpers for stream tests: a real HTTP server on 127.0.0.1 with streams attached, and a recording client. */

export interface StreamStack {
  service: Service & { db: Db };
  clock: ManualClock;
  scheduler: ManualScheduler;
  server: Server;
  streams: StreamsHandle;
  /** http://127.0.0.1:port */
  baseUrl: string;
  /** ws://127.0.0.1:port/v1/ws */
  wsUrl: string;
  companies: CompanyRecord[];
  close(): Promise<void>;
}

/** Stores the first `count` companies of the dataset (enough for JOINs and the simulator). */
export function storeCompanies(db: Db, count: number): CompanyRecord[] {
  const chosen = companies.slice(0, count);
  for (const c of chosen) {
    insertCompany(db, companyRow(c));
  }
  return chosen;
}

/**
 * A service on a fresh database behind a real server on 127.0.0.1 (ephemeral port) with streams attached, on a
 * ManualClock and a ManualScheduler. Holds `companies` companies, or the seeded dataset at `seedScale`.
 */
export async function startStreamStack(
  options: { now?: string; companies?: number; seedScale?: number; attach?: AttachStreamsOptions } = {},
): Promise<StreamStack> {
  const clock = new ManualClock(options.now ?? "2026-05-12T06:00:00Z");
  const scheduler = new ManualScheduler(clock);
  const service = createTestService({ clock });
  let stored: CompanyRecord[];
  if (options.seedScale !== undefined) {
    seedDataset(service.db, { seed: 20_260_512, now: clock.now(), scale: options.seedScale });
    stored = [...companies];
  } else {
    stored = storeCompanies(service.db, options.companies ?? 12);
  }
  const server = createAdaptorServer({ fetch: service.fetch }) as Server;
  const streams = attachStreams(server, service, { scheduler, ...options.attach });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    service,
    clock,
    scheduler,
    server,
    streams,
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/v1/ws`,
    companies: stored,
    async close() {
      streams.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      service.close();
      service.db.close();
    },
  };
}

/** Resolves when `check` returns a value other than undefined; rejects at the deadline. Polls on the event loop. */
export async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

type Frame = Record<string, unknown>;

/** A WebSocket client that records every frame and lets a test wait for the next one matching a predicate. */
export class TestClient {
  readonly frames: Frame[] = [];
  private cursor = 0;
  private waiters = new Set<() => void>();
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      for (const w of [...this.waiters]) w();
    });
    ws.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const w of [...this.waiters]) w();
    });
    ws.on("error", () => {});
  }

  static connect(url: string, key: string | null, via: "header" | "query" = "header"): Promise<TestClient> {
    const target = key && via === "query" ? `${url}?api_key=${encodeURIComponent(key)}` : url;
    const ws = new WebSocket(target, key && via === "header" ? { headers: { "X-API-Key": key } } : {});
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(new TestClient(ws)));
      ws.once("unexpected-response", (_req, res) => reject(new Error(`handshake answered ${res.statusCode}`)));
      ws.once("error", reject);
    });
  }

  /** Opens a socket expecting the handshake to be refused; resolves with the HTTP status and the JSON body. */
  static refused(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
    const ws = new WebSocket(url, { headers });
    return new Promise((resolve, reject) => {
      ws.once("open", () => {
        ws.close();
        reject(new Error("the handshake was accepted"));
      });
      ws.once("unexpected-response", (_req, res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown }));
      });
      ws.once("error", () => {});
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  subscribe(product: string, symbols: string[], detailed?: boolean): void {
    this.send({ op: "subscribe", product, symbols, ...(detailed === undefined ? {} : { detailed }) });
  }

  /** The next frame (after the last one returned) that matches; frames skipped over are passed. */
  next(match: (f: Frame) => boolean = () => true, what = "a frame", timeoutMs = 5_000): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        while (this.cursor < this.frames.length) {
          const f = this.frames[this.cursor++] as Frame;
          if (match(f)) {
            finish();
            resolve(f);
            return;
          }
        }
        if (this.closed) {
          finish();
          reject(new Error(`socket closed (${this.closed.code} ${this.closed.reason}) while waiting for ${what}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Data frames of a channel received so far. */
  data(channel: string): Frame[] {
    return this.frames.filter((f) => f.channel === channel).map((f) => f.data as Frame);
  }

  waitClosed(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    return waitFor(() => this.closed ?? undefined, "the socket to close", timeoutMs);
  }

  close(): void {
    this.ws.close();
  }
}

/** Builds one realistic row of a product with the dataset's builders and stores it through record.ts. */
export function recordSample(ctx: RecordContext, product: StreamProduct, rng: Rng, company: CompanyRecord, atMs: number): { id: string; symbol: string } {
  const stored = <R>(row: R, record: (ctx: RecordContext, row: R) => void): R => (record(ctx, row), row);
  switch (product) {
    case "alerts":
      return stored(buildAlert(rng, company, atMs), recordAlert);
    case "news":
      return stored(buildNews(rng, company, atMs), recordNews);
    case "announcements":
      return stored(buildAnnouncement(rng, company, atMs), recordAnnouncement);
    case "block-deals":
      return stored(buildBlockDeal(rng, company, atMs), recordBlockDeal);
    case "earnings": {
      const yearAgo = baseQuarterFinancials(rng, company, "q4_25", 1);
      const previous = baseQuarterFinancials(rng, company, "q3_26", 0);
      const current = nextYearQuarter(rng, company, yearAgo, "q4_26", "positive");
      const { row } = buildEarnings(rng, company, atMs, { quarter: "q4_26", current, previous, yearAgo });
      recordEarnings(ctx, { ...row, has_attachment: true });
      return row;
    }
    case "concalls": {
      const row = buildConcall(rng, company, { quarter: "q4_26", meetingMs: atMs - 3 * 3_600_000, intimationMs: atMs - 5 * 86_400_000, nowMs: atMs });
      recordConcall(ctx, { ...row, has_transcript: true });
      return row;
    }
  }
}
