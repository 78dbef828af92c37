import { handleRemoveWatchlistItem, handleUpdateWatchlistItem } from "@/lib/server/handlers/watchlists";
import { withUser } from "@/lib/server/route";

export const PATCH = withUser(handleUpdateWatchlistItem);
export const DELETE = withUser(handleRemoveWatchlistItem);
