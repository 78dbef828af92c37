import "server-only";
/**
 * The audit log of every change to keys, roles and allowances (interface):
 * - writeAudit({ ctx, db?, user, input: { action, target, change } }): one row, in the caller's transaction when given
 * - listAudit({ ctx, user, input: { limit? } }) → AuditEntry[] newest first; admins only
 * - auditCsv({ ctx, user }) → the whole log as CSV (RFC 4180 quoting; a leading = + - @ is defused for spreadsheets)
 */
import { AlphaError } from "@/lib/alpha/errors";
import type { AuditAction, AuditEntry } from "@/lib/desk/teams";
import type { DeskContext } from "../core/context";
import { newSequentialId } from "../core/ids";
import type { SessionUser } from "../identity/users";
import type { TeamsDb } from "./tables";
import { teamsDb } from "./tables";

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

export async function listAudit({ ctx, user, input = {} }: { ctx: DeskContext; user: SessionUser; input?: { limit?: number } }): Promise<AuditEntry[]> {
  requireAdmin(user);
  const rows = await teamsDb({ ctx })
    .selectFrom("audit_log")
    .select(["id", "at", "actor", "action", "target", "change"])
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(Math.min(Math.max(input.limit ?? 200, 1), 5_000))
    .execute();
  return rows;
}

function csvCell(value: string): string {
  // A cell a spreadsheet would run as a formula is prefixed with a quote mark.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export async function auditCsv({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<string> {
  const entries = await listAudit({ ctx, user, input: { limit: 5_000 } });
  const lines = [["time", "actor", "action", "target", "change"].join(",")];
  for (const e of entries) lines.push([e.at, e.actor, e.action, e.target, e.change].map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
