import "server-only";
/** Row types of alert rules and their delivery (migration 2026_11_28_i43b_alerts); `alertDb({ ctx })` types them. */
import type { Kysely } from "kysely";
import type { DeskContext } from "./context";
import type { DeskDatabase } from "./db";
import type { InboxTables } from "./inbox-tables";
import type { PortfolioTables } from "./portfolio-tables";
import type { TeamsTables } from "./teams-tables";

/** A rule: scope × event kinds × timing × channels, each part JSON checked with its schema (lib/desk/alert-rules.ts). */
export interface AlertRulesTable {
  id: string;
  user_id: string;
  name: string;
  /** { watchlistIds, symbols } */
  scope: string;
  /** RuleKind[] */
  kinds: string;
  /** RuleTiming */
  timing: string;
  /** { inbox, endpointIds } */
  channels: string;
  paused: number;
  created_at: string;
  updated_at: string;
}

/** Where a user's alerts go outside the desk: a webhook URL, an e-mail address or a Telegram chat. */
export interface AlertEndpointsTable {
  id: string;
  user_id: string;
  channel: string;
  /** The URL, the address, or the chat id. */
  target: string;
  /** The webhook secret or the Telegram token, sealed with the vault key; null for e-mail. */
  secret: string | null;
  label: string;
  /** Since when every attempt failed (null: the last one went through). */
  failing_since: string | null;
  /** Paused after a day of failures (or by its owner); nothing is sent while set. */
  paused_at: string | null;
  created_at: string;
}

/**
 * One event for one rule on one channel: unique (rule_id, target, event_key), so any number of instances seeing the
 * same event store one row. Claimed (status sending, claimed_until) in the transaction that writes its ledger row.
 */
export interface AlertDeliveriesTable {
  id: string;
  rule_id: string;
  user_id: string;
  /** "inbox", or an endpoint id. */
  target: string;
  channel: string;
  event_key: string;
  symbol: string;
  /** The event as the message shows it (JSON). */
  event: string;
  /** pending → sending → delivered | failed; or skipped (with a reason). */
  status: string;
  reason: string | null;
  due_at: string;
  /** digest (batched with the rule's other rows due at the same instant) or instant. */
  batch: string;
  attempts: number;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** The delivery ledger: one row per send attempt. */
export interface AlertAttemptsTable {
  id: string;
  delivery_id: string;
  rule_id: string;
  user_id: string;
  channel: string;
  target: string;
  event_key: string;
  attempt: number;
  /** sending → delivered | failed | interrupted (the instance died mid-send). */
  status: string;
  http_status: number | null;
  latency_ms: number | null;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

/** Per account and stream: the stream was followed (connected) until `seen_until`. */
export interface AlertWatermarksTable {
  channel: string;
  seen_until: string;
}

export type AlertTables = {
  alert_watermarks: AlertWatermarksTable;
  alert_rules: AlertRulesTable;
  alert_endpoints: AlertEndpointsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_attempts: AlertAttemptsTable;
};

export type AlertDb = Kysely<DeskDatabase & PortfolioTables & TeamsTables & InboxTables & AlertTables>;

export function alertDb({ ctx }: { ctx: Pick<DeskContext, "db"> }): AlertDb {
  return ctx.db.withTables<PortfolioTables & TeamsTables & InboxTables & AlertTables>();
}

/**
 * The same connection typed as the core database, for verbs that take a DeskContext-like `{ db }` (postInboxItem in
 * an alert's transaction). Sound: the wider type only adds tables; every table of DeskDatabase is the same.
 */
export function asDeskDb(db: AlertDb): DeskContext["db"] {
  return db as unknown as DeskContext["db"];
}
