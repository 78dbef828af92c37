import "server-only";
import { randomUUID } from "node:crypto";

/** Prefixed random ids: `usr_…`, `wl_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll("-", "")}`;
}

let lastMs = -1;
let inSameMs = 0;

/**
 * Ids that sort in the order they were made (the time, a count within the millisecond, then 64 random bits), for
 * append-only logs: a random key puts each insert on a random page of the index, so inserts cost more as the log
 * grows. Two ids made in one millisecond by this process sort in the order they were made. Unguessable and unique.
 */
export function newSequentialId(prefix: string, now: number = Date.now()): string {
  const ms = Math.max(0, Math.floor(now));
  inSameMs = ms === lastMs ? (inSameMs + 1) & 0xffff : 0;
  lastMs = ms;
  // A UUID v4's hex digits are random except the version (index 12) and the variant's top bits (index 16).
  const random = randomUUID().replaceAll("-", "");
  return `${prefix}_${ms.toString(16).padStart(12, "0").slice(-12)}${inSameMs.toString(16).padStart(4, "0")}${random.slice(0, 12)}${random.slice(17, 21)}`;
}
