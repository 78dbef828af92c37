import type { Db } from "../store/db";
import { prepared } from "../store/prepared";

const encoder = new TextEncoder();

interface Entry {
  version: number;
  body: unknown;
  /** The body as UTF-8 JSON bytes: sent as is, with no encoding or length counting per request. */
  json: Uint8Array<ArrayBuffer>;
}

/**
 * Serialised answers of read endpoints that depend only on the dataset (not on the clock, the caller or a signature),
 * keyed by route and parsed input. Every entry carries the dataset version it was built at; a trigger bumps that
 * version on any write to the dataset tables, from any connection, so a hit is exactly what a fresh query returns.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly maxEntries = 512,
  ) {}

  /** The current dataset version; read once per request. */
  version(): number {
    return (prepared(this.db, "SELECT version FROM data_version WHERE id = 1").get() as { version: number } | undefined)?.version ?? 0;
  }

  get(key: string, version: number): { body: unknown; json: Uint8Array<ArrayBuffer> } | undefined {
    if (this.maxEntries === 0) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    // Map order is insertion order: re-inserting keeps recently used entries away from eviction.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, version: number, body: unknown): Uint8Array<ArrayBuffer> {
    return this.setText(key, version, body, JSON.stringify(body));
  }

  /** As set, for an answer already serialised (`body` is what the meter charges by). */
  setText(key: string, version: number, body: unknown, text: string | Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
    const json = typeof text === "string" ? encoder.encode(text) : text;
    if (this.maxEntries === 0) return json;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { version, body, json });
    return json;
  }

  clear(): void {
    this.entries.clear();
  }
}
