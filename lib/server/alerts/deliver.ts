import "server-only";
/**
 * From a stream row to messages: `ingestEvent` stores one delivery row per matching rule and channel (unique on rule,
 * target and event, so every instance seeing the event stores one); `runDueDeliveries` claims due rows (status
 * sending, a lease, the attempt's ledger row, all in one transaction), sends, and records the outcome in another.
 * A claim whose instance died is taken back after its lease and its attempt marked interrupted; the retry carries the
 * same webhook-id / Message-ID, and an inbox item is written in the very transaction that marks it delivered.
 */
import type { LiveProduct } from "@/lib/query/live";
import { activeCalendarView } from "../core/active-calendar";
import type { DeskContext } from "../core/context";
import { alertDb, asDeskDb, type AlertDb, type AlertDeliveriesTable, type AlertEndpointsTable } from "../core/alert-tables";
import { newSequentialId } from "../core/ids";
import { ORG_KEY_ID } from "../core/teams-tables";
import { escapeHtml, sendEmail } from "../delivery/email";
import { sendPush } from "../delivery/push";
import { sendTelegram } from "../delivery/telegram";
import { sendWebhook, type AttemptResult } from "../delivery/webhook";
import { postInboxItem } from "../inbox/inbox";
import { decryptSecret } from "../identity/key-vault";
import { dueFor, kindMatches, toAlertEvent, type AlertEvent } from "./match";
import { endpointAad, parseRuleRow, unsubscribeToken, type StoredRule } from "./rules";

/** Deliveries whose rule_id starts with this are spend notices (lib/server/budgets/notify.ts), not a user's rule. */
export const SPEND_RULE_PREFIX = "spend:";

export interface DeliveryTuning {
  /** Waits before attempt 2, 3, …; after the last, the delivery has failed. */
  retryDelaysMs: readonly number[];
  /** How long a claim holds before another instance may take the delivery back. */
  claimMs: number;
  /** An endpoint failing this long is paused and its owner told. */
  pauseAfterMs: number;
  /** Rows claimed per pass. */
  batchSize: number;
}

export const DEFAULT_DELIVERY_TUNING: DeliveryTuning = {
  retryDelaysMs: [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 43_200_000],
  claimMs: 60_000,
  pauseAfterMs: 24 * 3_600_000,
  batchSize: 50,
};

/** The Alpha account whose streams a user's rules run on: their own key's, else the organisation key's. */
async function accountsOfUsers(db: AlertDb, userIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!userIds.length) return out;
  const [own, org] = await Promise.all([
    db.selectFrom("alpha_keys").select(["user_id", "account_id"]).where("user_id", "in", userIds).execute(),
    db.selectFrom("org_key").select("account_id").where("id", "=", ORG_KEY_ID).executeTakeFirst(),
  ]);
  for (const row of own) out.set(row.user_id, row.account_id);
  if (org) for (const id of userIds) if (!out.has(id)) out.set(id, org.account_id);
  return out;
}

/** Active rules with the account each runs on. */
export async function activeRules({ ctx }: { ctx: Pick<DeskContext, "db"> }): Promise<{ rule: StoredRule; accountId: string }[]> {
  const db = alertDb({ ctx });
  const rows = await db.selectFrom("alert_rules").selectAll().where("paused", "=", 0).execute();
  const accounts = await accountsOfUsers(db, [...new Set(rows.map((r) => r.user_id))]);
  return rows.flatMap((row) => {
    const accountId = accounts.get(row.user_id);
    if (!accountId) return [];
    try {
      return [{ rule: parseRuleRow(row), accountId }];
    } catch {
      return [];
    }
  });
}

/** The symbols a rule covers now: its named ones and the current members of its watchlists the owner can still see. */
export async function ruleSymbols(db: AlertDb, rule: StoredRule): Promise<Set<string>> {
  const symbols = new Set(rule.scope.symbols);
  if (rule.scope.watchlistIds.length) {
    const rows = await db
      .selectFrom("watchlist_items")
      .innerJoin("watchlists", "watchlists.id", "watchlist_items.watchlist_id")
      .select("watchlist_items.symbol")
      .where("watchlists.id", "in", rule.scope.watchlistIds)
      .where((eb) => eb.or([eb("watchlists.user_id", "=", rule.userId), eb("watchlists.sharing", "!=", "private")]))
      .execute();
    for (const r of rows) symbols.add(r.symbol.toUpperCase());
  }
  return symbols;
}

/** Stores the deliveries one stream row makes for the account's rules; returns how many were new. */
export async function ingestEvent({ ctx, input }: { ctx: DeskContext; input: { accountId: string; product: LiveProduct; row: Record<string, unknown>; caughtUp?: boolean } }): Promise<number> {
  const found = toAlertEvent(input.product, input.row);
  if (!found) return 0;
  const event: AlertEvent = input.caughtUp ? { ...found, caughtUp: true } : found;
  const db = alertDb({ ctx });
  const rules = (await activeRules({ ctx })).filter((r) => r.accountId === input.accountId && r.rule.kinds.some((k) => kindMatches(k, input.product, input.row)));
  if (!rules.length) return 0;
  const now = ctx.now();
  const view = await activeCalendarView({ ctx: ctx as DeskContext });
  let stored = 0;
  for (const { rule } of rules) {
    if (!(await ruleSymbols(db, rule)).has(event.symbol)) continue;
    const endpoints = rule.channels.endpointIds.length
      ? await db.selectFrom("alert_endpoints").select(["id", "channel"]).where("user_id", "=", rule.userId).where("id", "in", rule.channels.endpointIds).execute()
      : [];
    const targets = [...(rule.channels.inbox ? [{ id: "inbox", channel: "inbox" }] : []), ...endpoints];
    const { dueAt, batch } = dueFor(rule.timing, view, now.getTime());
    // Read after downtime: sent inside the rule's catch-up window, otherwise recorded as skipped with the reason.
    const missed = input.caughtUp ? catchUpVerdict(rule, event, now.getTime()) : null;
    for (const target of targets) {
      let status = missed ? "skipped" : "pending";
      let reason: string | null = missed;
      if (!missed && input.caughtUp) reason = "caught up: stored upstream while the desk was down";
      if (!missed && rule.timing.cooldownMinutes > 0) {
        const since = new Date(now.getTime() - rule.timing.cooldownMinutes * 60_000).toISOString();
        const recent = await db
          .selectFrom("alert_deliveries")
          .select("id")
          .where("rule_id", "=", rule.id)
          .where("target", "=", target.id)
          .where("symbol", "=", event.symbol)
          .where("status", "!=", "skipped")
          .where("created_at", ">=", since)
          .executeTakeFirst();
        if (recent) {
          status = "skipped";
          reason = `cooldown: ${event.symbol} was sent less than ${rule.timing.cooldownMinutes} min ago`;
        }
      }
      const row: AlertDeliveriesTable = {
        id: newSequentialId("dlv", now.getTime()),
        rule_id: rule.id,
        user_id: rule.userId,
        target: target.id,
        channel: target.channel,
        event_key: `${event.product}:${event.id}`,
        symbol: event.symbol,
        event: JSON.stringify(event),
        status,
        reason,
        due_at: new Date(dueAt).toISOString(),
        batch,
        attempts: 0,
        claimed_by: null,
        claimed_until: null,
        created_at: now.toISOString(),
        delivered_at: null,
      };
      const result = await db.insertInto("alert_deliveries").values(row).onConflict((oc) => oc.columns(["rule_id", "target", "event_key"]).doNothing()).executeTakeFirst();
      stored += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return stored;
}

/** Why a caught-up event is not sent for this rule (outside its window), or null when it is. */
function catchUpVerdict(rule: StoredRule, event: AlertEvent, now: number): string | null {
  const hours = rule.timing.catchUpHours;
  if (hours <= 0) return "missed while the desk was down: this rule does not catch up";
  const at = event.at ? Date.parse(event.at) : NaN;
  if (Number.isFinite(at) && at < now - hours * 3_600_000) return `missed while the desk was down: older than the rule's ${hours} h catch-up window`;
  return null;
}

/** Claims taken back from instances that died mid-send: due again now, their open attempt marked interrupted. */
async function recoverExpiredClaims(ctx: DeskContext): Promise<number> {
  const db = alertDb({ ctx });
  const now = ctx.now().toISOString();
  const expired = await db.selectFrom("alert_deliveries").select("id").where("status", "=", "sending").where("claimed_until", "<", now).limit(200).execute();
  let recovered = 0;
  for (const { id } of expired) {
    await db.transaction().execute(async (trx) => {
      const taken = await trx.updateTable("alert_deliveries").set({ status: "pending", claimed_by: null, claimed_until: null, due_at: now }).where("id", "=", id).where("status", "=", "sending").where("claimed_until", "<", now).executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return;
      recovered += 1;
      await trx.updateTable("alert_attempts").set({ status: "interrupted", error: "the desk stopped during this attempt; sent again with the same id", finished_at: now }).where("delivery_id", "=", id).where("status", "=", "sending").execute();
    });
  }
  return recovered;
}

interface Claimed {
  rows: AlertDeliveriesTable[];
  attemptIds: string[];
}

/** Claims a group of due rows and writes their attempts' ledger rows, in one transaction; null when another won. */
async function claim(ctx: DeskContext, ids: string[], tuning: DeliveryTuning): Promise<Claimed | null> {
  const db = alertDb({ ctx });
  const now = ctx.now();
  return db.transaction().execute(async (trx) => {
    const until = new Date(now.getTime() + tuning.claimMs).toISOString();
    const claimedIds: string[] = [];
    for (const id of ids) {
      const r = await trx
        .updateTable("alert_deliveries")
        .set((eb) => ({ status: "sending", claimed_by: ctx.instanceId, claimed_until: until, attempts: eb("attempts", "+", 1) }))
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where("due_at", "<=", now.toISOString())
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) claimedIds.push(id);
    }
    if (!claimedIds.length) return null;
    const rows = await trx.selectFrom("alert_deliveries").selectAll().where("id", "in", claimedIds).orderBy("id").execute();
    const attemptIds: string[] = [];
    for (const row of rows) {
      const attemptId = newSequentialId("att", now.getTime());
      attemptIds.push(attemptId);
      await trx
        .insertInto("alert_attempts")
        .values({ id: attemptId, delivery_id: row.id, rule_id: row.rule_id, user_id: row.user_id, channel: row.channel, target: row.target, event_key: row.event_key, attempt: row.attempts, status: "sending", http_status: null, latency_ms: null, error: null, started_at: now.toISOString(), finished_at: null })
        .execute();
    }
    return { rows, attemptIds };
  });
}

function deskOrigin(ctx: DeskContext): string {
  return (ctx.config.deskUrl ?? "http://127.0.0.1:3000").replace(/\/+$/, "");
}

const CAUGHT_UP = "Sent late: stored while the desk was down.";

function messageOf(ruleName: string, events: AlertEvent[]): { subject: string; text: string } {
  const late = events.some((e) => e.caughtUp) ? `\n${CAUGHT_UP}` : "";
  if (events.length === 1) {
    const [e] = events as [AlertEvent];
    return { subject: e.title, text: `${e.title}\n${e.summary}${late}`.trim() };
  }
  return { subject: `${ruleName}: ${events.length} events`, text: `${events.map((e) => `• ${e.title}${e.summary ? ` — ${e.summary}` : ""}${e.caughtUp ? " (sent late)" : ""}`).join("\n")}${late}` };
}

/** A single event's short text (inbox body, push body): its summary, and a note when it was caught up. */
function bodyOf(e: AlertEvent | undefined): string {
  return [e?.summary ?? "", e?.caughtUp ? CAUGHT_UP : ""].filter(Boolean).join(" ");
}

async function sendGroup(ctx: DeskContext, claimed: Claimed, rule: StoredRule | null, endpoint: AlertEndpointsTable | null): Promise<AttemptResult & { inbox?: boolean }> {
  const first = claimed.rows[0] as AlertDeliveriesTable;
  const events = claimed.rows.map((r) => JSON.parse(r.event) as AlertEvent);
  const spend = first.rule_id.startsWith(SPEND_RULE_PREFIX);
  const ruleName = spend ? "Spend notices" : (rule?.name ?? "Alert rule");
  const { subject, text } = messageOf(ruleName, events);
  if (first.channel === "inbox") return { ok: true, status: null, latencyMs: 0, error: null, inbox: true };
  if (!endpoint) return { ok: false, status: null, latencyMs: 0, error: "the endpoint was removed", permanent: true };
  if (endpoint.paused_at) return { ok: false, status: null, latencyMs: 0, error: "the endpoint is paused", permanent: true };
  const secret = endpoint.secret ? decryptSecret(ctx.secrets.encryptionKey, endpoint.secret, endpointAad(endpoint.id)) : null;
  switch (endpoint.channel) {
    case "webhook":
      return sendWebhook({
        url: endpoint.target,
        secret: secret ?? "",
        id: first.id,
        payload: { type: spend ? "spend.notice" : events.length > 1 || first.batch === "digest" ? "alert.digest" : "alert.event", rule: { id: first.rule_id, name: ruleName }, events: events.map((e, i) => ({ ...e, deliveryId: claimed.rows[i]?.id, href: `${deskOrigin(ctx)}${e.href}` })) },
        timeoutMs: ctx.config.delivery.webhookTimeoutMs,
        allowPrivate: ctx.config.delivery.allowPrivateWebhooks,
      });
    case "email": {
      if (spend) {
        const html = `<div style="font-family:system-ui,sans-serif">${events
          .map((e) => `<h2 style="font-size:16px"><a href="${escapeHtml(`${deskOrigin(ctx)}${e.href}`)}">${escapeHtml(e.title)}</a></h2><p>${escapeHtml(e.summary)}</p>`)
          .join("")}<p style="font-size:12px;color:#777">A spend notice of your desk, sent to every e-mail endpoint on your Deliveries page.</p></div>`;
        return sendEmail(ctx.config.delivery, { to: endpoint.target, subject, text: `${text}\n\nA spend notice of your desk.`, html, unsubscribeUrl: null, messageId: `<${first.id}@alpha-desk>` });
      }
      const unsubscribeUrl = `${deskOrigin(ctx)}/api/alert-unsubscribe/${unsubscribeToken({ ctx, ruleId: first.rule_id, endpointId: endpoint.id })}`;
      const html = `<div style="font-family:system-ui,sans-serif"><h2 style="font-size:16px">${escapeHtml(subject)}</h2><ul>${events
        .map((e) => `<li><a href="${escapeHtml(`${deskOrigin(ctx)}${e.href}`)}">${escapeHtml(e.title)}</a>${e.summary ? `<br><span style="color:#555">${escapeHtml(e.summary)}</span>` : ""}</li>`)
        .join("")}</ul><p style="font-size:12px;color:#777">From your rule “${escapeHtml(ruleName)}”. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from this rule's e-mail</a></p></div>`;
      return sendEmail(ctx.config.delivery, {
        to: endpoint.target,
        subject,
        text: `${text}\n\nFrom your rule "${ruleName}". Unsubscribe: ${unsubscribeUrl}`,
        html,
        unsubscribeUrl,
        messageId: `<${first.id}@alpha-desk>`,
      });
    }
    case "push": {
      const keys = JSON.parse(secret ?? "{}") as { p256dh: string; auth: string };
      return sendPush(ctx.config.delivery, {
        subscription: { endpoint: endpoint.target, keys },
        payload: { title: subject, body: events.length === 1 ? bodyOf(events[0]) : text, href: events.length === 1 ? (events[0]?.href ?? "/inbox") : "/inbox", tag: first.id },
      });
    }
    case "telegram":
      return sendTelegram({ apiUrl: ctx.config.delivery.telegramApiUrl, token: secret ?? "", chatId: endpoint.target, text: `${subject}\n${text === subject ? "" : text}`.trim() });
    default:
      return { ok: false, status: null, latencyMs: 0, error: `unknown channel ${endpoint.channel}`, permanent: true };
  }
}

async function finish(ctx: DeskContext, claimed: Claimed, result: AttemptResult & { inbox?: boolean }, rule: StoredRule | null, endpoint: AlertEndpointsTable | null, tuning: DeliveryTuning): Promise<void> {
  const db = alertDb({ ctx });
  const now = ctx.now();
  const first = claimed.rows[0] as AlertDeliveriesTable;
  await db.transaction().execute(async (trx) => {
    if (result.inbox) {
      const events = claimed.rows.map((r) => JSON.parse(r.event) as AlertEvent);
      const { subject, text } = messageOf(rule?.name ?? "Alert rule", events);
      await postInboxItem({
        ctx: { db: asDeskDb(trx), now: ctx.now },
        input: { accountId: null, userId: first.user_id, kind: "alert", title: subject, body: events.length === 1 ? bodyOf(events[0]) : text, href: events.length === 1 ? (events[0]?.href ?? null) : `/deliveries?rule=${first.rule_id}`, dedupeKey: `alert:${first.id}:${first.attempts}` },
      });
    }
    for (const [i, row] of claimed.rows.entries()) {
      const attemptId = claimed.attemptIds[i] as string;
      await trx
        .updateTable("alert_attempts")
        .set({ status: result.ok ? "delivered" : "failed", http_status: result.status, latency_ms: result.latencyMs, error: result.error, finished_at: now.toISOString() })
        .where("id", "=", attemptId)
        .execute();
      const delay = tuning.retryDelaysMs[row.attempts - 1];
      const next = result.ok
        ? { status: "delivered", delivered_at: now.toISOString(), reason: null }
        : result.permanent || delay === undefined
          ? { status: "failed", reason: result.error }
          : { status: "pending", due_at: new Date(now.getTime() + delay).toISOString(), reason: result.error };
      await trx
        .updateTable("alert_deliveries")
        .set({ ...next, claimed_by: null, claimed_until: null })
        .where("id", "=", row.id)
        .where("claimed_by", "=", ctx.instanceId)
        .execute();
    }
    if (endpoint) {
      if (result.ok) await trx.updateTable("alert_endpoints").set({ failing_since: null }).where("id", "=", endpoint.id).execute();
      else {
        const since = endpoint.failing_since ?? now.toISOString();
        const pause = !endpoint.paused_at && now.getTime() - Date.parse(since) >= tuning.pauseAfterMs;
        await trx.updateTable("alert_endpoints").set({ failing_since: since, ...(pause ? { paused_at: now.toISOString() } : {}) }).where("id", "=", endpoint.id).execute();
        if (pause) {
          await postInboxItem({
            ctx: { db: asDeskDb(trx), now: ctx.now },
            input: {
              accountId: null,
              userId: endpoint.user_id,
              kind: "delivery",
              title: `Paused ${endpoint.label}: it has failed since ${since.slice(0, 16).replace("T", " ")} UTC`,
              body: `Last error: ${result.error ?? "unknown"}. Nothing is sent to it until you resume it on the Deliveries page.`,
              href: "/deliveries",
              dedupeKey: `endpoint-paused:${endpoint.id}:${since}`,
            },
          });
        }
      }
    }
  });
}

/** One pass: takes back dead claims, then claims and sends what is due (each group on its own: one never waits on another). */
export async function runDueDeliveries({ ctx, tuning = DEFAULT_DELIVERY_TUNING }: { ctx: DeskContext; tuning?: DeliveryTuning }): Promise<{ sent: number; failed: number; recovered: number }> {
  const recovered = await recoverExpiredClaims(ctx);
  const db = alertDb({ ctx });
  const due = await db.selectFrom("alert_deliveries").selectAll().where("status", "=", "pending").where("due_at", "<=", ctx.now().toISOString()).orderBy("due_at").limit(tuning.batchSize).execute();
  const groups = new Map<string, string[]>();
  for (const row of due) {
    const key = row.batch === "digest" ? `${row.rule_id}|${row.target}|${row.due_at}` : row.id;
    groups.set(key, [...(groups.get(key) ?? []), row.id]);
  }
  let sent = 0;
  let failed = 0;
  await Promise.all(
    [...groups.values()].map(async (ids) => {
      try {
        const claimed = await claim(ctx, ids, tuning);
        if (!claimed) return;
        const first = claimed.rows[0] as AlertDeliveriesTable;
        const ruleRow = await db.selectFrom("alert_rules").selectAll().where("id", "=", first.rule_id).executeTakeFirst();
        const rule = ruleRow ? parseRuleRow(ruleRow) : null;
        const endpoint = first.target === "inbox" ? null : ((await db.selectFrom("alert_endpoints").selectAll().where("id", "=", first.target).executeTakeFirst()) ?? null);
        let result: AttemptResult & { inbox?: boolean };
        try {
          result = await sendGroup(ctx, claimed, rule, endpoint);
        } catch (error) {
          result = { ok: false, status: null, latencyMs: 0, error: error instanceof Error ? error.message : String(error) };
        }
        await finish(ctx, claimed, result, rule, endpoint, tuning);
        if (result.ok) sent += claimed.rows.length;
        else failed += claimed.rows.length;
      } catch (error) {
        console.error(JSON.stringify({ level: "error", msg: "alert delivery", error: error instanceof Error ? error.message : String(error) }));
      }
    }),
  );
  return { sent, failed, recovered };
}
