import * as z from "zod";
import type { StreamProduct } from "./account";
import { STREAM_PRODUCTS } from "./account";
import { alertSchema } from "./alerts";
import { announcementDetailSchema, announcementRowSchema } from "./announcements";
import { blockDealSchema } from "./block-deals";
import { concallSchema } from "./concalls";
import { earningsStreamRowSchema } from "./earnings";
import { newsItemSchema } from "./news";

/**
 * The WebSocket protocol of `GET /v1/ws`, as the hosted service's SDK speaks it: the client sends only
 * `subscribe`; the server answers with an ack, data frames, heartbeats and error frames.
 */
export const STREAM_PATH = "/v1/ws";

/** Names a client may send for a product; the SDK's `block_deals` is the wire's `block-deals`. */
export const STREAM_PRODUCT_ALIASES: Readonly<Record<string, StreamProduct>> = { block_deals: "block-deals" };

/** The wire name of a product a client named, or null when it names none. */
export function toStreamProduct(name: string): StreamProduct | null {
  const v = name.trim().toLowerCase();
  if ((STREAM_PRODUCTS as readonly string[]).includes(v)) return v as StreamProduct;
  return STREAM_PRODUCT_ALIASES[v] ?? null;
}

/** Codes of `{ error, code }` frames. */
export const STREAM_ERROR_CODES = [
  "forbidden",
  "invalid_message",
  "full_feed_not_allowed",
  "too_many_symbols",
  // Sent just before the server closes a socket whose key was revoked or whose account was disabled.
  "key_revoked",
  "account_disabled",
] as const;
export type StreamErrorCode = (typeof STREAM_ERROR_CODES)[number];

/** Client → server. Empty `symbols` asks for the full feed; `detailed` defaults to true, as in the SDK. */
export const streamSubscribeMessageSchema = z.object({
  op: z.literal("subscribe"),
  product: z.string().min(1),
  symbols: z.array(z.string()).nullish(),
  detailed: z.boolean().nullish(),
});
export type StreamSubscribeMessage = z.infer<typeof streamSubscribeMessageSchema>;

export const streamAckSchema = z.looseObject({
  status: z.literal("subscribed"),
  product: z.string(),
  tier: z.string(),
  /** True when this subscription receives every symbol (it was sent with no symbols). */
  full_feed: z.boolean(),
  symbols: z.array(z.string()),
  detailed: z.boolean().default(true),
});
export type StreamAck = z.infer<typeof streamAckSchema>;

export const streamErrorFrameSchema = z.looseObject({
  error: z.string(),
  code: z.string().nullish(),
  /** The product of the subscribe that was refused, when the message named one. */
  product: z.string().nullish(),
});
export type StreamErrorFrame = z.infer<typeof streamErrorFrameSchema>;

export const streamHeartbeatSchema = z.looseObject({
  type: z.literal("heartbeat"),
  /** ISO 8601 with a UTC offset and microseconds, e.g. 2026-06-24T11:22:03.342000+00:00. */
  sent_at: z.string(),
});

export const streamDataFrameSchema = z.looseObject({
  channel: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type StreamDataFrame = z.infer<typeof streamDataFrameSchema>;

/** The payload of a data frame per channel: the REST row shapes (earnings add `attachment_url`). */
export const STREAM_DATA_SCHEMAS = {
  news: newsItemSchema,
  announcements: z.union([announcementDetailSchema, announcementRowSchema]),
  earnings: earningsStreamRowSchema,
  concalls: concallSchema,
  alerts: alertSchema,
  "block-deals": blockDealSchema,
} as const satisfies Record<StreamProduct, z.ZodType>;

/** One server frame, classified in the order the SDK checks: heartbeat, ack, error, data, anything else. */
export type StreamFrame =
  | { kind: "heartbeat"; sentAt: string }
  | { kind: "subscribed"; ack: StreamAck }
  | { kind: "error"; error: StreamErrorFrame }
  | { kind: "data"; channel: string; data: Record<string, unknown> }
  | { kind: "raw"; value: unknown };

export function classifyStreamFrame(value: unknown): StreamFrame {
  const heartbeat = streamHeartbeatSchema.safeParse(value);
  if (heartbeat.success) return { kind: "heartbeat", sentAt: heartbeat.data.sent_at };
  const ack = streamAckSchema.safeParse(value);
  if (ack.success) return { kind: "subscribed", ack: ack.data };
  const error = streamErrorFrameSchema.safeParse(value);
  if (error.success) return { kind: "error", error: error.data };
  const data = streamDataFrameSchema.safeParse(value);
  if (data.success) return { kind: "data", channel: data.data.channel, data: data.data.data };
  return { kind: "raw", value };
}

/** `{base}/v1/ws` with the scheme rewritten to ws: / wss:, as the SDK builds it. */
export function streamUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}${STREAM_PATH}`;
  url.search = "";
  url.hash = "";
  if (url.protocol === "https:") url.protocol = "wss:";
  else if (url.protocol === "http:") url.protocol = "ws:";
  return url.toString();
}
