import "server-only";
/** The audit log of every change to keys, roles and allowances: written in the changing transaction, read by admins. */
import { toCsv } from "@/lib/alpha/csv";
import { AlphaError } from "@/lib/alpha/errors";
import type { z } from "zod";
import type { AuditAction, AuditPage, AuditQuery } from "@/lib/desk/teams";
import { ACCESS_AUDIT_ACTIONS, auditQuerySchema } from "@/lib/desk/teams";
import { toIstIso } from "@/lib/alpha/time";
import { istInstantsIn } from "@/lib/format/time";
import type { DeskContext } from "../core/context";
import type { DeskFile } from "../core/reply";
import { newSequentialId } from "../core/ids";
import type { SessionUser } from "../identity/users";
import { parseOrThrow } from "../identity/users";
import type { TeamsDb } from "../core/teams-tables";
import { teamsDb } from "../core/teams-tables";

export function requireAdmin(user: SessionUser): void {
  if (user.role !== "admin") throw new AlphaError("forbidden", "Only admins can do this");
}

export async function writeAudit({
  ctx,
  db,
  user,
  input,
}: {
  ctx: DeskContext;
  db?: TeamsDb;
  user: Pick<SessionUser, "id" | "email">;
  input: { action: AuditAction; target: string; change: string };
}): Promise<void> {
  await (db ?? teamsDb({ ctx }))
    .insertInto("audit_log")
    .values({ id: newSequentialId("aud", ctx.now().getTime()), at: ctx.now().toISOString(), actor_id: user.id, actor: user.email, action: input.action, target: input.target, change: input.change })
    .execute();
}

type AuditFilter = Omit<z.output<typeof auditQuerySchema>, "limit" | "before">;

function filtered(ctx: DeskContext, filter: AuditFilter) {
  let query = teamsDb({ ctx }).selectFrom("audit_log").select(["id", "at", "actor", "action", "target", "change"]);
  if (filter.actor) query = query.where("actor", "=", filter.actor);
  if (filter.action === "access") query = query.where("action", "in", [...ACCESS_AUDIT_ACTIONS]);
  else if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.from) query = query.where("at", ">=", istDayStartIso(filter.from, 0));
  if (filter.to) query = query.where("at", "<", istDayStartIso(filter.to, 1));
  return query;
}

/** The UTC instant an IST calendar day (plus `days`) starts at, as the log's `at` is written. */
function istDayStartIso(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00+05:30`) + days * 86_400_000).toISOString();
}

/**
 * A page of the log, newest first, by keyset (ids grow with time): every entry is reachable however many came after
 * it, and the filters (actor, action or the access changes, IST days) narrow it.
 */
export async function listAudit({ ctx, user, input = {} }: { ctx: DeskContext; user: SessionUser; input?: AuditQuery }): Promise<AuditPage> {
  requireAdmin(user);
  const { before, limit, ...filter } = parseOrThrow(auditQuerySchema, input);
  let query = filtered(ctx, filter);
  if (before) query = query.where("id", "<", before);
  const rows = await query.orderBy("id", "desc").limit(limit + 1).execute();
  const entries = rows.slice(0, limit);
  return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1]!.id : null };
}

const CSV_PAGE = 1_000;

/** The whole log (or what the filters keep) as CSV, read and sent a page at a time: nothing is cut off. */
export function auditCsvStream({ ctx, user, input = {} }: { ctx: DeskContext; user: SessionUser; input?: AuditFilter }): ReadableStream<Uint8Array> {
  requireAdmin(user);
  const encoder = new TextEncoder();
  let before: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(toCsv(AUDIT_CSV_HEADER, [])));
      }
      let query = filtered(ctx, input);
      if (before) query = query.where("id", "<", before);
      const rows = await query.orderBy("id", "desc").limit(CSV_PAGE).execute();
      if (rows.length > 0) controller.enqueue(encoder.encode(toCsv(null, rows.map((e) => [toIstIso(new Date(e.at)), e.actor, e.action, e.target, istInstantsIn(e.change)]))));
      if (rows.length < CSV_PAGE) controller.close();
      else before = rows[rows.length - 1]!.id;
    },
  });
}

const AUDIT_CSV_HEADER = ["time (IST)", "actor", "action", "target", "change"];

export async function auditCsv({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<string> {
  return new Response(auditCsvStream({ ctx, user })).text();
}

/** The whole log as a download. */
export async function exportAudit({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<DeskFile> {
  const body = auditCsvStream({ ctx, user });
  return { filename: `desk-audit-${ctx.now().toISOString().slice(0, 10)}.csv`, contentType: "text/csv; charset=utf-8", body };
}
