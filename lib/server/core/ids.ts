import "server-only";
import { randomUUID } from "node:crypto";

/** Prefixed random ids: `usr_…`, `wl_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll("-", "")}`;
}

/**
 * Ids that sort in the order they were made (the time, then 80 random bits), for append-only logs: a random key puts
 * each insert on a random page of the index, so inserts cost more as the log grows. Still unguessable and unique.
 */
export function newSequentialId(prefix: string, now: number = Date.now()): string {
  // A UUID v4's hex digits are random except the version (index 12) and the variant's top bits (index 16).
  const random = randomUUID().replaceAll("-", "");
  return `${prefix}_${Math.max(0, Math.floor(now)).toString(16).padStart(12, "0").slice(-12)}${random.slice(0, 12)}${random.slice(13, 16)}${random.slice(17, 22)}`;
}
