import type { DeskAlert } from "@/lib/alpha/alerts";
import type { AnnouncementDetail, AnnouncementRow } from "@/lib/alpha/announcements";
import type { BlockDeal } from "@/lib/alpha/block-deals";
import type { NewsItem } from "@/lib/alpha/news";
export type { LiveQuery } from "@/lib/desk/live";

/**
 * The desk's live relay, GET /api/live, as the browser and the server both see it: the query it takes, the
 * server-sent events it sends, and the vocabulary of its status events. No zod here (the live hub loads on every
 * feed page): the schemas of the query and the events are in lib/desk/live.ts.
 */

export const LIVE_PATH = "/api/live";

/** Products the desk's pages stream (each has a REST list the relay can poll instead). */
/** Named as the stream names them (the service also takes `block_deals` for `block-deals`). */
export const LIVE_PRODUCTS = ["alerts", "news", "announcements", "block-deals"] as const;
export type LiveProduct = (typeof LIVE_PRODUCTS)[number];

/** A relay follows at most this many symbols: a watchlist (50) plus typed ones. */
export const MAX_LIVE_SYMBOLS = 100;

export type LiveQueryInput = { products: readonly LiveProduct[]; symbols?: readonly string[]; important?: boolean; detailed?: boolean; pollAll?: boolean };

/** The relay URL of a subscription; the same input gives the same URL (sorted, de-duplicated). */
export function liveUrl(input: LiveQueryInput): string {
  const params = new URLSearchParams();
  params.set("products", [...new Set(input.products)].sort().join(","));
  const symbols = [...new Set((input.symbols ?? []).map((s) => s.trim().toUpperCase()).filter(Boolean))].sort();
  if (symbols.length) params.set("symbols", symbols.join(","));
  if (input.important) params.set("important", "1");
  if (input.detailed === false) params.set("detailed", "0");
  if (input.pollAll && symbols.length === 0) params.set("poll_all", "1");
  return `${LIVE_PATH}?${params.toString()}`;
}

/** How a product reaches the page right now. */
/** `standby`: no stream, and polling the whole market waits for the user's go-ahead (or for symbols). */
export const LIVE_STATES = ["connecting", "connected", "reconnecting", "polling", "standby", "error"] as const;
export type LiveState = (typeof LIVE_STATES)[number];

/** Why a product is not (or no longer) on the stream, or what went wrong. */
export type LiveReason =
  | "no_websocket_addon"
  | "forbidden"
  | "full_feed_not_allowed"
  | "too_many_symbols"
  | "connection_limit"
  | "important_only"
  | "socket_closed"
  | "heartbeat_timeout"
  | "upstream_unreachable"
  | "insufficient_credits"
  | "rate_limited"
  | "invalid_api_key"
  | "product_not_enabled"
  | "poll_failed"
  | "relay_failed";

export interface LiveStatus {
  product: LiveProduct;
  state: LiveState;
  reason?: LiveReason;
  /** A sentence for people. */
  message: string;
  /** Reconnects: which attempt is next and when. */
  attempt?: number;
  retryInMs?: number;
  /** On the stream: the add-on tier and whether it is the whole market. */
  tier?: string;
  fullFeed?: boolean;
  /** Polling: how often. */
  pollEveryMs?: number;
  at: string;
}

/** One poll of a product's REST list (polling mode): what it found and what it cost. */
export interface LivePoll {
  product: LiveProduct;
  at: string;
  items: number;
  creditsCharged: number;
}

/** The rows each product's events carry: the contract's REST shapes, as a page of the product shows them. */
export interface LiveRowOf {
  alerts: DeskAlert;
  news: NewsItem;
  announcements: AnnouncementDetail | AnnouncementRow;
  "block-deals": BlockDeal;
}

/** SSE event names besides the products'. */
export const LIVE_STATUS_EVENT = "status";
export const LIVE_POLL_EVENT = "poll";

/** The instant a row happened, by product: alerts carry `timestamp`, the others `date`. */
export function liveRowTime(product: LiveProduct, row: { timestamp?: string | null; date?: string | null }): string | null {
  return (product === "alerts" ? row.timestamp : row.date) ?? null;
}

/**
 * The relay's status and poll events checked without zod, since the hub reads them while the page loads. They accept
 * what lib/desk/live.ts's schemas accept (live.test.ts holds the two to the same answers); null: not such an event.
 */
export function readLiveStatus(value: unknown): LiveStatus | null {
  if (!isRecord(value)) return null;
  const { product, state, message, at } = value;
  if (!isLiveProduct(product) || !(LIVE_STATES as readonly unknown[]).includes(state)) return null;
  if (typeof message !== "string" || typeof at !== "string") return null;
  if (!optional(value.reason, "string") || !optional(value.tier, "string") || !optional(value.fullFeed, "boolean")) return null;
  if (!optional(value.attempt, "number") || !optional(value.retryInMs, "number") || !optional(value.pollEveryMs, "number")) return null;
  return value as unknown as LiveStatus;
}

export function readLivePoll(value: unknown): LivePoll | null {
  if (!isRecord(value)) return null;
  const { product, at, items, creditsCharged } = value;
  if (!isLiveProduct(product) || typeof at !== "string" || !isFiniteNumber(items) || !isFiniteNumber(creditsCharged)) return null;
  return value as unknown as LivePoll;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isLiveProduct(value: unknown): value is LiveProduct {
  return (LIVE_PRODUCTS as readonly unknown[]).includes(value);
}

/** zod's z.number() refuses NaN and ±Infinity (JSON carries neither, but a parsed object might). */
function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** An optional field: absent (or undefined), or of its type. */
function optional(value: unknown, type: "string" | "number" | "boolean"): boolean {
  if (value === undefined) return true;
  return type === "number" ? isFiniteNumber(value) : typeof value === type;
}
