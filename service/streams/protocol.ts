import type { StreamProduct } from "../../lib/alpha/account";
import { SYMBOL_RE } from "../../lib/alpha/primitives";
import type { StreamAck, StreamErrorCode } from "../../lib/alpha/streams";
import { STREAM_PRODUCTS } from "../../lib/alpha/account";
import { streamSubscribeMessageSchema, toStreamProduct } from "../../lib/alpha/streams";

/** A subscribe the server has parsed: wire product, clean symbols (empty = full feed), detail level. */
export interface SubscribeRequest {
  product: StreamProduct;
  symbols: string[];
  detailed: boolean;
}

export type ParsedClientMessage =
  | { ok: true; request: SubscribeRequest }
  | { ok: false; code: StreamErrorCode; message: string; product?: string };

export const HEARTBEAT_INTERVAL_MS = 30_000;
/** Per connection: about a thousand detailed frames may wait unsent before the peer counts as too slow. */
export const DEFAULT_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Close codes the server uses. */
export const CLOSE_SLOW_CONSUMER = 1008;
export const CLOSE_GOING_AWAY = 1001;
/** The key was revoked or the account disabled while the socket was open (policy violation). */
export const CLOSE_REVOKED = 1008;

/** Largest client message accepted; a subscribe of 5,000 symbols fits with room to spare. */
export const MAX_CLIENT_MESSAGE_BYTES = 256 * 1024;

/** Parses one text message from a client. Symbols are trimmed, uppercased and de-duplicated, as the SDK does. */
export function parseClientMessage(text: string): ParsedClientMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return invalid("Message is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return invalid("Message must be a JSON object");
  const op = (value as Record<string, unknown>).op;
  if (op !== "subscribe") return invalid(`Unknown op ${JSON.stringify(op ?? null)}; the only op is "subscribe"`);
  const parsed = streamSubscribeMessageSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "message";
    return invalid(`Invalid subscribe: '${where}' ${issue?.message ?? "is invalid"}`);
  }
  const product = toStreamProduct(parsed.data.product);
  if (!product) {
    return invalid(`Unknown product '${parsed.data.product}'; one of ${STREAM_PRODUCTS.join(", ")}`, parsed.data.product);
  }
  const symbols: string[] = [];
  const seen = new Set<string>();
  for (const raw of parsed.data.symbols ?? []) {
    const symbol = raw.trim().toUpperCase();
    if (symbol === "" || seen.has(symbol)) continue;
    if (!SYMBOL_RE.test(symbol)) return invalid(`Invalid symbol '${raw}'`, product);
    seen.add(symbol);
    symbols.push(symbol);
  }
  return { ok: true, request: { product, symbols, detailed: parsed.data.detailed ?? true } };
}

function invalid(message: string, product?: string): ParsedClientMessage {
  return { ok: false, code: "invalid_message", message, ...(product === undefined ? {} : { product }) };
}

export function ackFrame(request: SubscribeRequest, tier: string): string {
  const ack: StreamAck = {
    status: "subscribed",
    product: request.product,
    tier,
    full_feed: request.symbols.length === 0,
    symbols: request.symbols,
    detailed: request.detailed,
  };
  return JSON.stringify(ack);
}

export function errorFrame(code: StreamErrorCode, message: string, product?: string): string {
  return JSON.stringify({ error: message, code, ...(product === undefined ? {} : { product }) });
}

/**
 * A complete unmasked, uncompressed WebSocket text frame (RFC 6455 §5.2) around `payload`: built once and written
 * as-is to every subscriber's socket, instead of being framed again per socket.
 */
export function encodeTextFrame(payload: string): Buffer {
  const length = Buffer.byteLength(payload);
  const headerBytes = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerBytes + length);
  frame[0] = 0x81; // FIN + text
  if (headerBytes === 2) frame[1] = length;
  else if (headerBytes === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(payload, headerBytes, "utf8");
  return frame;
}

/** `{"channel":…,"data":…}` built around an already serialised payload, so each payload is stringified once. */
export function dataFrame(product: StreamProduct, payloadJson: string): string {
  return `{"channel":"${product}","data":${payloadJson}}`;
}

export function heartbeatFrame(at: Date): string {
  return JSON.stringify({ type: "heartbeat", sent_at: formatSentAt(at) });
}

/** ISO 8601 with microseconds and an explicit +00:00 offset, as the SDK's fixture (Python < 3.11 rejects "Z"). */
export function formatSentAt(at: Date): string {
  return `${at.toISOString().slice(0, 23)}000+00:00`;
}
