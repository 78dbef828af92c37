/** Server-sent events framing (text/event-stream): one event, one comment, the reconnect hint. */

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
