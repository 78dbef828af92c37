import "server-only";
/**
 * The admin's view of the team: each member's key, seat and today's spend against their allowance, the account's spend
 * outside the desk (the ledger, reconciled as on the usage page) and its daily limit.
 */
import { sql } from "kysely";
import { isAlphaError } from "@/lib/alpha/errors";
import type { TeamView } from "@/lib/desk/teams";
import type { DeskContext } from "../core/context";
import { toNumber } from "../core/db";
import { reconcileToday } from "./spend-view";
import type { SessionUser } from "../identity/users";
import { listUsers } from "../identity/users";
import { istHourOf } from "../records/spend";
import { getUsageSnapshot } from "./usage";
import { requireAdmin } from "../teams/audit";
import { allowanceDay, countedToday, toSeat } from "../teams/seats";
import { ORG_KEY_ID, teamsDb } from "../core/teams-tables";

/** No user has this id: withUserKey gives it the organisation's key (free account reads only: ledger, usage). */
const ORG_ACCOUNT_READER = "org-account-reader";

/** The share of the account's daily limit at which admins get a notice. */
export const DAILY_LIMIT_NOTICE_SHARE = 0.8;

export async function getTeamView({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<TeamView> {
  requireAdmin(user);
  const db = teamsDb({ ctx });
  const todayHour = Math.floor(istHourOf(ctx.now()) / 24) * 24;
  const [users, seats, spend, counted, personal, org] = await Promise.all([
    listUsers({ ctx, user }),
    db.selectFrom("seats").selectAll().execute(),
    db
      .selectFrom("spend_log")
      .select(["user_id", "endpoint", (eb) => eb.fn.sum<number>("credits").as("credits")])
      .where("ist_hour", ">=", todayHour)
      .where("source", "in", ["desk", "batch_line"])
      .groupBy(["user_id", "endpoint"])
      .execute(),
    countedToday({ ctx }),
    db.selectFrom("alpha_keys").select("user_id").execute(),
    db.selectFrom("org_key").select(sql<number>`1`.as("one")).where("id", "=", ORG_KEY_ID).executeTakeFirst(),
  ]);
  const seatOf = new Map(seats.map((s) => [s.user_id, toSeat(s)]));
  const withKey = new Set(personal.map((p) => p.user_id));
  const members = users.map((u) => {
    const byEndpoint: Record<string, number> = {};
    let spentToday = 0;
    for (const row of spend) {
      if (row.user_id !== u.id) continue;
      const credits = toNumber(row.credits);
      if (credits === 0) continue;
      byEndpoint[row.endpoint] = (byEndpoint[row.endpoint] ?? 0) + credits;
      spentToday += credits;
    }
    return {
      userId: u.id,
      email: u.email,
      name: u.name,
      role: u.role,
      disabled: u.disabled,
      keySource: withKey.has(u.id) ? ("personal" as const) : org ? ("organisation" as const) : null,
      seat: seatOf.get(u.id) ?? toSeat(undefined),
      spentToday,
      countedToday: counted.get(u.id) ?? 0,
      byEndpoint,
    };
  });
  let outside: number | null = null;
  let ledgerError: string | null = null;
  let dailyLimit: TeamView["dailyLimit"] = null;
  // The organisation key's account, when there is one: read as a user without a key of their own would (the admin may
  // hold a personal key of another account).
  const accountUser: SessionUser = org ? { id: ORG_ACCOUNT_READER, email: user.email, name: user.name, role: "admin" } : user;
  try {
    const today = await reconcileToday({ ctx, user: accountUser });
    outside = today.outside;
    const { projection } = await getUsageSnapshot({ ctx, user: accountUser });
    if (projection.dailyLimit > 0) {
      dailyLimit = { basis: projection.basis, used: projection.usedToday, limit: projection.dailyLimit, share: projection.usedToday / projection.dailyLimit };
    }
  } catch (error) {
    ledgerError = isAlphaError(error) ? error.message : "The service's ledger could not be read now.";
  }
  return { day: allowanceDay({ ctx }), members, outside, dailyLimit, ledgerError };
}
