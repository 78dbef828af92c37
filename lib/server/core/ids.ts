import "server-only";
import { randomUUID } from "node:crypto";

/** Prefixed random ids: `usr_…`, `spn_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll("-", "")}`;
}
