import "server-only";
/** The audit log of every change to keys, roles and allowances: written in the changing transaction, read by admins. */
import { AlphaError } from "@/lib/alpha/errors";
import { toIstIso } from "@/lib/alpha/time";
import { istInstantsIn } from "@/lib/format/time";
import type { AuditAction, AuditEntry } from "@/lib/desk/teams";
import type { DeskContext } from "../core/context";
import type { DeskFile } from "../core/reply";
import { newSequentialId } from "../core/ids";
import type { SessionUser } from "../identity/users";
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
  const lines = [["time (IST)", "actor", "action", "target", "change"].join(",")];
  for (const e of entries) lines.push([toIstIso(new Date(e.at)), e.actor, e.action, e.target, istInstantsIn(e.change)].map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The whole log as a download. */
export async function exportAudit({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<DeskFile> {
  const body = await auditCsv({ ctx, user });
  return { filename: `desk-audit-${ctx.now().toISOString().slice(0, 10)}.csv`, contentType: "text/csv; charset=utf-8", body };
}
