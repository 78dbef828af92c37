import "server-only";
/**
 * The confirmation threshold: each user's own (users.confirm_threshold), else the team default an admin sets (kept in
 * desk_meta), else the desk's built-in default. The desk layout reads it so every paid button hydrates with it.
 */
import { DEFAULT_SPEND_CONFIRM_THRESHOLD, type SpendThresholdView } from "@/lib/desk/users";
import type { DeskContext } from "../core/context";
import { requireAdmin, writeAudit } from "./audit";
import type { SessionUser } from "../identity/users";

const TEAM_DEFAULT_KEY = "confirm_threshold_default";

function wholeOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

async function readTeamDefault(ctx: DeskContext): Promise<number> {
  const row = await ctx.db.selectFrom("desk_meta").select("value").where("key", "=", TEAM_DEFAULT_KEY).executeTakeFirst();
  return wholeOrNull(row?.value) ?? DEFAULT_SPEND_CONFIRM_THRESHOLD;
}

export async function getSpendThreshold({ ctx, user }: { ctx: DeskContext; user: Pick<SessionUser, "id"> }): Promise<SpendThresholdView> {
  const [row, teamDefault] = await Promise.all([
    ctx.db.selectFrom("users").select("confirm_threshold").where("id", "=", user.id).executeTakeFirst(),
    readTeamDefault(ctx),
  ]);
  const own = wholeOrNull(row?.confirm_threshold);
  return { own, teamDefault, effective: own ?? teamDefault };
}

export async function putSpendThreshold({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { threshold: number | null } }): Promise<SpendThresholdView> {
  await ctx.db.updateTable("users").set({ confirm_threshold: input.threshold, updated_at: ctx.now().toISOString() }).where("id", "=", user.id).execute();
  return getSpendThreshold({ ctx, user });
}

export async function putTeamSpendThreshold({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { threshold: number } }): Promise<SpendThresholdView> {
  requireAdmin(user);
  const before = await readTeamDefault(ctx);
  const value = String(input.threshold);
  await ctx.db.insertInto("desk_meta").values({ key: TEAM_DEFAULT_KEY, value }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
  if (before !== input.threshold) {
    await writeAudit({ ctx, user, input: { action: "team.spend_threshold", target: "team", change: `confirmation threshold ${before} → ${input.threshold} credits` } });
  }
  return getSpendThreshold({ ctx, user });
}
