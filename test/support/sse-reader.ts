/** Reads a desk SSE response as it arrives (Vitest only): its events, its rows per product, the last id it saw. */
import type { LiveStatus } from "../../lib/query/live";

export interface SseMessage {
  event: string;
  id: string | null;
  data: unknown;
}

export class SseReader {
  readonly messages: SseMessage[] = [];
  /** The body as read so far. */
  text = "";
  ended = false;
  private buffer = "";
  private lastId: string | null = null;

  constructor(
    readonly response: Response,
    private readonly controller: AbortController,
    /** Called for each event as it is parsed (the bench times arrivals with it). */
    private readonly onMessage?: (message: SseMessage) => void,
    /** The request, held: undici's request signal follows the controller only while the Request object lives. */
    readonly request?: Request,
  ) {
    void this.pump();
  }

  private async pump(): Promise<void> {
    const reader = this.response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        this.text += chunk;
        this.buffer += chunk;
        let end: number;
        while ((end = this.buffer.indexOf("\n\n")) >= 0) {
          this.parse(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted
    } finally {
      this.ended = true;
    }
  }

  private parse(block: string): void {
    let event = "message";
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const cut = line.indexOf(":");
      const field = cut < 0 ? line : line.slice(0, cut);
      const value = cut < 0 ? "" : line.slice(cut + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "id") id = value;
      else if (field === "data") data.push(value);
    }
    if (id !== null) this.lastId = id;
    if (!data.length) return;
    const message = { event, id, data: JSON.parse(data.join("\n")) as unknown };
    this.messages.push(message);
    this.onMessage?.(message);
  }

  /** What EventSource would send back as Last-Event-ID. */
  lastEventId(): string | null {
    return this.lastId;
  }

  statuses(): LiveStatus[] {
    return this.messages.filter((m) => m.event === "status").map((m) => m.data as LiveStatus);
  }

  rows(event: string): Record<string, unknown>[] {
    return this.messages.filter((m) => m.event === event).map((m) => m.data as Record<string, unknown>);
  }

  abort(): void {
    this.controller.abort();
  }
}
