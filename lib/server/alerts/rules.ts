import "server-only";
/**
 * Alert rules and endpoints: a user's own (an admin's rules are theirs too; a team rule is an admin's rule on a shared
 * watchlist). Every rule runs on the live streams, so its cost is 0 credits a day; the form says so before saving.
 */
import { createHmac } from "node:crypto";
import { AlphaError } from "@/lib/alpha/errors";
import type { AlertEndpoint, AlertRule, CreateAlertEndpointInput, RuleChannels, RuleKind, RuleScope, RuleTiming, SaveAlertRuleInput } from "@/lib/desk/alert-rules";
import { createAlertEndpointInputSchema, ruleChannelsSchema, ruleKindSchema, ruleScopeSchema, ruleTimingSchema, saveAlertRuleInputSchema } from "@/lib/desk/alert-rules";
import * as z from "zod";
import type { DeskContext } from "../core/context";
import { alertDb, type AlertEndpointsTable, type AlertRulesTable } from "../core/alert-tables";
import { newId } from "../core/ids";
import { checkWebhookUrl } from "../delivery/ssrf";
import { isEmailAddress } from "../delivery/email";
import { isTelegramToken } from "../delivery/telegram";
import { newWebhookSecret } from "../delivery/webhook";
import { encryptSecret } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { parseOrThrow } from "../identity/users";
import { checkSymbols, findWatchlist } from "../portfolio/watchlists";

export const MAX_RULES_PER_USER = 50;
export const MAX_ENDPOINTS_PER_USER = 10;

export interface StoredRule {
  id: string;
  userId: string;
  name: string;
  scope: RuleScope;
  kinds: RuleKind[];
  timing: RuleTiming;
  channels: RuleChannels;
  paused: boolean;
}

export function parseRuleRow(row: AlertRulesTable): StoredRule {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    scope: ruleScopeSchema.parse(JSON.parse(row.scope)),
    kinds: z.array(ruleKindSchema).parse(JSON.parse(row.kinds)),
    timing: ruleTimingSchema.parse(JSON.parse(row.timing)),
    channels: ruleChannelsSchema.parse(JSON.parse(row.channels)),
    paused: row.paused === 1,
  };
}

async function toRule(ctx: DeskContext, user: SessionUser, row: AlertRulesTable): Promise<AlertRule> {
  const rule = parseRuleRow(row);
  const watchlists: { id: string; name: string }[] = [];
  for (const id of rule.scope.watchlistIds) {
    const found = await findWatchlist({ ctx, user, id });
    if (found) watchlists.push({ id, name: found.name });
  }
  return { id: rule.id, name: rule.name, scope: rule.scope, watchlists, kinds: rule.kinds, timing: rule.timing, channels: rule.channels, paused: rule.paused, creditsPerDay: 0, createdAt: row.created_at, updatedAt: row.updated_at };
}

export async function listAlertRules({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<AlertRule[]> {
  const rows = await alertDb({ ctx }).selectFrom("alert_rules").selectAll().where("user_id", "=", user.id).orderBy("created_at").execute();
  return Promise.all(rows.map((r) => toRule(ctx, user, r)));
}

/** Checks a rule's scope and channels against what the user may use; symbols the service does not list are refused. */
async function checkRule(ctx: DeskContext, user: SessionUser, input: SaveAlertRuleInput) {
  const parsed = parseOrThrow(saveAlertRuleInputSchema, input);
  for (const id of parsed.scope.watchlistIds) {
    if (!(await findWatchlist({ ctx, user, id }))) throw new AlphaError("invalid_body", "'scope.watchlistIds' names a watchlist you cannot see", { details: { fields: { "scope.watchlistIds": ["not one of your watchlists or the team's"] } } });
  }
  if (parsed.scope.symbols.length) {
    const check = await checkSymbols({ ctx, user, symbols: parsed.scope.symbols });
    if (check.unknown.length) throw new AlphaError("invalid_body", `The service does not list ${check.unknown.join(", ")}`, { details: { fields: { "scope.symbols": [`not listed: ${check.unknown.join(", ")}`] } } });
  }
  if (parsed.channels.endpointIds.length) {
    const owned = await alertDb({ ctx }).selectFrom("alert_endpoints").select("id").where("user_id", "=", user.id).where("id", "in", parsed.channels.endpointIds).execute();
    if (owned.length !== new Set(parsed.channels.endpointIds).size) throw new AlphaError("invalid_body", "'channels.endpointIds' names an endpoint that is not yours", { details: { fields: { "channels.endpointIds": ["not one of your endpoints"] } } });
  }
  return parsed;
}

export async function createAlertRule({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: SaveAlertRuleInput }): Promise<AlertRule> {
  const rule = await checkRule(ctx, user, input);
  const db = alertDb({ ctx });
  const count = await db.selectFrom("alert_rules").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", user.id).executeTakeFirst();
  if (Number(count?.n ?? 0) >= MAX_RULES_PER_USER) throw new AlphaError("invalid_body", `At most ${MAX_RULES_PER_USER} rules each`);
  const now = ctx.now().toISOString();
  const row: AlertRulesTable = {
    id: newId("rule"),
    user_id: user.id,
    name: rule.name,
    scope: JSON.stringify(rule.scope),
    kinds: JSON.stringify(rule.kinds),
    timing: JSON.stringify(rule.timing),
    channels: JSON.stringify(rule.channels),
    paused: rule.paused ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto("alert_rules").values(row).execute();
  return toRule(ctx, user, row);
}

async function ownRule(ctx: DeskContext, user: SessionUser, id: string): Promise<AlertRulesTable> {
  const row = await alertDb({ ctx }).selectFrom("alert_rules").selectAll().where("id", "=", id).where("user_id", "=", user.id).executeTakeFirst();
  if (!row) throw new AlphaError("not_found", "No such alert rule");
  return row;
}

export async function updateAlertRule({ ctx, user, id, input }: { ctx: DeskContext; user: SessionUser; id: string; input: SaveAlertRuleInput }): Promise<AlertRule> {
  await ownRule(ctx, user, id);
  const rule = await checkRule(ctx, user, input);
  await alertDb({ ctx })
    .updateTable("alert_rules")
    .set({ name: rule.name, scope: JSON.stringify(rule.scope), kinds: JSON.stringify(rule.kinds), timing: JSON.stringify(rule.timing), channels: JSON.stringify(rule.channels), paused: rule.paused ? 1 : 0, updated_at: ctx.now().toISOString() })
    .where("id", "=", id)
    .execute();
  return toRule(ctx, user, await ownRule(ctx, user, id));
}

/** Deletes the rule; what it already delivered stays in the ledger, what waits for a digest is dropped. */
export async function deleteAlertRule({ ctx, user, id }: { ctx: DeskContext; user: SessionUser; id: string }): Promise<{ id: string; deleted: true }> {
  await ownRule(ctx, user, id);
  const db = alertDb({ ctx });
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("alert_deliveries").set({ status: "skipped", reason: "the rule was deleted" }).where("rule_id", "=", id).where("status", "=", "pending").execute();
    await trx.deleteFrom("alert_rules").where("id", "=", id).execute();
  });
  return { id, deleted: true };
}

function toEndpoint(row: AlertEndpointsTable): AlertEndpoint {
  return { id: row.id, channel: row.channel as AlertEndpoint["channel"], label: row.label, failingSince: row.failing_since, pausedAt: row.paused_at, createdAt: row.created_at };
}

export async function listAlertEndpoints({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<AlertEndpoint[]> {
  const rows = await alertDb({ ctx }).selectFrom("alert_endpoints").selectAll().where("user_id", "=", user.id).orderBy("created_at").execute();
  return rows.map(toEndpoint);
}

/** The sealed-secret's additional data: an endpoint's secret never opens as another's. */
export const endpointAad = (id: string) => `alert-endpoint:${id}`;

export async function createAlertEndpoint({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: CreateAlertEndpointInput }): Promise<AlertEndpoint & { secret: string | null }> {
  const parsed = parseOrThrow(createAlertEndpointInputSchema, input);
  const db = alertDb({ ctx });
  const count = await db.selectFrom("alert_endpoints").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", user.id).executeTakeFirst();
  if (Number(count?.n ?? 0) >= MAX_ENDPOINTS_PER_USER) throw new AlphaError("invalid_body", `At most ${MAX_ENDPOINTS_PER_USER} endpoints each`);
  const id = newId("aep");
  const field = (name: string, message: string) => new AlphaError("invalid_body", message, { details: { fields: { [name]: [message] } } });
  let target: string;
  let secret: string | null = null;
  let label: string;
  let shown: string | null = null;
  if (parsed.channel === "webhook") {
    try {
      target = checkWebhookUrl(parsed.url, { allowPrivate: ctx.config.delivery.allowPrivateWebhooks }).toString();
    } catch (error) {
      throw field("url", error instanceof Error ? error.message : "That URL cannot be used");
    }
    shown = newWebhookSecret();
    secret = shown;
    const url = new URL(target);
    label = `${url.host}${url.pathname === "/" ? "" : url.pathname}`.slice(0, 120);
  } else if (parsed.channel === "email") {
    if (!isEmailAddress(parsed.address)) throw field("address", "That is not an e-mail address");
    if (!ctx.config.delivery.smtpUrl) throw field("address", "E-mail is not set up on this desk: an operator sets DESK_SMTP_URL first");
    target = parsed.address.toLowerCase();
    label = target;
  } else if (parsed.channel === "push") {
    try {
      // The push service is the browser vendor's: a public address, checked like a webhook's.
      target = checkWebhookUrl(parsed.subscription.endpoint, { allowPrivate: ctx.config.delivery.allowPrivateWebhooks }).toString();
    } catch (error) {
      throw field("subscription.endpoint", error instanceof Error ? error.message : "That push address cannot be used");
    }
    const existing = await db.selectFrom("alert_endpoints").select("id").where("user_id", "=", user.id).where("channel", "=", "push").where("target", "=", target).executeTakeFirst();
    if (existing) throw field("subscription", "This browser already receives your alerts");
    secret = JSON.stringify(parsed.subscription.keys);
    label = `Notifications: ${parsed.label}`;
  } else {
    if (!isTelegramToken(parsed.token)) throw field("token", "That is not a Telegram bot token (digits, a colon, then 30 or more letters)");
    target = parsed.chatId;
    secret = parsed.token;
    label = `Telegram chat ${parsed.chatId}`;
  }
  const row: AlertEndpointsTable = {
    id,
    user_id: user.id,
    channel: parsed.channel,
    target,
    secret: secret === null ? null : encryptSecret(ctx.secrets.encryptionKey, secret, endpointAad(id)),
    label,
    failing_since: null,
    paused_at: null,
    created_at: ctx.now().toISOString(),
  };
  await db.insertInto("alert_endpoints").values(row).execute();
  return { ...toEndpoint(row), secret: shown };
}

export async function deleteAlertEndpoint({ ctx, user, id }: { ctx: DeskContext; user: SessionUser; id: string }): Promise<{ id: string; deleted: true }> {
  const db = alertDb({ ctx });
  const row = await db.selectFrom("alert_endpoints").select("id").where("id", "=", id).where("user_id", "=", user.id).executeTakeFirst();
  if (!row) throw new AlphaError("not_found", "No such endpoint");
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("alert_deliveries").set({ status: "skipped", reason: "the endpoint was removed" }).where("target", "=", id).where("status", "=", "pending").execute();
    await trx.deleteFrom("alert_endpoints").where("id", "=", id).execute();
  });
  return { id, deleted: true };
}

/** Resumes a paused endpoint: its failure clock starts again. */
export async function resumeAlertEndpoint({ ctx, user, id }: { ctx: DeskContext; user: SessionUser; id: string }): Promise<AlertEndpoint> {
  const db = alertDb({ ctx });
  await db.updateTable("alert_endpoints").set({ paused_at: null, failing_since: null }).where("id", "=", id).where("user_id", "=", user.id).execute();
  const row = await db.selectFrom("alert_endpoints").selectAll().where("id", "=", id).where("user_id", "=", user.id).executeTakeFirst();
  if (!row) throw new AlphaError("not_found", "No such endpoint");
  return toEndpoint(row);
}

/** The one-click unsubscribe token of a rule's e-mail endpoint: an HMAC, so nothing is stored and nothing guessed. */
export function unsubscribeToken({ ctx, ruleId, endpointId }: { ctx: Pick<DeskContext, "secrets">; ruleId: string; endpointId: string }): string {
  const mac = createHmac("sha256", ctx.secrets.authSecret).update(`unsubscribe:${ruleId}:${endpointId}`).digest("base64url").slice(0, 32);
  return `${ruleId}.${endpointId}.${mac}`;
}

/** The rule a genuine unsubscribe token names, and whether its e-mail endpoint is still on it; null for a forged one. */
export async function unsubscribeTarget({ ctx, token }: { ctx: DeskContext; token: string }): Promise<{ ruleName: string; subscribed: boolean } | null> {
  const found = await tokenRule(ctx, token);
  return found ? { ruleName: found.row.name, subscribed: found.channels.endpointIds.includes(found.endpointId) } : null;
}

async function tokenRule(ctx: DeskContext, token: string) {
  const [ruleId, endpointId] = token.split(".");
  if (!ruleId || !endpointId || unsubscribeToken({ ctx, ruleId, endpointId }) !== token) return null;
  const row = await alertDb({ ctx }).selectFrom("alert_rules").selectAll().where("id", "=", ruleId).executeTakeFirst();
  if (!row) return null;
  const channels = ruleChannelsSchema.safeParse(JSON.parse(row.channels));
  return channels.success ? { row, ruleId, endpointId, channels: channels.data } : null;
}

/** Takes the e-mail endpoint off the rule the token names (the one-click POST; no session needed). */
export async function unsubscribe({ ctx, token }: { ctx: DeskContext; token: string }): Promise<{ ruleName: string } | null> {
  const found = await tokenRule(ctx, token);
  if (!found) return null;
  const { row, ruleId, endpointId, channels } = found;
  const db = alertDb({ ctx });
  const endpointIds = channels.endpointIds.filter((e) => e !== endpointId);
  // A rule with no channel left stays, paused, so its owner sees what happened.
  const next = { inbox: channels.inbox, endpointIds };
  await db
    .updateTable("alert_rules")
    .set({ channels: JSON.stringify(next.inbox || endpointIds.length ? next : { inbox: true, endpointIds }), paused: next.inbox || endpointIds.length ? row.paused : 1, updated_at: ctx.now().toISOString() })
    .where("id", "=", ruleId)
    .execute();
  await db.updateTable("alert_deliveries").set({ status: "skipped", reason: "unsubscribed" }).where("rule_id", "=", ruleId).where("target", "=", endpointId).where("status", "=", "pending").execute();
  return { ruleName: row.name };
}
