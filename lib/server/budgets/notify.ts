import "server-only";
/**
 * Spend notices (budget crossings, the ladder, runway, unusual spend, weekly reports) to the inbox, and to the
 * audience's e-mail and webhook endpoints through the alert delivery queue. The claim row is unique per account and
 * dedupe key and is written in the transaction that posts everything, so a notice goes out once however many try.
 */
import { AlphaError } from "@/lib/alpha/errors";
import type { DeskContext } from "../core/context";
import { budgetAsDeskDb, budgetDb } from "../core/budget-tables";
import { newSequentialId } from "../core/ids";
import { SPEND_RULE_PREFIX } from "../alerts/deliver";
import { tickAlertEngine } from "../alerts/engine";
import { postInboxItem } from "../inbox/inbox";

export type SpendNoticeKind = "budget_threshold" | "budget_recovered" | "budget_ladder" | "runway" | "unusual_spend" | "weekly_report";

export interface SpendNotice {
  accountId: string;
  kind: SpendNoticeKind;
  dedupeKey: string;
  title: string;
  body: string;
  link?: string;
  audience: "admins" | { userId: string };
}

const KINDS: readonly SpendNoticeKind[] = ["budget_threshold", "budget_recovered", "budget_ladder", "runway", "unusual_spend", "weekly_report"];
/** Channels a spend notice goes to besides the inbox. */
const NOTICE_CHANNELS = ["email", "webhook"];

function check(input: SpendNotice): void {
  const bad = (message: string) => new AlphaError("invalid_parameter", `Spend notice: ${message}`);
  if (!input.accountId) throw bad("accountId is required");
  if (!KINDS.includes(input.kind)) throw bad(`kind must be one of ${KINDS.join(", ")}`);
  if (!input.dedupeKey || input.dedupeKey.length > 200) throw bad("dedupeKey must be 1 to 200 characters");
  if (!input.title.trim() || input.title.length > 200) throw bad("title must be 1 to 200 characters");
  if (input.body.length > 4000) throw bad("body must be at most 4,000 characters");
  if (input.link !== undefined && !/^\/(?!\/)[^\s\\]*$/.test(input.link)) throw bad("link must be a path of the desk");
  if (input.audience !== "admins" && !input.audience?.userId) throw bad('audience must be "admins" or { userId }');
}

/** Delivers a notice once per (accountId, dedupeKey); `delivered` is false when it had already gone out. */
export async function notifySpend({ ctx, input }: { ctx: DeskContext; input: SpendNotice }): Promise<{ delivered: boolean }> {
  check(input);
  const db = budgetDb({ ctx });
  const now = ctx.now();
  const noticeId = newSequentialId("spn", now.getTime());
  const link = input.link ?? "/usage";
  const queued = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("spend_notices")
      .values({
        id: noticeId,
        account_id: input.accountId,
        dedupe_key: input.dedupeKey,
        kind: input.kind,
        title: input.title.trim(),
        body: input.body,
        link,
        audience: input.audience === "admins" ? "admins" : input.audience.userId,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(["account_id", "dedupe_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return null;
    let readers = trx.selectFrom("users").select("id").where("disabled", "=", 0);
    readers = input.audience === "admins" ? readers.where("role", "=", "admin") : readers.where("id", "=", input.audience.userId);
    const userIds = (await readers.execute()).map((r) => r.id);
    for (const userId of userIds) {
      await postInboxItem({
        ctx: { db: budgetAsDeskDb(trx), now: ctx.now },
        input: { accountId: input.accountId, userId, kind: "budget", title: input.title, body: input.body, href: link, dedupeKey: `spend:${input.accountId}:${input.dedupeKey}:${userId}` },
      });
    }
    const endpoints = userIds.length
      ? await trx.selectFrom("alert_endpoints").select(["id", "user_id", "channel"]).where("user_id", "in", userIds).where("channel", "in", NOTICE_CHANNELS).where("paused_at", "is", null).execute()
      : [];
    const event = { product: "spend", id: noticeId, symbol: "", title: input.title.trim(), summary: input.body, category: input.kind, at: now.toISOString(), href: link };
    for (const endpoint of endpoints) {
      await trx
        .insertInto("alert_deliveries")
        .values({
          id: newSequentialId("dlv", now.getTime()),
          rule_id: `${SPEND_RULE_PREFIX}${input.kind}`,
          user_id: endpoint.user_id,
          target: endpoint.id,
          channel: endpoint.channel,
          event_key: `notice:${noticeId}`,
          symbol: "",
          event: JSON.stringify(event),
          status: "pending",
          reason: null,
          due_at: now.toISOString(),
          batch: "instant",
          attempts: 0,
          claimed_by: null,
          claimed_until: null,
          created_at: now.toISOString(),
          delivered_at: null,
        })
        .onConflict((oc) => oc.columns(["rule_id", "target", "event_key"]).doNothing())
        .execute();
    }
    return endpoints.length;
  });
  if (queued === null) return { delivered: false };
  if (queued > 0) tickAlertEngine({ ctx });
  return { delivered: true };
}
