/**
 * Server-sent events framing (text/event-stream): one event, one comment, the reconnect hint.
 * A row that goes to many browsers is serialised once: encodeSseEvent keeps each row object's `data:` lines as bytes
 * and only puts the (per-browser) `event:` / `id:` lines in front of them.
 */

const encoder = new TextEncoder();

function dataLines(data: string): string {
  // A newline inside data would end the field early: each line becomes its own `data:` line.
  return data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join("");
}

/** `event: <name>` / `id: <id>` / `data: <json>` and the blank line that ends the event. */
export function sseEvent(name: string, data: unknown, id?: string): string {
  const idLine = id && !/[\r\n\0]/.test(id) ? `id: ${id}\n` : "";
  return `event: ${name}\n${idLine}${dataLines(JSON.stringify(data))}\n`;
}

/** The `data:` lines of a row and the blank line after them, as UTF-8, kept as long as the row object lives. */
const encodedData = new WeakMap<object, Buffer>();

function dataBytes(data: object): Buffer {
  let bytes = encodedData.get(data);
  if (!bytes) {
    bytes = Buffer.from(`${dataLines(JSON.stringify(data))}\n`, "utf8");
    encodedData.set(data, bytes);
  }
  return bytes;
}

/**
 * sseEvent as bytes, for an object that may be sent to many streams: its JSON is written and encoded once, on first
 * use, and reused for every later stream. The object must not change after it is first sent.
 */
export function encodeSseEvent(name: string, data: object, id?: string): Uint8Array {
  const body = dataBytes(data);
  const head = `event: ${name}\n${id && !/[\r\n\0]/.test(id) ? `id: ${id}\n` : ""}`;
  const headLength = Buffer.byteLength(head, "utf8");
  const frame = Buffer.allocUnsafe(headLength + body.length);
  frame.write(head, 0, "utf8");
  body.copy(frame, headLength);
  return frame;
}

/** A comment line: ignored by EventSource, it keeps proxies and the connection awake. */
export function sseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, " ")}\n\n`;
}

/** How long the browser waits before it reconnects on its own after the stream ends. */
export function sseRetry(ms: number): string {
  return `retry: ${Math.max(0, Math.round(ms))}\n\n`;
}

export function encodeSse(chunk: string): Uint8Array {
  return encoder.encode(chunk);
}

export const SSE_HEADERS: Record<string, string> = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform keeps compression middleware from buffering the stream.
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};
