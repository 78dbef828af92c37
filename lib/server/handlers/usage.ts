import "server-only";
/**
 * Usage routes. GET /api/usage → { data: UsageView } (free upstream calls; the gauge polls it).
 * GET /api/usage/spend?range=24h|7d|30d&scope=me|all → { data: SpendSeries & { byUser?: UserSpend[] } };
 * scope=all is for admins (403 forbidden for members) and adds each user's spend.
 */
import { z } from "zod";
import { AlphaError, invalidParameter } from "@/lib/alpha/errors";
import type { UserRouteArgs } from "../route";
import { getSpendByUser, getSpendSeries, spendRangeSchema } from "../spend";
import { getUsageSnapshot } from "../usage";

const spendQuerySchema = z.object({ range: spendRangeSchema, scope: z.enum(["me", "all"]).default("me") });

export async function handleUsage({ ctx, user }: UserRouteArgs) {
  return { data: await getUsageSnapshot(user, ctx) };
}

export async function handleSpend({ ctx, user, searchParams }: UserRouteArgs) {
  const parsed = spendQuerySchema.safeParse(Object.fromEntries(searchParams));
  if (!parsed.success) throw invalidParameter(parsed.error);
  const { range, scope } = parsed.data;
  if (scope === "all") {
    if (user.role !== "admin") throw new AlphaError("forbidden", "Only admins can see everyone's spend");
    const [series, byUser] = await Promise.all([getSpendSeries({ all: true, range }, ctx), getSpendByUser(range, ctx)]);
    return { data: { ...series, scope, byUser } };
  }
  return { data: { ...(await getSpendSeries({ userId: user.id, range }, ctx)), scope } };
}
