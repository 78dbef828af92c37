import "server-only";
/** GET /api/season: parse the query, run the tracker, answer { data }. */
import { seasonQuerySchema } from "@/lib/desk/season";
import type { UserRouteArgs } from "../http/route";
import { trackSeason } from "../season/season-tracker";

export async function handleSeason({ ctx, user, searchParams }: UserRouteArgs) {
  const input = seasonQuerySchema.parse(Object.fromEntries(searchParams));
  return { data: await trackSeason({ ctx, user, input }) };
}
