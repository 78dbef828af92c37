import "server-only";
/**
 * The in-desk inbox. `postInboxItem` is how any feature tells people something (alert deliveries, budget crossings,
 * paused endpoints): idempotent on its dedupe key, so a retried or doubled post stores one item. An item is for one
 * user, or (userId null) for every user whose Alpha account is `accountId`: their own key's, or the organisation
 * key's when they have none of their own (admins see the organisation account's items as well).
 */

import { AlphaError } from "@/lib/alpha/errors";
import type { InboxItem, InboxPage, InboxUnread, ListInboxQuery, MarkInboxInput } from "@/lib/desk/inbox";
import { INBOX_PAGE_SIZE, markInboxInputSchema } from "@/lib/desk/inbox";
import type { DeskContext } from "../core/context";
import { toNumber } from "../core/db";
import { newSequentialId } from "../core/ids";
import { inboxDb, type InboxDb, type InboxItemsTable } from "../core/inbox-tables";
import { ORG_KEY_ID } from "../core/teams-tables";
import type { SessionUser } from "../identity/users";
import { parseOrThrow } from "../identity/users";

export interface PostInboxItemInput {
  /** The upstream account the item is about; required when userId is null (every user of that account reads it). */
  accountId: string | null;
  /** The one reader, or null for every user of accountId. */
  userId: string | null;
  /** What posted it, as a short label: "alert", "budget", "delivery". */
  kind: string;
  title: string;
  body: string;
  /** A desk path ("/usage?range=day"), or null. */
  href: string | null;
  /** Posting the same key again stores nothing new; put your feature and scope in it ("budget:b_1:2026-11-28:80"). */
  dedupeKey: string;
}

export interface PostedInboxItem {
  id: string;
  /** False when an item with this dedupe key was already there (nothing was stored). */
  created: boolean;
}

/** `ctx` may carry a transaction as its `db`, so the item is stored with the caller's own rows or not at all. */
export type InboxCtx = Pick<DeskContext, "db" | "now">;

function checkPost(input: PostInboxItemInput): void {
  const bad = (message: string) => new AlphaError("invalid_parameter", `Inbox item: ${message}`);
  if (input.userId === null && !input.accountId) throw bad("an item for a whole account needs its accountId");
  if (!/^[a-z][a-z0-9_-]{0,31}$/.test(input.kind)) throw bad("kind must be a short lower-case label");
  if (!input.title.trim() || input.title.length > 200) throw bad("title must be 1 to 200 characters");
  if (input.body.length > 4000) throw bad("body must be at most 4,000 characters");
  if (!input.dedupeKey || input.dedupeKey.length > 300) throw bad("dedupeKey must be 1 to 300 characters");
  // Only the desk's own pages: an item never links to another site or a script URL.
  if (input.href !== null && !/^\/(?!\/)[^\s\\]*$/.test(input.href)) throw bad("href must be a path of the desk");
}

/** Stores one inbox item, once per dedupe key. */
export async function postInboxItem({ ctx, input }: { ctx: InboxCtx; input: PostInboxItemInput }): Promise<PostedInboxItem> {
  checkPost(input);
  const db = inboxDb({ ctx });
  const id = newSequentialId("inb", ctx.now().getTime());
  const inserted = await db
    .insertInto("inbox_items")
    .values({
      id,
      account_id: input.accountId,
      user_id: input.userId,
      kind: input.kind,
      title: input.title.trim(),
      body: input.body,
      href: input.href,
      dedupe_key: input.dedupeKey,
      created_at: ctx.now().toISOString(),
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await db.selectFrom("inbox_items").select("id").where("dedupe_key", "=", input.dedupeKey).executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/** The Alpha accounts whose account-wide items this user reads. */
export async function readerAccounts(db: InboxDb, user: Pick<SessionUser, "id" | "role">): Promise<string[]> {
  const [own, org] = await Promise.all([
    db.selectFrom("alpha_keys").select("account_id").where("user_id", "=", user.id).executeTakeFirst(),
    db.selectFrom("org_key").select("account_id").where("id", "=", ORG_KEY_ID).executeTakeFirst(),
  ]);
  const accounts = new Set<string>();
  if (own) accounts.add(own.account_id);
  if (org && (!own || user.role === "admin")) accounts.add(org.account_id);
  return [...accounts];
}

function visibleTo(db: InboxDb, userId: string, accounts: string[]) {
  return db.selectFrom("inbox_items").where((eb) =>
    accounts.length ? eb.or([eb("inbox_items.user_id", "=", userId), eb.and([eb("inbox_items.user_id", "is", null), eb("inbox_items.account_id", "in", accounts)])]) : eb("inbox_items.user_id", "=", userId),
  );
}

function toItem(row: InboxItemsTable & { read_at: string | null }): InboxItem {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, href: row.href, createdAt: row.created_at, read: row.read_at !== null, audience: row.user_id === null ? "account" : "you" };
}

async function countUnread(db: InboxDb, userId: string, accounts: string[]): Promise<number> {
  const row = await visibleTo(db, userId, accounts)
    .leftJoin("inbox_reads", (join) => join.onRef("inbox_reads.item_id", "=", "inbox_items.id").on("inbox_reads.user_id", "=", userId))
    .where("inbox_reads.item_id", "is", null)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return toNumber(row?.n);
}

export async function getInboxUnread({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<InboxUnread> {
  const db = inboxDb({ ctx });
  return { unread: await countUnread(db, user.id, await readerAccounts(db, user)) };
}

export async function listInbox({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: ListInboxQuery }): Promise<InboxPage> {
  const db = inboxDb({ ctx });
  const accounts = await readerAccounts(db, user);
  let query = visibleTo(db, user.id, accounts)
    .leftJoin("inbox_reads", (join) => join.onRef("inbox_reads.item_id", "=", "inbox_items.id").on("inbox_reads.user_id", "=", user.id))
    .selectAll("inbox_items")
    .select("inbox_reads.read_at")
    .orderBy("inbox_items.id", "desc")
    .limit(INBOX_PAGE_SIZE + 1);
  if (input.show === "unread") query = query.where("inbox_reads.item_id", "is", null);
  if (input.before) query = query.where("inbox_items.id", "<", input.before);
  const [rows, unread] = await Promise.all([query.execute(), countUnread(db, user.id, accounts)]);
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  return { items: page.map(toItem), unread, nextBefore: rows.length > INBOX_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null };
}

/** Marks items read or unread for this reader (items they cannot see are ignored), or every visible item read. */
export async function markInbox({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: MarkInboxInput }): Promise<InboxUnread> {
  const parsed = parseOrThrow(markInboxInputSchema, input);
  const db = inboxDb({ ctx });
  const accounts = await readerAccounts(db, user);
  const now = ctx.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const scoped = visibleTo(trx, user.id, accounts);
    const ids = "all" in parsed ? null : parsed.ids;
    if (ids && !parsed.read) {
      const mine = (await scoped.select("inbox_items.id").where("inbox_items.id", "in", ids).execute()).map((r) => r.id);
      if (mine.length) await trx.deleteFrom("inbox_reads").where("user_id", "=", user.id).where("item_id", "in", mine).execute();
      return;
    }
    let unreadOnes = scoped
      .leftJoin("inbox_reads", (join) => join.onRef("inbox_reads.item_id", "=", "inbox_items.id").on("inbox_reads.user_id", "=", user.id))
      .where("inbox_reads.item_id", "is", null)
      .select("inbox_items.id");
    if (ids) unreadOnes = unreadOnes.where("inbox_items.id", "in", ids);
    const toMark = (await unreadOnes.execute()).map((r) => r.id);
    for (let i = 0; i < toMark.length; i += 200) {
      await trx
        .insertInto("inbox_reads")
        .values(toMark.slice(i, i + 200).map((item_id) => ({ item_id, user_id: user.id, read_at: now })))
        .onConflict((oc) => oc.columns(["item_id", "user_id"]).doNothing())
        .execute();
    }
  });
  return { unread: await countUnread(db, user.id, accounts) };
}

/** Items older than `days` are removed with their read marks (the inbox is a notice board, not an archive). */
export async function pruneInbox({ ctx, days = 90 }: { ctx: InboxCtx; days?: number }): Promise<number> {
  const db = inboxDb({ ctx });
  const cutoff = new Date(ctx.now().getTime() - days * 86_400_000).toISOString();
  const old = db.selectFrom("inbox_items").select("id").where("created_at", "<", cutoff);
  await db.deleteFrom("inbox_reads").where("item_id", "in", old).execute();
  const result = await db.deleteFrom("inbox_items").where("created_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

