/**
 * Test-only: makes a live event happen in a running Alpha service the way its own simulator does (a realistic row
 * from the dataset's builders, stored through service/store/record.ts so the stream publishes it), and drops every
 * WebSocket connection server-side. Used by the live relay's integration tests and the e2e control hook.
 */
import type { AlertOutputType } from "../lib/alpha/alerts";
import { companies } from "../service/dataset/companies";
import { createRng } from "../service/dataset/rng";
import { buildAlert, buildAnnouncement, buildBlockDeal, buildNews } from "../service/dataset/rows";
import type { RunningServer } from "../service/server";
import { recordAlert, recordAnnouncement, recordBlockDeal, recordNews } from "../service/store/record";
import type { AlertRecord, AnnouncementRecord, BlockDealRecord, NewsRecord } from "../service/store/writes";
import { attachStreams } from "../service/streams/attach";

export type LiveEventProduct = "alerts" | "news" | "announcements" | "block-deals";

export interface LiveEventInput {
  product: LiveEventProduct;
  symbol: string;
  /** When it happened (default now). */
  atMs?: number;
  /** Alerts: the output type and the curated flag. */
  type?: AlertOutputType;
  important?: boolean;
  /** News: the sentiment. */
  sentiment?: "positive" | "negative" | "neutral";
  /** Announcements: the primary category. */
  category?: string;
  /** Block deals: the exchange. */
  exchange?: "NSE" | "BSE" | "NSE/BSE";
}

let counter = 0;

/** Stores one event and returns its row; throws on a symbol the dataset does not hold. */
export function recordLiveEvent(running: Pick<RunningServer, "service">, input: LiveEventInput): AlertRecord | NewsRecord | AnnouncementRecord | BlockDealRecord {
  const company = companies.find((c) => c.symbol === input.symbol.toUpperCase());
  if (!company) throw new Error(`no company ${input.symbol} in the dataset`);
  const ctx = running.service.ctx;
  const rng = createRng(`live-event-${process.pid}-${Date.now()}-${(counter += 1)}`);
  const at = input.atMs ?? Date.now();
  switch (input.product) {
    case "alerts": {
      const row = buildAlert(rng, company, at, { ...(input.type ? { type: input.type } : {}), ...(input.important !== undefined ? { important: input.important } : {}) });
      recordAlert(ctx, row);
      return row;
    }
    case "news": {
      const row = buildNews(rng, company, at, input.sentiment ? { sentiment: input.sentiment } : {});
      recordNews(ctx, row);
      return row;
    }
    case "announcements": {
      const row = buildAnnouncement(rng, company, at, input.category ? { category: input.category } : {});
      recordAnnouncement(ctx, row);
      return row;
    }
    case "block-deals": {
      const built = buildBlockDeal(rng, company, at);
      const row = input.exchange ? { ...built, exchange: input.exchange } : built;
      recordBlockDeal(ctx, row);
      return row;
    }
  }
}

/**
 * Drops every WebSocket of the service server-side (close 1001, as on shutdown) and serves /v1/ws again at once,
 * so clients see a dropped stream they can reconnect to. Returns the new streams handle (close it on shutdown).
 */
export function dropStreamConnections(running: RunningServer): RunningServer["streams"] {
  running.streams.close();
  running.streams = attachStreams(running.server, running.service);
  return running.streams;
}
