import "server-only";
/**
 * Catching up after downtime: while an account's stream is followed (connected) the engine marks it seen until now;
 * a desk coming back reads what was stored upstream since that mark (a paid list read, inside the longest catch-up
 * window of the rules on it) and ingests each row as caught up. The delivery rows' uniqueness keeps every event once
 * per channel, whether it also came live, was caught up before, or another instance caught it up too.
 */
import { MAX_LIST_VALUES } from "@/lib/alpha/query-params";
import type { LiveProduct } from "@/lib/query/live";
import { liveRowTime } from "@/lib/query/live";
import type { DeskContext } from "../core/context";
import { alertDb } from "../core/alert-tables";
import { getUserById } from "../identity/users";
import { callAlpha } from "../upstream/alpha-proxy";
import { ingestEvent } from "./deliver";

/** Read from this long before the mark: a row stored just before it may not have come through the socket yet. */
export const CATCH_UP_OVERLAP_MS = 60_000;
/** Pages of 50 read per account and stream at most, on one return. */
export const CATCH_UP_MAX_PAGES = 20;

export const watermarkKey = (accountId: string, product: LiveProduct) => `${accountId}|${product}`;

/** Marks the streams as followed until now (the engine calls it while they are connected). */
export async function markFollowed({ ctx, keys }: { ctx: DeskContext; keys: string[] }): Promise<void> {
  if (!keys.length) return;
  const now = ctx.now().toISOString();
  const db = alertDb({ ctx });
  for (const channel of keys) {
    await db
      .insertInto("alert_watermarks")
      .values({ channel, seen_until: now })
      .onConflict((oc) => oc.column("channel").doUpdateSet({ seen_until: now }))
      .execute();
  }
}

export interface CatchUpResult {
  /** Rows read upstream. */
  read: number;
  /** Delivery rows stored (sent or skipped with the reason). */
  stored: number;
  credits: number;
  /** The instant reading started from; null when there was nothing to catch up. */
  from: string | null;
}

async function listPage(ctx: DeskContext, user: Parameters<typeof callAlpha>[0]["user"], product: LiveProduct, query: { symbols: string[]; from: string; page: number; limit: number }) {
  const options = { fresh: true, label: "Alert rules: catching up after the desk was down" };
  switch (product) {
    case "announcements": {
      const res = await callAlpha({ ctx, user, id: "listAnnouncements", input: { query: { ...query, detailed: true } }, options });
      return { rows: res.data.data as Record<string, unknown>[], hasNext: res.data.has_next, credits: res.meta.creditsCharged };
    }
    case "alerts": {
      const res = await callAlpha({ ctx, user, id: "listAlerts", input: { query }, options });
      return { rows: res.data.data as Record<string, unknown>[], hasNext: res.data.has_next, credits: res.meta.creditsCharged };
    }
    case "news": {
      const res = await callAlpha({ ctx, user, id: "listNews", input: { query }, options });
      return { rows: res.data.data as Record<string, unknown>[], hasNext: res.data.has_next, credits: res.meta.creditsCharged };
    }
    case "block-deals": {
      const res = await callAlpha({ ctx, user, id: "listBlockDeals", input: { query }, options });
      return { rows: res.data.data as Record<string, unknown>[], hasNext: res.data.has_next, credits: res.meta.creditsCharged };
    }
  }
}

/**
 * Reads what the account's stream stored upstream since it was last followed, inside `windowHours`, for `symbols`,
 * paid by `userId` (an owner of a rule on it), and ingests it. Nothing is read the first time a stream is followed.
 */
export async function catchUpStream({
  ctx,
  input,
}: {
  ctx: DeskContext;
  input: { accountId: string; product: LiveProduct; symbols: string[]; userId: string; windowHours: number };
}): Promise<CatchUpResult> {
  const none: CatchUpResult = { read: 0, stored: 0, credits: 0, from: null };
  if (input.windowHours <= 0 || !input.symbols.length) return none;
  const mark = await alertDb({ ctx }).selectFrom("alert_watermarks").select("seen_until").where("channel", "=", watermarkKey(input.accountId, input.product)).executeTakeFirst();
  if (!mark) return none;
  const now = ctx.now().getTime();
  const fromMs = Math.max(Date.parse(mark.seen_until) - CATCH_UP_OVERLAP_MS, now - input.windowHours * 3_600_000);
  if (!Number.isFinite(fromMs) || fromMs >= now) return none;
  const user = await getUserById({ ctx, id: input.userId });
  if (!user || user.disabled) return none;
  const from = new Date(fromMs).toISOString();
  const out: CatchUpResult = { ...none, from };
  for (let i = 0; i < input.symbols.length; i += MAX_LIST_VALUES) {
    const symbols = input.symbols.slice(i, i + MAX_LIST_VALUES);
    for (let page = 1; page <= CATCH_UP_MAX_PAGES; page++) {
      const answer = await listPage(ctx, user, input.product, { symbols, from, page, limit: 50 });
      out.credits += answer.credits;
      for (const row of answer.rows) {
        const at = liveRowTime(input.product, row as { timestamp?: string | null; date?: string | null });
        if (at && Date.parse(at) < fromMs) continue;
        out.read += 1;
        out.stored += await ingestEvent({ ctx, input: { accountId: input.accountId, product: input.product, row, caughtUp: true } });
      }
      if (!answer.hasNext) break;
    }
  }
  return out;
}
