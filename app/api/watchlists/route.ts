import { handleCreateWatchlist, handleListWatchlists } from "@/lib/server/handlers/watchlists";
import { withUser } from "@/lib/server/route";

export const GET = withUser(handleListWatchlists);
export const POST = withUser(handleCreateWatchlist);
