import "server-only";
import { dehydrate, type DehydratedState } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { requestQueryClient } from "../http/prefetch";
import { watchlistsQueryOptions } from "@/lib/query/watchlists";
import type { DeskContext } from "../core/context";
import type { SessionUser } from "../identity/auth";
import { getAlphaKeyStatus } from "../identity/key-vault";
import { listWatchlists } from "../portfolio/watchlists";

/**
 * What the live feed pages (alerts, news, announcements) need before the browser takes over: whether the user has
 * a key (no key, no stream) and their watchlists (free, from the desk), so a `?watchlist=` filter is known at first
 * paint and the live stream opens for the right symbols without waiting for another request.
 */
export async function loadFeedPage({
  ctx,
  user,
  extra,
}: {
    ctx: DeskContext;
    user: SessionUser;
    extra?: (client: QueryClient) => Promise<void>;
  }): Promise<{ hasKey: boolean; state: DehydratedState }> {
  const client = requestQueryClient();
  const [status, watchlists] = await Promise.all([getAlphaKeyStatus({ ctx, userId: user.id }), listWatchlists({ ctx, user }).catch(() => null)]);
  if (watchlists) client.setQueryData(watchlistsQueryOptions().queryKey, watchlists);
  if (status.hasKey && extra) await extra(client);
  return { hasKey: status.hasKey, state: dehydrate(client) };
}
