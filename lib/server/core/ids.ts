import "server-only";
import { randomUUID } from "node:crypto";

/** Prefixed random ids: `usr_…`, `wl_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll("-", "")}`;
}

/**
 * Prefixed ids that sort in the order they were made, for rows of append-only logs (`spn_…`, `aud_…`): the time in
 * milliseconds (12 hex digits) and then 80 random bits, 32 hex digits as newId's. A random primary key puts each new
 * row's index entry on a random page of the key's B-tree, so every commit rewrites pages all over it and the more the
 * log holds, the more each insert costs; these land on its last page. Still unguessable and unique without
 * coordination (two instances' ids of the same millisecond differ in the random part).
 */
export function newSequentialId(prefix: string, now: number = Date.now()): string {
  // A UUID v4's hex digits are random except the version (index 12) and the variant's top bits (index 16).
  const random = randomUUID().replaceAll("-", "");
  return `${prefix}_${Math.max(0, Math.floor(now)).toString(16).padStart(12, "0").slice(-12)}${random.slice(0, 12)}${random.slice(13, 16)}${random.slice(17, 22)}`;
}
