import "server-only";
/** The delivery ledger as its owner reads it (every attempt, and deliveries skipped with why), and "send again". */
import { AlphaError } from "@/lib/alpha/errors";
import type { DeliveryPage, DeliveryRow, ListDeliveriesQuery } from "@/lib/desk/alert-rules";
import type { DeskContext } from "../core/context";
import { alertDb } from "../core/alert-tables";
import type { SessionUser } from "../identity/users";
import type { AlertEvent } from "./match";
import { unsubscribe, unsubscribeTarget } from "./rules";

const PAGE = 50;

export async function listDeliveries({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: ListDeliveriesQuery }): Promise<DeliveryPage> {
  const db = alertDb({ ctx });
  const rows: DeliveryRow[] = [];
  const names = new Map((await db.selectFrom("alert_rules").select(["id", "name"]).where("user_id", "=", user.id).execute()).map((r) => [r.id, r.name]));
  const labels = new Map((await db.selectFrom("alert_endpoints").select(["id", "label"]).where("user_id", "=", user.id).execute()).map((r) => [r.id, r.label]));
  const describe = (event: string) => {
    try {
      const e = JSON.parse(event) as AlertEvent;
      return { symbol: e.symbol, title: e.title };
    } catch {
      return { symbol: "", title: "" };
    }
  };
  if (input.status !== "skipped") {
    let q = db
      .selectFrom("alert_attempts")
      .innerJoin("alert_deliveries", "alert_deliveries.id", "alert_attempts.delivery_id")
      .select(["alert_attempts.id", "alert_attempts.delivery_id", "alert_attempts.rule_id", "alert_attempts.channel", "alert_attempts.target", "alert_attempts.event_key", "alert_attempts.attempt", "alert_attempts.status", "alert_attempts.http_status", "alert_attempts.latency_ms", "alert_attempts.error", "alert_attempts.started_at", "alert_deliveries.event"])
      .where("alert_attempts.user_id", "=", user.id)
      .orderBy("alert_attempts.id", "desc")
      .limit(PAGE + 1);
    if (input.rule) q = q.where("alert_attempts.rule_id", "=", input.rule);
    if (input.channel) q = q.where("alert_attempts.channel", "=", input.channel);
    if (input.status) q = q.where("alert_attempts.status", "=", input.status);
    if (input.before) q = q.where("alert_attempts.id", "<", input.before);
    for (const r of await q.execute()) {
      rows.push({
        id: r.id,
        deliveryId: r.delivery_id,
        ruleId: r.rule_id,
        ruleName: names.get(r.rule_id) ?? "(deleted rule)",
        channel: r.channel,
        target: r.target === "inbox" ? "Inbox" : (labels.get(r.target) ?? "(removed endpoint)"),
        ...describe(r.event),
        eventKey: r.event_key,
        attempt: r.attempt,
        status: r.status as DeliveryRow["status"],
        httpStatus: r.http_status,
        latencyMs: r.latency_ms,
        error: r.error,
        at: r.started_at,
      });
    }
  }
  if (!input.status || input.status === "skipped") {
    let q = db.selectFrom("alert_deliveries").selectAll().where("user_id", "=", user.id).where("status", "=", "skipped").orderBy("id", "desc").limit(PAGE + 1);
    if (input.rule) q = q.where("rule_id", "=", input.rule);
    if (input.channel) q = q.where("channel", "=", input.channel);
    if (input.before) q = q.where("id", "<", input.before);
    for (const r of await q.execute()) {
      rows.push({ id: r.id, deliveryId: r.id, ruleId: r.rule_id, ruleName: names.get(r.rule_id) ?? "(deleted rule)", channel: r.channel, target: r.target === "inbox" ? "Inbox" : (labels.get(r.target) ?? "(removed endpoint)"), ...describe(r.event), eventKey: r.event_key, attempt: r.attempts, status: "skipped", httpStatus: null, latencyMs: null, error: r.reason, at: r.created_at });
    }
  }
  rows.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1));
  const page = rows.slice(0, PAGE);
  return { rows: page, nextBefore: rows.length > PAGE ? (page.at(-1)?.id ?? null) : null };
}

/** Sends a delivery again now (a delivered, failed or skipped one): the same id, so a receiver that has it can drop it. */
export async function resendDelivery({ ctx, user, id }: { ctx: DeskContext; user: SessionUser; id: string }): Promise<{ id: string; status: "pending" }> {
  const db = alertDb({ ctx });
  const row = await db.selectFrom("alert_deliveries").select(["id", "status", "target"]).where("id", "=", id).where("user_id", "=", user.id).executeTakeFirst();
  if (!row) throw new AlphaError("not_found", "No such delivery");
  if (row.status === "sending" || row.status === "pending") throw new AlphaError("invalid_body", "That delivery is already on its way");
  if (row.target !== "inbox") {
    const endpoint = await db.selectFrom("alert_endpoints").select(["paused_at"]).where("id", "=", row.target).executeTakeFirst();
    if (!endpoint) throw new AlphaError("invalid_body", "Its endpoint was removed");
    if (endpoint.paused_at) throw new AlphaError("invalid_body", "Its endpoint is paused: resume it first");
  }
  // Sent alone, now (a digest's member goes out as an event of its own).
  await db.updateTable("alert_deliveries").set({ status: "pending", due_at: ctx.now().toISOString(), batch: "instant", reason: null }).where("id", "=", id).where("status", "in", ["delivered", "failed", "skipped"]).execute();
  return { id, status: "pending" };
}

function page(status: number, title: string, body: string): Response {
  return new Response(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><main><h1 style="font-size:1.25rem">${title}</h1>${body}</main></body></html>`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

const escapeName = (name: string) => name.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const NOT_RECOGNISED = () => page(404, "Link not recognised", "<p>This unsubscribe link is not valid, or its rule was deleted.</p>");

/** The unsubscribe link opened (or fetched by a mail scanner): it changes nothing, it asks to confirm with a POST. */
export async function serveUnsubscribe({ ctx, token }: { ctx: DeskContext; token: string }): Promise<Response> {
  const target = await unsubscribeTarget({ ctx, token });
  if (!target) return NOT_RECOGNISED();
  const name = escapeName(target.ruleName);
  if (!target.subscribed) return page(200, "Already unsubscribed", `<p>Alert e-mail from the rule “${name}” was already stopped.</p>`);
  return page(
    200,
    "Stop these alert e-mails?",
    `<p>Alert e-mail from the rule “${name}” stops when you confirm. Its other channels are unchanged.</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font:inherit;padding:.5rem 1rem">Unsubscribe</button></form>`,
  );
}

/** RFC 8058: a POST with the body `List-Unsubscribe=One-Click` (the mail provider's, or the confirm page's form). */
export async function serveOneClickUnsubscribe({ ctx, token, request }: { ctx: DeskContext; token: string; request: Request }): Promise<Response> {
  let value: string | null = null;
  try {
    const type = request.headers.get("content-type") ?? "";
    if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) value = (await request.formData()).get("List-Unsubscribe") as string | null;
  } catch {
    value = null;
  }
  if (value !== "One-Click") return page(400, "Not an unsubscribe request", "<p>An unsubscribe POST carries the form field List-Unsubscribe=One-Click (RFC 8058).</p>");
  const done = await unsubscribe({ ctx, token });
  if (!done) return NOT_RECOGNISED();
  return page(200, "Unsubscribed", `<p>Alert e-mail from the rule “${escapeName(done.ruleName)}” stops now. Its other channels are unchanged; manage it on the desk's Alert rules page.</p>`);
}
