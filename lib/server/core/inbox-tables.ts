import "server-only";
/** Row types of the in-desk inbox (migration 2026_11_28_i43_inbox); `inboxDb({ ctx })` is the desk database typed with them. */
import type { Kysely } from "kysely";
import type { DeskContext } from "./context";
import type { DeskDatabase } from "./db";
import type { TeamsTables } from "./teams-tables";

/** One message in the desk: for one user, or (user_id null) for every user of an upstream account. */
export interface InboxItemsTable {
  id: string;
  /** The upstream account the item is about; null for a user's own item with no account behind it. */
  account_id: string | null;
  /** The one reader; null: every user whose Alpha account (own key, or the organisation key) is account_id. */
  user_id: string | null;
  /** What posted it: "alert", "budget", "delivery", … (free text, shown as a label). */
  kind: string;
  title: string;
  body: string;
  /** A desk path the item links to ("/deliveries?rule=…"), or null. */
  href: string | null;
  /** Unique: posting the same key twice stores one item (callers put their own scope in it). */
  dedupe_key: string;
  created_at: string;
}

/** Read marks, per reader (an account-wide item is read by each of its readers apart). */
export interface InboxReadsTable {
  item_id: string;
  user_id: string;
  read_at: string;
}

export type InboxTables = {
  inbox_items: InboxItemsTable;
  inbox_reads: InboxReadsTable;
};

export type InboxDb = Kysely<DeskDatabase & TeamsTables & InboxTables>;

export function inboxDb({ ctx }: { ctx: Pick<DeskContext, "db"> }): InboxDb {
  return ctx.db.withTables<TeamsTables & InboxTables>();
}
